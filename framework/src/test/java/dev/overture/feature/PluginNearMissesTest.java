package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.PluginJar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review D3: a plugin folder or jar the discovery rules do not match was skipped without a word, so
 * its experiences were simply unknown and validate called the content valid. Each such near miss is
 * now an {@code Overture/NotAPlugin} warning naming it and what a plugin needs; what is plainly no
 * plugin (hidden files, a README, a folder of notes, a disabled jar) is left alone.
 */
class PluginNearMissesTest {

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();

  private List<String> warnings(Path game, Path jars) {
    try (AssetManager assets = BuiltIns.register(AssetManager.builder())
            .contentRoot(AssetSource.directory(game)).executor(workers).build()) {
      GameFeatures.Builder builder = GameFeatures.builder(assets).executor(serial);
      if (jars != null) {
        builder.pluginJars(jars);
      }
      try (GameFeatures features = builder.build()) {
        while (serial.runAll() + workers.runAll() > 0) {
          // until the plugins reached their initial states
        }
        features.ready().join(); // warnings alone never fail ready()
        return features.discoveryProblems().stream().map(problem -> {
          assertEquals(false, problem.isError(), problem.toString());
          return problem.toString();
        }).toList();
      }
    }
  }

  @Test
  void aContentFolderWithoutPluginJsonAtItsTop_isAWarning_sayingWhatItLacks() {
    Path game = Content.of()
        .file("plugins/Good/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Foo/experiences/FooExp.json", "{}")
        .file("plugins/Misspelt/Plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Unzipped/Unzipped/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Unzipped/Unzipped/maps/Pit.json", "{}")
        .file("plugins/README.md", "Plugins of the game")
        .file("plugins/.DS_Store", "")
        .file("plugins/.git/config", "")
        .file("plugins/Stray.jar", "not read")
        .writeTo(temp.resolve("game"));
    String plugins = game.resolve("plugins").toString().replace('\\', '/');

    assertEquals(List.of(
        "[Overture/NotAPlugin] warning: The file " + plugins + "/Stray.jar is not loaded: the content's plugins folder holds"
            + " plugin folders, each with a plugin.json at its top; a plugin jar goes in the plugins folder of jars at "
            + plugins + "/Stray.jar",
        "[Overture/NotAPlugin] warning: Folder " + plugins + "/Foo holds no plugin.json at its top, so it is not a plugin and"
            + " its content (1 file) is not loaded: a plugin folder needs a plugin.json at its top, beside its content"
            + " folders, such as { \"name\": \"Foo\", \"version\": \"1.0.0\" } at " + plugins + "/Foo",
        "[Overture/NotAPlugin] warning: Folder " + plugins + "/Misspelt holds no plugin.json at its top, so it is not a plugin"
            + " and its content (1 file) is not loaded: its descriptor is named Plugin.json; rename it to plugin.json, in lower"
            + " case at " + plugins + "/Misspelt",
        "[Overture/NotAPlugin] warning: Folder " + plugins + "/Unzipped holds no plugin.json at its top, so it is not a plugin"
            + " and its content (2 files) is not loaded: its plugin.json is in Unzipped/Unzipped/, too deep (unzipping often"
            + " adds such a folder); move what Unzipped/Unzipped holds up into Unzipped at " + plugins + "/Unzipped"),
        warnings(game, null));
  }

  @Test
  void inThePluginsFolder_aJarInCapitals_aZip_andAnUnpackedPlugin_areWarnings_andNotesAreLeftAlone() throws Exception {
    Path game = Content.of().file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\" }").writeTo(temp.resolve("game"));
    Path jars = temp.resolve("jars");
    PluginJar relics = PluginJar.of().file("plugin.json", "{ \"name\": \"Relics\", \"version\": \"1.0.0\" }");
    relics.writeTo(jars.resolve("relics.jar"));
    relics.writeTo(jars.resolve("RELICS.JAR"));
    relics.writeTo(jars.resolve("other.zip"));
    relics.writeTo(jars.resolve("kept.jar.disabled"));
    Files.createDirectories(jars.resolve("Unpacked"));
    Files.writeString(jars.resolve("Unpacked/plugin.json"), "{ \"name\": \"Unpacked\" }");
    Files.createDirectories(jars.resolve("Nested/Nested"));
    Files.writeString(jars.resolve("Nested/Nested/Plugin.json"), "{}");
    Files.createDirectories(jars.resolve("notes"));
    Files.writeString(jars.resolve("notes/todo.txt"), "");
    Files.writeString(jars.resolve("README.md"), "");
    Files.writeString(jars.resolve(".DS_Store"), "");

    assertEquals(List.of(
        "[Overture/NotAPlugin] warning: Folder " + jars.resolve("Nested") + " holds a plugin.json but is not loaded: the plugins"
            + " folder loads only *.jar files, not unpacked plugins; pack it as a jar with its plugin.json at the top (jar cf "
            + jars.resolve("Nested.jar") + " -C " + jars.resolve("Nested") + " .), or put the jar it came from here instead at "
            + jars.resolve("Nested"),
        "[Overture/NotAPlugin] warning: The file " + jars.resolve("RELICS.JAR") + " is not loaded: only names ending in .jar, in"
            + " lower case, are plugin jars; rename it to RELICS.jar at " + jars.resolve("RELICS.JAR"),
        "[Overture/NotAPlugin] warning: Folder " + jars.resolve("Unpacked") + " holds a plugin.json but is not loaded: the"
            + " plugins folder loads only *.jar files, not unpacked plugins; pack it as a jar with its plugin.json at the top"
            + " (jar cf " + jars.resolve("Unpacked.jar") + " -C " + jars.resolve("Unpacked") + " .), or put the jar it came"
            + " from here instead at " + jars.resolve("Unpacked"),
        "[Overture/NotAPlugin] warning: The file " + jars.resolve("other.zip") + " is not loaded: only *.jar files are plugin"
            + " jars; if it is one, rename it to other.jar, and if it holds one, unpack that jar here at "
            + jars.resolve("other.zip")),
        warnings(game, jars));
  }

  @Test
  void aProblemOfDiscovery_staysAnError_andReadyFailsOnlyWithErrors() {
    Path game = Content.of()
        .file("plugins/Bad Name/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Foo/experiences/FooExp.json", "{}")
        .writeTo(temp.resolve("game"));
    try (AssetManager assets = BuiltIns.register(AssetManager.builder())
            .contentRoot(AssetSource.directory(game)).executor(workers).build();
        GameFeatures features = GameFeatures.builder(assets).executor(serial).build()) {
      serial.runAll();

      List<Problem> problems = features.discoveryProblems();
      assertEquals(List.of("Overture/InvalidPluginName", "Overture/NotAPlugin"), problems.stream().map(Problem::id).toList());
      dev.overture.core.ProblemException failure = (dev.overture.core.ProblemException)
          org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.CompletionException.class, features.ready()::join)
              .getCause();
      assertEquals(List.of("Overture/InvalidPluginName"), failure.problems().stream().map(Problem::id).toList());
    }
  }
}
