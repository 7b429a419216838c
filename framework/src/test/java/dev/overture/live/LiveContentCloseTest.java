package dev.overture.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.experience.PawnData;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.ManualTimer;
import dev.overture.world.World;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live content closed while a change is in hand (a hostile review): the change was still committed
 * and applied after close ("changes not applied yet are dropped", says close), whenIdle never
 * completed once a continuation was refused, and the runtime's close under a change logged an error
 * with a stack trace, which play --watch printed on Ctrl+C. Dropped now, idle, and quiet.
 */
class LiveContentCloseTest {

  @TempDir Path folder;
  final ManualExecutor workers = new ManualExecutor();
  final ManualExecutor plugins = new ManualExecutor();
  final ManualExecutor live = new ManualExecutor();
  final FakeTicker ticker = new FakeTicker();
  final ManualTimer timer = new ManualTimer(ticker);
  Overture overture;
  final List<LiveReload> heard = new CopyOnWriteArrayList<>();
  World world;
  ExperienceManager manager;
  long pinnedByTheWorld;

  @BeforeEach
  void start() {
    Content.of()
        .file("experiences/Duel.json", "{ \"defaultPawnData\": \"Fighter\" }")
        .file("experiences/Brawl.json", "{ \"defaultPawnData\": \"Fighter\" }")
        .file("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Fighter\" }")
        .writeTo(folder);
    overture = Overture.builder().contentRoot(AssetSource.directory(folder)).workers(workers).pluginExecutor(plugins).ticker(ticker)
        .liveContent(s -> s.watch(false).executor(live).timer(timer).ticker(ticker)).build();
    overture.liveContent().orElseThrow().subscribe(heard::add);
    background();
    world = overture.worlds().create("Match");
    manager = ExperienceManager.of(world).orElseThrow();
    manager.setCurrentExperience(PrimaryAssetId.parse("Experience:Duel"));
    for (int i = 0; i < 1000 && manager.state() != LoadState.LOADED; i++) {
      all();
      world.tick(1.0 / 60);
    }
    assertEquals(LoadState.LOADED, manager.state());
    pinnedByTheWorld = overture.assets().stats().pinned();
  }

  @AfterEach
  void stop() {
    if (!world.isClosed()) {
      world.close();
    }
    all(); // the plugins' releases run before the runtime waits for them
    overture.close();
  }

  /** Everything but the world's own tasks. */
  int background() {
    int total = 0;
    int ran;
    do {
      ran = workers.runQueued() + plugins.runQueued() + timer.runDue() + live.runQueued();
      total += ran;
    } while (ran > 0);
    return total;
  }

  void all() {
    for (int i = 0; i < 100; i++) {
      int ran = background() + (world.isClosed() ? 0 : world.runPendingTasks());
      if (ran == 0) {
        return;
      }
    }
  }

  void edit(String name) throws Exception {
    Path file = folder.resolve("pawns/Fighter.json");
    Files.writeString(file, "{ \"pawnClass\": \"Pawn\", \"displayName\": \"" + name + "\" }");
    overture.liveContent().orElseThrow().announce(List.of(file));
    ticker.advance(Duration.ofSeconds(1));
    background(); // checked and committed; queued on the world, which has not ticked
  }

  String shownName() {
    return manager.pawnData().map(PawnData::displayName).orElse("(none)");
  }

  /** Saves Fighter as Z and lets the quiet period pass: the change is handed to live content's executor. */
  private LiveContent changeHandedOn() throws Exception {
    Path file = folder.resolve("pawns/Fighter.json");
    Files.writeString(file, "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Z\" }");
    LiveContent liveContent = overture.liveContent().orElseThrow();
    liveContent.announce(List.of(file));
    ticker.advance(Duration.ofSeconds(1));
    timer.runDue();
    return liveContent;
  }

  @Test
  void closedWhileAChangeIsChecked_theChangeIsDropped_notApplied_andLiveContentIsIdle() throws Exception {
    LiveContent liveContent = changeHandedOn();
    live.runQueued(); // reindexed, and the stage's loads queued on the workers: the change is being checked
    assertTrue(workers.queued() > 0, "the check is under way");

    liveContent.close();
    all();
    world.tick(1.0 / 60);
    all();

    assertEquals("Fighter", shownName(), "the world runs what it ran");
    assertEquals(List.of(), heard.stream().map(LiveReload::summary).toList(), "nothing applied, nothing to report");
    assertTrue(liveContent.whenIdle().isDone(), "closed: nothing in hand");
    assertEquals(0, overture.assets().stats().pinned() - pinnedByTheWorld, "the dropped stage pins nothing");
  }

  @Test
  void theRuntimeClosedWhileAChangeIsInHand_appliesNothing_andLeavesLiveContentIdle() throws Exception {
    LiveContent liveContent = changeHandedOn(); // in hand, as on live content's thread when Ctrl+C comes

    world.close();
    while (plugins.runQueued() > 0) {
      // the plugins' releases, which the runtime's close would otherwise wait for
    }
    overture.close();
    live.runQueued(); // the task in hand meets a closed asset manager
    workers.runQueued();
    live.runQueued();

    assertEquals(List.of(), heard.stream().map(LiveReload::summary).toList());
    assertTrue(liveContent.whenIdle().isDone());
  }
}
