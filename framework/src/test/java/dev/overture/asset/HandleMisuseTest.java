package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.LoadHandle.Status;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What game code can do wrong with a load, and what it gets then: callbacks that throw errors (a
 * failed assertion), executors that throw instead of taking work, a timeout on the handle's
 * future, a cancel through the future, a synchronous load asking for the wrong type. Nothing may
 * be lost (a callback after a failing one), wedged (a pin on a read that never runs) or left
 * behind (an asset kept for a call that failed).
 */
class HandleMisuseTest {

  @TempDir Path temp;

  /** How the test's handle is made: one load, or two combined. */
  enum Kind {
    SINGLE(manager -> manager.loadPrimaryAsset(id("Pawn:Hero"), "client")),
    COMBINED(manager -> LoadHandle.combine(List.of(manager.loadPrimaryAsset(id("Pawn:Hero"), "client"),
        manager.loadPrimaryAsset(id("Pawn:Villain")))));

    final Function<AssetManager, LoadHandle> load;

    Kind(Function<AssetManager, LoadHandle> load) {
      this.load = load;
    }
  }

  private AssetManager manager(Executor workers) {
    return TestAssets.builder(AssetSource.directory(TestAssets.game().writeTo(temp.resolve("game")))).executor(workers).build();
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void aCallbackThatThrowsAnError_orAnExecutorThatThrows_doesNotStopTheCallbacksAfterIt(Kind kind) {
    ManualExecutor workers = new ManualExecutor();
    try (AssetManager assets = manager(workers)) {
      List<String> ran = new ArrayList<>();
      Executor closedGameThread = task -> {
        throw new IllegalStateException("the game thread's queue is closed");
      };
      LoadHandle handle = kind.load.apply(assets);
      handle.onComplete(Runnable::run, result -> {
        ran.add("first");
        throw new AssertionError("expected 3 friends but was 2");
      });
      handle.onComplete(closedGameThread, result -> ran.add("on a closed thread"));
      handle.onComplete(Runnable::run, result -> ran.add("second"));
      handle.onUpdate(Runnable::run, value -> {
        throw new AssertionError("progress " + value);
      });
      handle.onUpdate(Runnable::run, value -> {
        if (value == 1.0) {
          ran.add("update 1.0");
        }
      });

      workers.runAll();

      assertEquals(Status.COMPLETED, handle.status());
      assertEquals(List.of("first", "second", "update 1.0"), ran.stream().sorted().toList());
      ran.clear();
      handle.onComplete(Runnable::run, result -> {
        throw new AssertionError("registered late");
      });
      handle.onComplete(Runnable::run, result -> ran.add("late"));
      assertEquals(List.of("late"), ran, "after the outcome, too");
    }
  }

  @Test
  void aWorkerExecutorThatThrowsWhileTakingARead_failsThatLoadAtOnce_andPinsNothing_andTheNextLoadTriesAgain() {
    ManualExecutor working = new ManualExecutor();
    boolean[] broken = {true};
    Executor workers = task -> {
      if (broken[0]) {
        throw new IllegalStateException("unable to create a native thread");
      }
      working.execute(task);
    };
    try (AssetManager assets = manager(workers)) {
      LoadHandle first = assets.loadPrimaryAsset(id("Pawn:Villain"));

      assertEquals(Status.FAILED, first.status());
      assertEquals(List.of("Overture/Rejected: The worker executor failed to take the read of Pawn:Villain:"
              + " unable to create a native thread"),
          first.problems().stream().map(problem -> problem.id() + ": " + problem.message()).toList());
      first.release();
      assertEquals(0, assets.stats().pinned());
      assertEquals(0, assets.stats().loading());

      broken[0] = false;
      LoadHandle second = assets.loadPrimaryAsset(id("Pawn:Villain"));
      working.runAll();
      assertEquals(Status.COMPLETED, second.status());
      second.release();
    }
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void orTimeout_onTheHandlesFuture_givesAFutureThatTimesOut_andLeavesTheLoadGoing(Kind kind) {
    ManualExecutor workers = new ManualExecutor();
    try (AssetManager assets = manager(workers)) {
      LoadHandle handle = kind.load.apply(assets);

      CompletionException timedOut =
          assertThrows(CompletionException.class, () -> handle.future().orTimeout(1, TimeUnit.MILLISECONDS).join());

      assertInstanceOf(TimeoutException.class, timedOut.getCause());
      assertEquals(Status.LOADING, handle.status());
      workers.runAll();
      assertEquals(Status.COMPLETED, handle.status());
      assertEquals(handle.future().join(), handle.future().orTimeout(1, TimeUnit.DAYS).getNow(null),
          "once loaded, a bounded future has the result at once");
      handle.release();
    }
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void cancellingThroughTheFuture_cancelsTheHandleBeforeAnyCallbackRuns(Kind kind) {
    ManualExecutor workers = new ManualExecutor();
    try (AssetManager assets = manager(workers)) {
      LoadHandle handle = kind.load.apply(assets);
      List<String> seen = new ArrayList<>();
      handle.onCancel(Runnable::run, () -> seen.add("onCancel: " + handle.status() + ", pinned " + assets.stats().pinned()));
      handle.future().whenComplete((result, error) ->
          seen.add("chained: " + handle.status() + ", pinned " + assets.stats().pinned()));

      assertTrue(handle.future().cancel(false));

      assertEquals(List.of("chained: CANCELLED, pinned 0", "onCancel: CANCELLED, pinned 0"), seen);
      workers.runAll();
      assertEquals(Status.CANCELLED, handle.status());
      assertEquals(0, assets.stats().pinned());
    }
  }

  @Test
  void loadSynchronously_ofTheWrongType_keepsNothing() {
    try (AssetManager assets = manager(Runnable::run)) {
      IllegalArgumentException wrong =
          assertThrows(IllegalArgumentException.class, () -> assets.loadSynchronously(id("Pawn:Villain"), String.class));

      assertTrue(wrong.getMessage().startsWith("Pawn:Villain is a Pawn"), wrong.getMessage());
      assertEquals(0, assets.stats().pinned());
      assertEquals(0, assets.stats().kept());
      assertTrue(assets.bundleState(id("Pawn:Villain")).isEmpty());
    }
  }

  @Test
  void aMisspelledBundleName_isAWarningNamingTheBundleMeant_andAFixedSetOfBundlesAskedForEveryLoadIsNot() {
    try (AssetManager assets = manager(Runnable::run)) {
      LoadHandle misspelled = assets.loadPrimaryAsset(id("Pawn:Hero"), "clinet");

      assertEquals(Status.COMPLETED, misspelled.status());
      assertEquals(List.of("Overture/UnknownBundle: No reference in the content is in bundle \"clinet\", so the load of"
              + " Pawn:Hero follows none for it; did you mean \"client\"? (bundles: \"client\")"),
          misspelled.problems().stream().map(problem -> problem.id() + ": " + problem.message()).toList());
      misspelled.release();

      LoadHandle fixedSet = assets.loadPrimaryAsset(id("Pawn:Hero"), "client", "server", "editor");
      assertEquals(List.of(), fixedSet.problems(), "no bundle name is close to a declared one it is not");
      fixedSet.release();
    }
  }
}
