package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dependency faults discovery finds, as a content author reads them: a cycle of any length
 * (itself included) reported once, the shortest way round from its smallest name, at that plugin's
 * dependency on the next, a
 * plugin that depends on an unusable one, and the plugins that stay usable beside them.
 */
class PluginDependenciesTest {

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();
  private AssetManager assets;
  private GameFeatures features;
  private Path root;

  @AfterEach
  void tearDown() {
    features.close();
    assets.close();
  }

  private void open(Consumer<Content> plugins) {
    Content content = Content.of();
    plugins.accept(content);
    root = content.writeTo(temp.resolve("assets"));
    assets = BuiltIns.register(AssetManager.builder()).contentRoot(AssetSource.directory(root)).executor(workers).build();
    features = GameFeatures.builder(assets).executor(serial).build();
    while (workers.runAll() + serial.runAll() > 0) {
      // discovery and the initial states
    }
  }

  private static String plugin(String... dependencies) {
    StringBuilder out = new StringBuilder("{ \"version\": \"1.0.0\", \"dependencies\": [");
    for (int i = 0; i < dependencies.length; i++) {
      out.append(i == 0 ? " " : ", ").append("{ \"name\": \"").append(dependencies[i]).append("\" }");
    }
    return out.append(" ] }").toString();
  }

  private List<Problem> problemsOf(String name) {
    return features.failure(PluginId.of(name)).orElseThrow().problems();
  }

  private String at(String name, String pointer) {
    return root.resolve("plugins/" + name + "/plugin.json") + " (" + pointer + ")";
  }

  private static String where(Problem problem) {
    var location = problem.location().orElseThrow();
    return location.file() + " (" + location.pointer() + ")";
  }

  @Test
  void aPluginThatDependsOnItself_isACycleOfOne() {
    open(content -> content.file("plugins/Loop/plugin.json", plugin("Loop")));

    Problem problem = problemsOf("Loop").get(0);
    assertEquals("Overture/PluginCycle", problem.id());
    assertEquals("Plugins depend on each other in a cycle: Loop -> Loop; none of them can activate until one of these dependencies is taken out of its plugin.json", problem.message());
    assertEquals(at("Loop", "/dependencies/0/name"), where(problem));
    assertEquals(PluginState.ERROR, features.state(PluginId.of("Loop")));
  }

  @Test
  void aLongCycle_isNamedFromItsSmallestName_theShortestWayRound_atTheDependencyThatClosesIt() {
    // Charlie -> Alpha -> Bravo -> Charlie, and a longer way round through Delta; Core is not on it.
    open(content -> content
        .file("plugins/Core/plugin.json", plugin())
        .file("plugins/Charlie/plugin.json", plugin("Alpha"))
        .file("plugins/Alpha/plugin.json", plugin("Core", "Delta", "Bravo"))
        .file("plugins/Delta/plugin.json", plugin("Echo"))
        .file("plugins/Echo/plugin.json", plugin("Charlie"))
        .file("plugins/Bravo/plugin.json", plugin("Charlie")));

    Problem problem = problemsOf("Charlie").get(0);
    assertEquals("Plugins depend on each other in a cycle: Alpha -> Bravo -> Charlie -> Alpha; none of them can activate until one of these dependencies is taken out of its plugin.json",
        problem.message());
    assertEquals(at("Alpha", "/dependencies/2/name"), where(problem), "Alpha's dependency on Bravo, its third");
    for (String member : List.of("Alpha", "Bravo", "Charlie")) {
      assertEquals(List.of(problem), problemsOf(member), member + ": one cycle, one problem");
    }
    // The longer way round is not a second cycle: its plugins depend on one that cannot be installed.
    assertEquals("Plugin Echo depends on Charlie, which cannot be installed (see the problems of Charlie)",
        problemsOf("Echo").get(0).message());
    assertEquals("Plugin Delta depends on Echo, which cannot be installed (see the problems of Echo)",
        problemsOf("Delta").get(0).message());
    assertEquals(PluginState.REGISTERED, features.state(PluginId.of("Core")), "not on the cycle");
    List<Problem> ready = ((dev.overture.core.ProblemException) org.junit.jupiter.api.Assertions.assertThrows(
        java.util.concurrent.CompletionException.class, features.ready()::join).getCause()).problems();
    assertEquals(List.of(problem), ready.stream().filter(p -> p.id().equals("Overture/PluginCycle")).toList(),
        "ready() reports the cycle once, though three plugins have it");
  }

  @Test
  void twoSeparateCycles_areTwoProblems() {
    open(content -> content
        .file("plugins/Ping/plugin.json", plugin("Pong"))
        .file("plugins/Pong/plugin.json", plugin("Ping"))
        .file("plugins/Tick/plugin.json", plugin("Tock"))
        .file("plugins/Tock/plugin.json", plugin("Tick")));

    assertEquals("Plugins depend on each other in a cycle: Ping -> Pong -> Ping; none of them can activate until one of these dependencies is taken out of its plugin.json",
        problemsOf("Pong").get(0).message());
    assertEquals("Plugins depend on each other in a cycle: Tick -> Tock -> Tick; none of them can activate until one of these dependencies is taken out of its plugin.json",
        problemsOf("Tock").get(0).message());
  }

  @Test
  void aPluginThatDependsOnAnUnusableOne_cannotBeInstalledEither_saysWhy_andSoOnUpTheChain() {
    open(content -> content
        .file("plugins/Needy/plugin.json", plugin("Missing"))
        .file("plugins/Arena/plugin.json", plugin("Core", "Needy"))
        .file("plugins/Core/plugin.json", plugin())
        .file("plugins/Zoo/plugin.json", plugin("Arena")));

    Problem arena = problemsOf("Arena").get(0);
    assertEquals("Overture/PluginDependencyFailed", arena.id());
    assertEquals("Plugin Arena depends on Needy, which cannot be installed (see the problems of Needy)", arena.message());
    assertEquals(at("Arena", "/dependencies/1/name"), where(arena));
    assertEquals("Plugin Zoo depends on Arena, which cannot be installed (see the problems of Arena)",
        problemsOf("Zoo").get(0).message());
    assertEquals(1, problemsOf("Zoo").size());
    assertEquals("Overture/MissingPluginDependency", problemsOf("Needy").get(0).id());
    assertEquals(PluginState.REGISTERED, features.state(PluginId.of("Core")));
  }

  /**
   * A chain discovered in the order opposite to it (A0001 needs A0002, ... up to one missing) was
   * gone over once per link, every plugin each time; each link is now reached once from the one it
   * depends on, and says the same.
   */
  @Test
  void aLongChainWhoseEndIsMissing_isUnusableAllAlong_eachNamingTheNextLink() {
    int links = 2_000;
    open(content -> {
      for (int i = 1; i <= links; i++) {
        content.file(String.format("plugins/A%04d/plugin.json", i), plugin(i == links ? "Missing" : String.format("A%04d", i + 1)));
      }
    });

    for (int i = 1; i < links; i++) {
      List<Problem> problems = problemsOf(String.format("A%04d", i));
      assertEquals(1, problems.size());
      assertEquals(String.format("Plugin A%04d depends on A%04d, which cannot be installed (see the problems of A%04d)", i, i + 1, i + 1),
          problems.get(0).message());
    }
    assertEquals("Overture/MissingPluginDependency", problemsOf(String.format("A%04d", links)).get(0).id());
  }

  @Test
  void everyFaultOfOnePlugin_isReported_eachAtItsDependency() {
    open(content -> content
        .file("plugins/Core/plugin.json", plugin())
        .file("plugins/Greedy/plugin.json", """
            { "version": "1.0.0", "dependencies": [ { "name": "Core", "versions": "2.0.0" }, { "name": "Cor" } ] }
            """));

    List<Problem> problems = problemsOf("Greedy");
    assertEquals(List.of("Overture/PluginVersionMismatch", "Overture/MissingPluginDependency"),
        problems.stream().map(Problem::id).toList());
    assertEquals("Plugin Greedy needs Core 2.0.0, but version 1.0.0 is installed", problems.get(0).message());
    assertEquals(at("Greedy", "/dependencies/0/versions"), where(problems.get(0)));
    assertEquals(at("Greedy", "/dependencies/1/name"), where(problems.get(1)));
  }

  @Test
  void resolve_putsEveryPluginAfterWhatItNeeds_whateverOrderTheyAreNamedIn_andEnablesWhatTheyNeedUnnamed() {
    open(content -> content
        .file("plugins/Arena/plugin.json", plugin("Combat", "Audio"))
        .file("plugins/Audio/plugin.json", plugin())
        .file("plugins/Combat/plugin.json", plugin("Core"))
        .file("plugins/Core/plugin.json", plugin()));
    PluginId arena = PluginId.of("Arena");

    assertEquals(List.of("Core", "Combat", "Audio", "Arena"), features.resolve(
        List.of(arena, PluginId.of("Core"), PluginId.of("Audio"), PluginId.of("Combat"))).plugins().stream().map(PluginId::name).toList());
    PluginSet alone = features.resolve(List.of(arena));
    assertEquals(List.of(arena), alone.plugins(), "only what was named is requested");
    assertEquals(List.of("Arena", "Combat", "Audio", "Core"), alone.enabled().stream().map(PluginId::name).toList());
    assertEquals(java.util.Set.of(PluginId.of("Combat"), PluginId.of("Audio"), PluginId.of("Core")), features.dependenciesOf(arena));
    assertEquals(java.util.Set.of(), features.dependenciesOf(PluginId.of("Core")));
  }

  @Test
  void resolvingPluginsOnACycle_ends_andListsEachOnce() {
    open(content -> content
        .file("plugins/Ping/plugin.json", plugin("Pong"))
        .file("plugins/Pong/plugin.json", plugin("Ping")));

    PluginSet set = features.resolve(List.of(PluginId.of("Ping"), PluginId.of("Pong"), PluginId.of("Ping")));

    assertEquals(List.of("Pong", "Ping"), set.plugins().stream().map(PluginId::name).toList());
    assertEquals(java.util.Set.of(PluginId.of("Pong")), features.dependenciesOf(PluginId.of("Ping")), "not itself");
  }
}
