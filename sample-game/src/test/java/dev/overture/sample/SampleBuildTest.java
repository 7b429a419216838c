package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.overture.version.BuildVersion;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * The build version is read from the jar once per process, whichever thread asks first (the
 * start-up preload, or the command itself), and every caller gets that one value.
 */
class SampleBuildTest {

  @Test
  void theBuildVersion_isReadOnce_andSharedByEveryThreadThatAsks() {
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      List<CompletableFuture<BuildVersion>> asked = List.of(
          CompletableFuture.supplyAsync(SampleBuild::version, threads), CompletableFuture.supplyAsync(SampleBuild::version, threads),
          CompletableFuture.supplyAsync(SampleBuild::version, threads), CompletableFuture.supplyAsync(SampleBuild::version, threads));
      BuildVersion first = SampleBuild.version();
      for (CompletableFuture<BuildVersion> one : asked) {
        assertSame(first, one.join());
      }
      assertEquals("++Overture+Main", first.branchName());
    } finally {
      threads.shutdownNow();
    }
  }
}
