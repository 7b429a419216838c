package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.asset.ContentRoot;
import dev.overture.core.Problem;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.core.SourceLocation;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.PluginJar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Entry points that fail in the ways a plugin's bugs do (issue 16, found by the audit): an Error
 * (a stack overflow, an assertion) left the plugins' thread stuck, so {@code ready()} and the tool
 * waited forever; an exception wrapping another showed the inner one's class name. Each is now the
 * plugin's {@code Error} with a problem in words, and the plugins after it still come up.
 */
class EntryPointFailuresTest {

  @TempDir Path temp;

  private static String entryPoint(String pkg, String body) {
    return "package " + pkg + ";\n\npublic final class Plugin implements dev.overture.feature.OverturePlugin {\n"
        + "  @Override\n  public void register(dev.overture.feature.PluginRegistration plugin) {\n    " + body + "\n  }\n"
        + "  static int deeper(int n) { return deeper(n + 1) + 1; }\n}\n";
  }

  private void jar(String name, String pkg, String body) {
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"" + name + "\", \"version\": \"1.0.0\", \"entryPoint\": \"" + pkg + ".Plugin\" }")
        .java(pkg + ".Plugin", entryPoint(pkg, body))
        .writeTo(JarPluginGame.plugins(temp).resolve(pkg + ".jar"));
  }

  @Test
  void anEntryPointThatThrowsAnErrorOrWrapsAnException_isInErrorInWords_andThePluginsAfterItRegister() {
    jar("Recursive", "recursive", "deeper(0);");
    jar("Asserting", "asserting", "throw new AssertionError(\"the lamp must be lit\");");
    jar("Wrapping", "wrapping", "throw new RuntimeException(new java.io.UncheckedIOException(new java.io.IOException(\"disk gone\")));");
    jar("Quoting", "quoting", "throw new IllegalStateException(\"could not start: \" + new java.io.IOException(\"disk gone\"));");
    jar("Plain", "plain", "throw new Error(\"the plugin gave up\");");
    jar("Hungry", "hungry", "throw new OutOfMemoryError(\"Java heap space\");");
    jar("Zhealthy", "zhealthy", "");
    try (JarPluginGame game = JarPluginGame.open(temp)) {
      tellsEachFailureInWords(game);
    }
  }

  private static void tellsEachFailureInWords(JarPluginGame game) {
    GameFeatures features = game.features();

    CompletableFuture<Void> ready = features.ready();
    assertTrue(ready.isDone(), "ready() completes; it does not wait for a thread that died");
    assertThrows(CompletionException.class, ready::join);
    Map<String, String> expected = Map.of(
        "Recursive", "The entry point \"recursive.Plugin\" of plugin Recursive failed while registering: it overflowed the stack"
            + " (a call that never ends calling itself?); thrown at recursive.Plugin.deeper(Plugin.java:8)",
        "Asserting", "The entry point \"asserting.Plugin\" of plugin Asserting failed while registering: the lamp must be lit;"
            + " thrown at asserting.Plugin.register(Plugin.java:6)",
        "Wrapping", "The entry point \"wrapping.Plugin\" of plugin Wrapping failed while registering: disk gone; thrown at"
            + " wrapping.Plugin.register(Plugin.java:6)",
        "Quoting", "The entry point \"quoting.Plugin\" of plugin Quoting failed while registering: could not start: disk gone;"
            + " thrown at quoting.Plugin.register(Plugin.java:6)",
        // Errors other than those above left the plugin Registering, without a word, and validate passed.
        "Plain", "The entry point \"plain.Plugin\" of plugin Plain failed while registering: the plugin gave up; thrown at"
            + " plain.Plugin.register(Plugin.java:6)",
        "Hungry", "The entry point \"hungry.Plugin\" of plugin Hungry failed while registering: it ran out of memory (Java heap space);"
            + " thrown at hungry.Plugin.register(Plugin.java:6)");
    expected.forEach((name, message) -> {
      PluginId id = PluginId.of(name);
      assertEquals(PluginState.ERROR, features.state(id), name);
      Problem problem = features.failure(id).orElseThrow().problems().get(0);
      assertEquals("Overture/EntryPointFailed", problem.id());
      assertEquals(message, problem.message());
      assertFalse(JarPluginsTest.JAVA_NAMES.matcher(problem.message()).find(), problem.message());
      assertEquals("/entryPoint", problem.location().orElseThrow().pointer());

      CompletableFuture<Void> request = features.loadAndActivate(id);
      game.pump();
      PluginException again = assertInstanceOf(PluginException.class, assertThrows(CompletionException.class, request::join).getCause());
      assertEquals(problem, again.problems().get(0), "a later request fails with the same problem");
    });
    assertEquals(PluginState.REGISTERED, features.state(PluginId.of("Zhealthy")), "the plugins' thread goes on after an Error");
  }

  /**
   * A static initializer that threw was said by its exception's words alone, the entry point's own
   * or a class its register used, and the second use of that class too ("Could not initialize").
   */
  @Test
  void aStaticInitializerThatThrows_isNamedWithItsClass_atFirstAndSecondUse() {
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Counted\", \"version\": \"1.0.0\", \"entryPoint\": \"counted.Plugin\" }")
        .java("counted.Plugin", """
            package counted;

            public final class Plugin implements dev.overture.feature.OverturePlugin {
              static final int LAMPS = Integer.parseInt("ten");

              @Override
              public void register(dev.overture.feature.PluginRegistration plugin) {}
            }
            """)
        .writeTo(JarPluginGame.plugins(temp).resolve("counted.jar"));
    limited("Limited", "limited", "Limits.use();");
    limited("Relimited", "relimited", "try { Limits.use(); } catch (ExceptionInInitializerError first) { } Limits.use();");
    try (JarPluginGame game = JarPluginGame.open(temp)) {
      assertEquals("The entry point \"counted.Plugin\" of plugin Counted failed while registering: the static initializer of class"
          + " counted.Plugin threw: For input string: \"ten\"; thrown at counted.Plugin.<clinit>(Plugin.java:4)",
          game.features().failure(PluginId.of("Counted")).orElseThrow().problems().get(0).message());
      assertEquals("The entry point \"limited.Plugin\" of plugin Limited failed while registering: the static initializer of class"
          + " limited.Limits threw: For input string: \"many\"; thrown at limited.Limits.<clinit>(Limits.java:4)",
          game.features().failure(PluginId.of("Limited")).orElseThrow().problems().get(0).message());
      assertEquals("The entry point \"relimited.Plugin\" of plugin Relimited failed while registering: the class relimited.Limits"
          + " cannot be used: its static initializer threw when it was first used; thrown at relimited.Plugin.register(Plugin.java:6)",
          game.features().failure(PluginId.of("Relimited")).orElseThrow().problems().get(0).message());
    }
  }

  /** A jar whose entry point runs {@code body}, beside a class {@code Limits} whose static initializer throws. */
  private void limited(String name, String pkg, String body) {
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"" + name + "\", \"version\": \"1.0.0\", \"entryPoint\": \"" + pkg + ".Plugin\" }")
        .java(pkg + ".Plugin", entryPoint(pkg, body))
        .java(pkg + ".Limits", "package " + pkg + ";\n\nfinal class Limits {\n  static final int MOST = Integer.parseInt(\"many\");\n\n"
            + "  static void use() {}\n}\n")
        .writeTo(JarPluginGame.plugins(temp).resolve(pkg + ".jar"));
  }

  @Test
  void anActionWhoseRegisteringThrowsAnError_leavesThePluginInError_withItsContentGone() {
    PluginJar.of()
        .file("plugin.json", """
            { "name": "Grumpy", "version": "1.0.0", "entryPoint": "grumpy.Plugin", "actions": [ { "action": "Grumpy" } ] }
            """)
        .file("experiences/Sulk.json", "{ }")
        .java("grumpy.Plugin", """
            package grumpy;

            public final class Plugin implements dev.overture.feature.OverturePlugin {
              @Override
              public void register(dev.overture.feature.PluginRegistration plugin) {
                plugin.kind(dev.overture.feature.GameFeatureAction.class, "Grumpy", Grumpy.class);
              }
            }
            """)
        .java("grumpy.Grumpy", """
            package grumpy;

            public record Grumpy() implements dev.overture.feature.GameFeatureAction {
              @Override
              public void onRegistering() {
                throw new AssertionError("not today");
              }
            }
            """)
        .writeTo(JarPluginGame.plugins(temp).resolve("grumpy.jar"));
    try (JarPluginGame game = JarPluginGame.open(temp)) {
      GameFeatures features = game.features();
      PluginId id = PluginId.of("Grumpy");

      assertEquals(PluginState.ERROR, features.state(id));
      Problem problem = features.failure(id).orElseThrow().problems().get(0);
      assertEquals("Overture/ActionFailed", problem.id());
      assertEquals("An action of plugin Grumpy failed to register: not today; thrown at grumpy.Grumpy.onRegistering(Grumpy.java:6)",
          problem.message());
      assertTrue(game.overture().assets().index().find(dev.overture.asset.PrimaryAssetId.parse("Experience:Sulk")).isEmpty(),
          "the failed plugin's content left the index with it");

      // Asked again, it fails the same way: before, the first attempt's registrations were left behind.
      CompletableFuture<Void> again = features.register(id);
      game.pump();
      PluginException failure = assertInstanceOf(PluginException.class, assertThrows(CompletionException.class, again::join).getCause());
      assertEquals(problem, failure.problems().get(0));
    }
  }

  @Test
  void aJarPluginNamedLikeTheGamesOwnContentRoot_isRefusedAtItsName() {
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Game\", \"version\": \"1.0.0\" }")
        .writeTo(JarPluginGame.plugins(temp).resolve("game.jar"));
    try (JarPluginGame game = JarPluginGame.open(temp)) {
      PluginId id = PluginId.of("Game");

      assertEquals(PluginState.ERROR, game.features().state(id));
      Problem problem = game.features().failure(id).orElseThrow().problems().get(0);
      assertEquals("Overture/InvalidPluginName", problem.id());
      assertEquals("Plugin Game cannot be called \"Game\": a content root of that name is already there (the game's own content);"
          + " choose another name", problem.message());
      assertEquals("/name", problem.location().orElseThrow().pointer());
    }
  }

  @Test
  void anEntryPointThatCannotBeMade_saysWhatItNeeds_atTheEntryPoint_andKeepsTheCauseForTheDeveloper() {
    String plugin = "implements dev.overture.feature.OverturePlugin {\n"
        + "  @Override public void register(dev.overture.feature.PluginRegistration plugin) {}\n";
    Map<String, String> sources = Map.of(
        "needsargs", "package needsargs;\npublic final class Plugin " + plugin + "  public Plugin(int lamps) {}\n}\n",
        "abstracted", "package abstracted;\npublic abstract class Plugin " + plugin + "  public Plugin() {}\n}\n",
        "hidden", "package hidden;\nfinal class Plugin " + plugin + "  public Plugin() {}\n}\n",
        "failing", "package failing;\npublic final class Plugin " + plugin.replace("{}\n", "{ throw new IllegalStateException(\"no lamps\"); }\n")
            + "}\n");
    sources.forEach((pkg, source) -> PluginJar.of()
        .file("plugin.json", "{ \"name\": \"" + Character.toUpperCase(pkg.charAt(0)) + pkg.substring(1) + "\", \"version\": \"1.0.0\","
            + " \"entryPoint\": \"" + pkg + ".Plugin\" }")
        .java(pkg + ".Plugin", source)
        .writeTo(JarPluginGame.plugins(temp).resolve(pkg + ".jar")));
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Absent\", \"version\": \"1.0.0\", \"entryPoint\": \"absent.Plugin\" }")
        .java("absent.Other", "package absent;\npublic class Other {}\n")
        .writeTo(JarPluginGame.plugins(temp).resolve("absent.jar"));
    // Review C, defect 12: a jar naming a host class ran the host's code as its own.
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Borrowed\", \"version\": \"1.0.0\", \"entryPoint\": \""
            + ClassPathPluginsTest.ChimesPlugin.class.getName() + "\" }")
        .writeTo(JarPluginGame.plugins(temp).resolve("borrowed.jar"));
    try (JarPluginGame game = JarPluginGame.open(temp)) {
      saysWhatEachEntryPointNeeds(game.features());
    }
  }

  private void saysWhatEachEntryPointNeeds(GameFeatures features) {
    assertEquals("Overture/EntryPointNotFound Plugin Borrowed names the entry point \""
        + ClassPathPluginsTest.ChimesPlugin.class.getName() + "\", which its jar " + temp.resolve("plugins/borrowed.jar")
        + " does not hold: that class is the host's; a jar plugin's entry point must be a class of its own jar",
        features.failure(PluginId.of("Borrowed")).map(f -> f.problems().get(0).id() + " " + f.problems().get(0).message()).orElse("none"));

    Map<String, String> expected = Map.of(
        "Needsargs", "Overture/NotAnEntryPoint The entry point \"needsargs.Plugin\" of plugin Needsargs needs a public constructor"
            + " without parameters",
        "Abstracted", "Overture/NotAnEntryPoint The entry point \"abstracted.Plugin\" of plugin Abstracted must be a public class"
            + " that is not abstract",
        "Hidden", "Overture/NotAnEntryPoint The entry point \"hidden.Plugin\" of plugin Hidden must be a public class that is not"
            + " abstract",
        "Failing", "Overture/EntryPointFailed The entry point \"failing.Plugin\" of plugin Failing failed while registering: no lamps;"
            + " thrown at failing.Plugin.register(Plugin.java:3)",
        "Absent", "Overture/EntryPointNotFound Plugin Absent names the entry point \"absent.Plugin\", which its jar "
            + temp.resolve("plugins/absent.jar") + " does not hold");
    expected.forEach((name, text) -> {
      PluginException failure = features.failure(PluginId.of(name)).orElseThrow();
      Problem problem = failure.problems().get(0);
      assertEquals(text, problem.id() + " " + problem.message(), name);
      assertEquals("/entryPoint", problem.location().orElseThrow().pointer(), name);
      assertTrue(problem.location().orElseThrow().line() > 0, name + " is located at a line");
    });
    assertEquals("no lamps", features.failure(PluginId.of("Failing")).orElseThrow().getCause().getMessage(),
        "the exception the entry point threw is kept, for the log's stack trace");
    assertInstanceOf(ClassNotFoundException.class, features.failure(PluginId.of("Absent")).orElseThrow().getCause());
  }

  @Test
  void locatingInADescriptor_readsItBounded_andRefusesANamedPipe() throws Exception {
    Path game = Content.of()
        .file("plugins/Grown/plugin.json", "{ \"name\": \"Grown\", \"version\": \"1.0.0\" }")
        .file("plugins/Piped/plugin.json", "{ \"name\": \"Piped\", \"version\": \"1.0.0\" }")
        .writeTo(temp.resolve("game"));
    try (AssetManager assets =
        BuiltIns.register(AssetManager.builder()).contentRoot(AssetSource.directory(game)).executor(new ManualExecutor()).build()) {
      PluginCatalog catalog = PluginCatalog.discover(assets, ContentRoot.GAME, AssetPath.parse("plugins"), null,
          GameFeatures.Builder.DEFAULT_MAX_PLUGIN_JAR_BYTES);
      Plugin grown = catalog.get(PluginId.of("Grown"));
      assertEquals(1, catalog.locateInDescriptor(grown, "/version").line(), "found while the file is small");

      // Changed after it was read: grown past the limit, or replaced by a named pipe (which would block a read).
      Path big = game.resolve("plugins/Grown/plugin.json");
      try (var out = Files.newOutputStream(big, java.nio.file.StandardOpenOption.APPEND)) {
        out.write(new byte[17 * 1024 * 1024]);
      }
      Path pipe = game.resolve("plugins/Piped/plugin.json");
      Files.delete(pipe);
      Process mkfifo = new ProcessBuilder("mkfifo", pipe.toString()).start();
      assertEquals(0, mkfifo.waitFor());

      SourceLocation large = catalog.locateInDescriptor(grown, "/version");
      assertEquals(SourceLocation.at(grown.descriptorFile(), "/version"), large, "the file, not its bytes");
      Plugin piped = catalog.get(PluginId.of("Piped"));
      SourceLocation fifo = catalog.locateInDescriptor(piped, "/version");
      assertEquals(SourceLocation.at(piped.descriptorFile(), "/version"), fifo, "never opened");
    }
  }
}
