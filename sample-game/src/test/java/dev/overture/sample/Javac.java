package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.ToolProvider;

/**
 * Compiles Java sources in a test, with javac's defaults (string concatenation through {@code
 * invokedynamic}, unlike this project's own modules), for the build steps that rewrite class files.
 */
final class Javac {

  private Javac() {}

  /**
   * Compiles {@code sources} (path under the source root to text) for Java 17 under {@code dir};
   * returns each class file by its entry name ({@code a/b/C.class}), in name order.
   */
  static Map<String, byte[]> compile(Path dir, Map<String, String> sources) throws Exception {
    Path classes = dir.resolve("classes");
    List<String> arguments = new ArrayList<>(List.of("--release", "17", "-d", classes.toString()));
    for (Map.Entry<String, String> source : sources.entrySet()) {
      Path file = dir.resolve("src").resolve(source.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, source.getValue());
      arguments.add(file.toString());
    }
    assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, arguments.toArray(String[]::new)), "the sources compile");
    Map<String, byte[]> compiled = new LinkedHashMap<>();
    try (var files = Files.walk(classes)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        compiled.put(classes.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
      }
    }
    return compiled;
  }
}
