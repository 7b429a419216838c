package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.testing.ManualExecutor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression (review-host #4): an interrupted synchronous load was reported as a read failure of
 * the content file ("Could not read .../Elimination.json: an internal error without a message"),
 * the file being fine. An interrupt is reported as an interrupt, and the thread keeps its flag.
 */
class InterruptedLoadTest {

  @TempDir Path temp;

  @AfterEach
  void clearFlag() {
    Thread.interrupted();
  }

  /** The game's files, read by a thread that is interrupted as it starts each read when {@code interrupting}. */
  private AssetSource source(boolean[] interrupting) {
    AssetSource files = AssetSource.directory(TestAssets.game().writeTo(temp.resolve("game")));
    return new ForwardingSource(files) {
      @Override
      public byte[] read(AssetPath path, int maxBytes) throws IOException {
        if (interrupting[0]) {
          Thread.currentThread().interrupt(); // as a shutdown hook would, mid-read: the channel closes
        }
        return super.read(path, maxBytes);
      }
    };
  }

  @Test
  void aThreadInterruptedBeforeItLoadsSynchronously_isToldItWasInterrupted_andKeepsItsFlag() {
    try (AssetManager assets = TestAssets.builder(source(new boolean[] {false})).executor(new ManualExecutor()).build()) {
      Thread.currentThread().interrupt();

      CancellationException e = assertThrows(CancellationException.class,
          () -> assets.loadSynchronously(id("Mode:Base"), Object.class));

      assertEquals("interrupted while waiting for Mode:Base", e.getMessage());
      assertTrue(Thread.interrupted(), "the flag is kept");
      assertEquals("Base", ((TestAssets.Mode) assets.loadSynchronously(id("Mode:Base"), Object.class)).title(),
          "the file was fine all along");
    }
  }

  @Test
  void aThreadInterruptedWhileItReadsAFile_isToldItWasInterrupted_notThatTheFileCannotBeRead() {
    boolean[] interrupting = {false};
    try (AssetManager assets = TestAssets.builder(source(interrupting)).executor(new ManualExecutor()).build()) {
      interrupting[0] = true;
      CancellationException e = assertThrows(CancellationException.class,
          () -> assets.loadSynchronously(id("Mode:Base"), Object.class));

      assertEquals("interrupted while waiting for Mode:Base", e.getMessage());
      assertTrue(Thread.interrupted(), "the flag is kept");
      interrupting[0] = false;
      assertEquals("Base", ((TestAssets.Mode) assets.loadSynchronously(id("Mode:Base"), Object.class)).title());
    }
  }

  @Test
  void aWorkerInterruptedWhileItReadsAFile_failsTheLoadAsInterrupted_notAtTheFile() {
    ManualExecutor workers = new ManualExecutor();
    boolean[] interrupting = {false};
    try (AssetManager assets = TestAssets.builder(source(interrupting)).executor(workers).build()) {
      interrupting[0] = true;
      LoadHandle handle = assets.loadPrimaryAsset(id("Mode:Base"));
      workers.runAll();
      Thread.interrupted();
      workers.runAll();

      CompletionException e = assertThrows(CompletionException.class, () -> handle.future().join());
      List<Problem> problems = ((AssetLoadException) e.getCause()).problems();
      assertEquals(1, problems.size(), problems.toString());
      assertEquals("Overture/Interrupted", problems.get(0).id());
      assertTrue(problems.get(0).message().startsWith("Loading Mode:Base was interrupted: interrupted while reading "),
          problems.get(0).message());
      assertTrue(problems.get(0).location().isEmpty(), "not located at the file: nothing is wrong with it");
    }
  }
  /** The same for a file a soft reference names, which has a read of its own (its name built only for a problem). */
  @Test
  void aWorkerInterruptedWhileItReadsASoftReferencesFile_failsAsInterrupted_notAtTheFile() {
    ManualExecutor workers = new ManualExecutor();
    boolean[] interrupting = {false};
    try (AssetManager assets = TestAssets.builder(source(interrupting)).executor(workers).build()) {
      interrupting[0] = true;
      SoftRef<TestAssets.Icon> icon = SoftRef.of(ContentRoot.GAME, AssetPath.parse("icons/hero.json"), TestAssets.Icon.class);
      CompletableFuture<TestAssets.Icon> loaded = CompletableFuture.supplyAsync(() -> assets.getAsset(icon, true), workers);
      workers.runAll();
      Thread.interrupted();
      workers.runAll();

      CompletionException e = assertThrows(CompletionException.class, loaded::join);
      Throwable cause = e.getCause() instanceof AssetLoadException ? e.getCause() : e.getCause().getCause();
      if (cause instanceof AssetLoadException failure) {
        assertEquals("Overture/Interrupted", failure.problems().get(0).id(), failure.problems().toString());
        assertTrue(failure.problems().get(0).location().isEmpty(), "not located at the file: nothing is wrong with it");
      } else {
        assertTrue(e.getCause() instanceof CancellationException, String.valueOf(e.getCause()));
        assertTrue(e.getCause().getMessage().startsWith("interrupted while"), e.getCause().getMessage());
      }
    }
  }
}
