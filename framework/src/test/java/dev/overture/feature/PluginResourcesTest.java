package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.testing.PluginJar;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar plugin's resources (its sounds, its text files), as its code reads them through its class
 * loader: its own first, a dependency's along the declared dependency only, and every copy of a
 * shared name listed, its own before its dependencies'; like its classes, never another plugin's
 * without a dependency.
 */
class PluginResourcesTest {

  @TempDir Path temp;

  /** A plugin whose entry point reports what its class loader finds. */
  private static String probe(String pkg) {
    return """
        package %s;

        import dev.overture.feature.OverturePlugin;
        import dev.overture.feature.PluginRegistration;
        import java.io.IOException;
        import java.io.InputStream;
        import java.net.URL;
        import java.nio.charset.StandardCharsets;
        import java.util.ArrayList;
        import java.util.Collections;
        import java.util.List;
        import java.util.function.Supplier;

        public final class Probe implements OverturePlugin {
          @Override
          public void register(PluginRegistration plugin) {
            ClassLoader loader = Probe.class.getClassLoader();
            List<String> seen = new ArrayList<>();
            try {
              for (String name : List.of("sounds/base.txt", "sounds/top.txt", "sounds/side.txt")) {
                seen.add(name.substring(7, name.length() - 4) + "=" + (loader.getResource(name) != null));
              }
              seen.add("common=" + read(loader.getResource("sounds/common.txt")));
              List<String> all = new ArrayList<>();
              for (URL url : Collections.list(loader.getResources("sounds/common.txt"))) {
                all.add(read(url));
              }
              seen.add("all=" + all);
              try (InputStream in = loader.getResourceAsStream("sounds/missing.txt")) {
                seen.add("missing=" + (in != null));
              }
            } catch (IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
            String said = plugin.plugin() + ": " + String.join(" ", seen);
            plugin.extension(Supplier.class, (Supplier<String>) () -> said);
          }

          private static String read(URL url) throws IOException {
            try (InputStream in = url.openStream()) {
              return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
          }
        }
        """.formatted(pkg);
  }

  @Test
  void aPluginReadsItsOwnResources_andItsDependenciesButNoOneElses() {
    Path plugins = JarPluginGame.plugins(temp);
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Base\", \"version\": \"1.0.0\", \"entryPoint\": \"base.Probe\" }")
        .file("sounds/base.txt", "base")
        .file("sounds/common.txt", "common of Base")
        .java("base.Probe", probe("base"))
        .writeTo(plugins.resolve("base.jar"));
    PluginJar.of()
        .file("plugin.json", """
            { "name": "Top", "version": "1.0.0", "entryPoint": "top.Probe", "dependencies": [ { "name": "Base" } ] }
            """)
        .file("sounds/top.txt", "top")
        .file("sounds/common.txt", "common of Top")
        .java("top.Probe", probe("top"))
        .writeTo(plugins.resolve("top.jar"));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Side\", \"version\": \"1.0.0\", \"entryPoint\": \"side.Probe\" }")
        .file("sounds/side.txt", "side")
        .file("sounds/common.txt", "common of Side")
        .java("side.Probe", probe("side"))
        .writeTo(plugins.resolve("side.jar"));
    try (JarPluginGame game = JarPluginGame.open(temp)) {
      assertEquals(List.of(
          "Base: base=true top=false side=false common=common of Base all=[common of Base] missing=false",
          "Side: base=false top=false side=true common=common of Side all=[common of Side] missing=false",
          "Top: base=true top=true side=false common=common of Top all=[common of Top, common of Base] missing=false"),
          game.features().extensions(Supplier.class).stream().map(s -> (String) s.get()).sorted().toList());
    }
  }
}
