package dev.overture.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.settings.SettingsFolder;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a host reads from a built runtime: {@code ready()} completes when start-up is done or fails
 * with the located problems of what could not start (the game data's own load problem, not a
 * wrapper), and the runtime's parts are the ones its worlds use.
 */
class OvertureReadyTest {

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor plugins = new ManualExecutor();
  private final FakeTicker ticker = new FakeTicker();

  private Overture.Builder runtime(Content content) {
    return MatchContent.register(Overture.builder())
        .contentRoot(AssetSource.directory(content.writeTo(temp.resolve("content"))))
        .workers(workers)
        .pluginExecutor(plugins)
        .ticker(ticker)
        .closeTimeout(Duration.ZERO);
  }

  private void pump() {
    while (workers.runAll() + plugins.runAll() > 0) {
      // until both are quiet
    }
  }

  @Test
  void ready_failsWithTheGameDatasOwnLocatedProblem_whenItCannotLoad() {
    try (Overture overture = runtime(MatchContent.content()
        .file("overture.json", "{ \"gameData\": \"Experience:Broken\" }")
        .file("experiences/Broken.json", "{ \"defaultPawnData\": ")).build()) {
      CompletableFuture<Void> ready = overture.ready();
      pump();

      CompletionException failed = assertThrows(CompletionException.class, ready::join);
      ProblemException problems = assertInstanceOf(ProblemException.class, failed.getCause(), failed.getCause().toString());
      Problem problem = problems.problems().get(0);
      assertEquals("Overture/MalformedJson", problem.id());
      assertTrue(problem.location().orElseThrow().file().endsWith("experiences/Broken.json"), problem.toString());
    }
  }

  @Test
  void ready_completesOnceStartUpIsDone_andTheRuntimesPartsAreTheOnesItsWorldsUse() {
    try (Overture overture = runtime(MatchContent.content()).settings(SettingsFolder.at(temp.resolve("settings"))).build()) {
      CompletableFuture<Void> ready = overture.ready();
      pump();
      ready.join();

      World world = overture.worlds().create("Match");
      assertSame(overture.objects(), world.objects());
      assertSame(ticker, overture.experienceSettings().ticker());
      assertSame(overture.localSettings().orElseThrow(), overture.experienceSettings().localSettings().orElseThrow());
      assertEquals(temp.resolve("settings").resolve("Ana").resolve("SharedSettings.json"),
          overture.sharedSettings("Ana").file());
      world.close();
    }
  }
}
