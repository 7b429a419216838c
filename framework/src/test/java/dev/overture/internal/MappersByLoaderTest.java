package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Which mapper a value gets: the shared one only when neither the value nor anything the JDK's
 * containers in it hold is of another loader's class (a plugin's), since the shared mapper caches
 * every class it serializes for the life of the process.
 */
class MappersByLoaderTest {

  /** A class to load a second time, in a loader of its own, as a plugin's class would be. */
  public record Spark(int size) {}

  private final MappersByLoader mappers = new MappersByLoader(() -> JsonMapper.builder().build());

  private static Object foreignSpark() throws Exception {
    URL classes = Path.of(Spark.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toUri().toURL();
    ClassLoader plugin = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader());
    Class<?> type = plugin.loadClass(Spark.class.getName());
    return type.getDeclaredConstructor(int.class).newInstance(1);
  }

  @Test
  void aPluginsObjectInsideTheJdksContainers_getsItsClasssMapper_notTheSharedOne() throws Exception {
    Object spark = foreignSpark();
    JsonMapper own = mappers.forValue(spark, Object.class);
    assertNotSame(mappers.shared(), own);

    assertSame(own, mappers.forValue(List.of(spark), List.class));
    assertSame(own, mappers.forValue(List.of(List.of(1, spark)), Object.class));
    assertSame(own, mappers.forValue(Map.of("key", spark), Map.class));
    assertSame(own, mappers.forValue(Map.of(spark, 1), Map.class));
    assertSame(own, mappers.forValue(new Object[] {"a", spark}, Object[].class));
    assertSame(own, mappers.forValue(Optional.of(spark), Optional.class));
  }

  @Test
  void theFrameworksAndTheJdksValues_shareOneMapper_aPathIncluded() {
    assertSame(mappers.shared(), mappers.forValue(List.of(1, "two", Map.of("three", List.of(3.0))), Object.class));
    assertSame(mappers.shared(), mappers.forValue(Path.of("a", "b", "c"), Object.class));
    assertSame(mappers.shared(), mappers.forValue(new Spark(1), Spark.class));
  }
}
