package dev.overture.asset;

import static dev.overture.asset.PrimaryAssetId.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.LoadHandle.Status;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * The outcome callbacks of a load, as game code registers them, for a handle of one load and for
 * handles combined ({@link LoadHandle#combine}): each registration returns the handle, so they
 * chain; each outcome reaches exactly its own callbacks, once, on their executor; a callback
 * registered after the outcome runs at once, in the order they are registered; and the elapsed time stops when the load ends.
 */
@ParameterizedClass
@EnumSource(LoadHandleCallbacksTest.Kind.class)
class LoadHandleCallbacksTest {

  /** How the test's handle is made. */
  enum Kind {
    SINGLE(manager -> manager.loadPrimaryAssets(List.of(parse("Mode:Elimination"), parse("Pawn:Hero")), List.of("client"))),
    COMBINED(manager -> LoadHandle.combine(List.of(manager.loadPrimaryAsset(parse("Mode:Elimination"), "client"),
        manager.loadPrimaryAsset(parse("Pawn:Hero"), "client"))));

    final Function<AssetManager, LoadHandle> load;

    Kind(Function<AssetManager, LoadHandle> load) {
      this.load = load;
    }
  }

  @Parameter Kind kind;
  @TempDir Path temp;
  private Path root;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor gameThread = new ManualExecutor();
  private final FakeTicker ticker = new FakeTicker();
  private AssetManager assets;
  private final List<String> calls = new ArrayList<>();

  @BeforeEach
  void setUp() {
    root = TestAssets.game().writeTo(temp.resolve("assets"));
    assets = TestAssets.builder(AssetSource.directory(root)).executor(workers).ticker(ticker).build();
  }

  @AfterEach
  void tearDown() {
    assets.close();
  }

  /** Registers one callback of each kind, checking that each returns the handle itself. */
  private LoadHandle listen(LoadHandle handle, String when) {
    assertSame(handle, handle.onComplete(gameThread, result -> calls.add(when + "complete " + result.assets().size())));
    assertSame(handle, handle.onFailure(gameThread, failure -> calls.add(when + "failure " + failure.problems().size())));
    assertSame(handle, handle.onCancel(gameThread, () -> calls.add(when + "cancel")));
    assertSame(handle, handle.onUpdate(gameThread, value -> {
      if (value == 1.0) {
        calls.add(when + "update 1.0");
      }
    }));
    return handle;
  }

  private void pump() {
    while (workers.runAll() + gameThread.runAll() > 0) {
      // until both are quiet
    }
  }

  @Test
  void aCompletedLoad_callsItsCompletionCallbacksOnce_andLateOnesAtOnce() {
    LoadHandle handle = listen(kind.load.apply(assets), "");
    ticker.advance(Duration.ofMillis(30));

    pump();
    ticker.advance(Duration.ofSeconds(5));
    listen(handle, "late ");
    pump();

    assertEquals(Status.COMPLETED, handle.status());
    assertEquals(List.of("update 1.0", "complete 2", "late complete 2", "late update 1.0"), calls);
    assertEquals(Duration.ofMillis(30), handle.elapsed(), "the time it took, not the time since");
  }

  @Test
  void waitingForever_asJavaTimeSaysIt_waits_ratherThanOverflowing() throws Exception {
    LoadHandle handle = kind.load.apply(assets);
    pump();

    LoadResult result = handle.waitUntilComplete(java.time.temporal.ChronoUnit.FOREVER.getDuration());
    assertEquals(result, handle.waitUntilComplete(Duration.ofSeconds(Long.MAX_VALUE)));
    assertEquals(Status.COMPLETED, handle.status());
  }

  @Test
  void aFailedLoad_callsItsFailureCallbacksWithEveryProblem_once() throws Exception {
    Files.writeString(root.resolve("pawns/Hero.json"), "{ \"name\": ");
    LoadHandle handle = listen(kind.load.apply(assets), "");

    pump();
    listen(handle, "late ");
    pump();

    assertEquals(Status.FAILED, handle.status());
    int problems = handle.problems().size();
    assertTrue(problems >= 1, handle.problems().toString());
    assertEquals(List.of("update 1.0", "failure " + problems, "late failure " + problems, "late update 1.0"), calls);
  }

  @Test
  void aCancelledLoad_callsItsCancelCallbacksOnce_andNeverReachesOne() {
    LoadHandle handle = listen(kind.load.apply(assets), "");
    ticker.advance(Duration.ofMillis(10));

    assertTrue(handle.cancel());
    ticker.advance(Duration.ofSeconds(5));
    pump();
    listen(handle, "late ");
    pump();

    assertEquals(Status.CANCELLED, handle.status());
    assertEquals(List.of("cancel", "late cancel"), calls);
    assertTrue(handle.progress() < 1.0);
    assertEquals(Duration.ofMillis(10), handle.elapsed());
    assertEquals(0, assets.stats().loading(), "nothing is still counted as loading");
    assertEquals(0, assets.stats().pinned());
  }

  @Test
  void aFinishedLoadReleasedLater_keepsItsOutcome_andLetsGoOfItsPins() throws Exception {
    Files.writeString(root.resolve("pawns/Hero.json"), "{ \"name\": ");
    LoadHandle handle = listen(kind.load.apply(assets), "");
    pump();
    List<String> problems = handle.problems().stream().map(Object::toString).toList();
    assertTrue(assets.stats().pinned() > 0, "the good assets it reached stay loaded and pinned");

    handle.release();
    handle.release();
    pump();

    assertEquals(Status.RELEASED, handle.status());
    assertEquals(1.0, handle.progress(), "it did finish");
    assertEquals(problems, handle.problems().stream().map(Object::toString).toList(), "what it found is still told");
    assertEquals(0, assets.stats().pinned());
    assertEquals(List.of("update 1.0", "failure " + problems.size()), calls, "releasing is no new outcome");
  }
}
