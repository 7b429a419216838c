package dev.overture.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.feature.PluginException;
import dev.overture.feature.PluginId;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.validation.ValidationReport;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Rule: one fault, one id, one located message, wherever it is found (issue 14). A plugin's
 * dependency that is missing, of a refused version, or in a cycle is the same problem, with the
 * same id, file, line, column and pointer, whether {@code ready()} reports it, the validator does,
 * a request for the plugin fails with it or an experience that enables it fails to load; and a
 * cycle shared by two plugins is one problem, not one per plugin.
 */
class PluginFaultReliabilityTest {

  @TempDir Path temp;

  /** Plugin changes run when the test runs them; files are read on Overture's own workers (the validator waits for them). */
  private final ManualExecutor serial = new ManualExecutor();

  private void pump(World... worlds) {
    boolean ran;
    do {
      ran = serial.runAll() > 0;
      for (World world : worlds) {
        ran |= world.runPendingTasks() > 0;
      }
    } while (ran);
  }

  private void pumpUntil(java.util.function.BooleanSupplier done, World... worlds) {
    org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).pollInSameThread().until(() -> {
      pump(worlds);
      return done.getAsBoolean();
    });
  }

  private Overture open() {
    Path root = Content.of()
        .file("plugins/Core/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Needy/plugin.json", "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Cor\" } ] }")
        .file("plugins/Picky/plugin.json", "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Core\", \"versions\": \"^2.0.0\" } ] }")
        .file("plugins/Ping/plugin.json", "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Pong\" } ] }")
        .file("plugins/Pong/plugin.json", "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"Ping\" } ] }")
        .file("experiences/NeedsNeedy.json", "{ \"gameFeaturesToEnable\": [\"Needy\"] }")
        .file("experiences/NeedsPicky.json", "{ \"gameFeaturesToEnable\": [\"Picky\"] }")
        .file("experiences/NeedsPong.json", "{ \"gameFeaturesToEnable\": [\"Pong\"] }")
        .writeTo(temp.resolve("game"));
    Overture overture = Overture.builder()
        .contentRoot(AssetSource.directory(root))
        .workerThreads(2)
        .pluginExecutor(serial)
        .ticker(new FakeTicker())
        .closeTimeout(Duration.ZERO)
        .build();
    pumpUntil(() -> overture.ready().isDone());
    return overture;
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource({
      "Needy, Overture/MissingPluginDependency, NeedsNeedy, plugins/Needy/plugin.json:1:51 (/dependencies/0/name)",
      "Picky, Overture/PluginVersionMismatch, NeedsPicky, plugins/Picky/plugin.json:1:71 (/dependencies/0/versions)",
      "Pong, Overture/PluginCycle, NeedsPong, plugins/Ping/plugin.json:1:51 (/dependencies/0/name)"})
  void aDependencyFault_isOneLocatedProblem_whereverItIsFound(String plugin, String id, String experienceName, String at) {
    try (Overture overture = open()) {
      String location = temp.resolve("game") + "/" + at;

      ProblemException ready = (ProblemException) assertThrows(CompletionException.class, () -> overture.ready().join()).getCause();
      List<Problem> atReady = ready.problems().stream().filter(p -> p.id().equals(id)).toList();
      assertEquals(1, atReady.size(), "once in ready(): " + ready.getMessage());
      Problem problem = atReady.get(0);
      assertEquals(location, problem.location().orElseThrow().toString());

      ValidationReport report = overture.validator().run();
      assertEquals(List.of(problem), report.problems().stream().filter(p -> p.id().equals(id)).toList(), report.format());

      CompletableFuture<Void> request = overture.features().loadAndActivate(PluginId.of(plugin));
      pump();
      PluginException failed = (PluginException) assertThrows(CompletionException.class, request::join).getCause();
      assertEquals(List.of(problem), failed.problems(), "a request fails with the same problem");

      World world = overture.worlds().create("World");
      ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
      experience.setCurrentExperience(PrimaryAssetId.of("Experience", experienceName));
      pumpUntil(() -> experience.state() == LoadState.FAILED || experience.state() == LoadState.LOADED, world);
      assertEquals(LoadState.FAILED, experience.state());
      assertEquals(List.of(problem), experience.failure().orElseThrow().problems(), "play time: the same problem, located");
      assertTrue(problem.location().orElseThrow().line() > 0);
      world.close();
      pump(world);
    }
  }
}
