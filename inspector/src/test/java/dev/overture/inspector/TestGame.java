package dev.overture.inspector;

import static org.awaitility.Awaitility.await;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.ScanRule;
import dev.overture.experience.ExperienceManager;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.world.ActorComponent;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A small real game for the inspector's tests: content in a folder, a real runtime (its own worker
 * pool and plugin thread), and one world ticked twenty times a second on a game thread of its own,
 * as a host's loop would. {@code Walk} loads and draws a walking pawn; {@code Broken} fails with a
 * located problem ({@code experiences/Broken.json:3:15}); items can be added by the thousand.
 */
final class TestGame implements AutoCloseable {

  /** An asset that is only data, for the asset table. */
  record Item(String name, int weight) {}

  static Content content() {
    return Content.of()
        .file("experiences/Walk.json", """
            {
              "gameFeaturesToEnable": ["Basics"],
              "actions": [
                { "action": "AddComponents", "componentList": [ { "actorClass": "GameState", "componentClass": "Walker" } ] },
                { "action": "AddWidgets", "layout": [ { "layerId": "UI.Layer.Game", "layoutClass": "HudLayout" } ],
                  "widgets": [ { "slotId": "HUD.Slot.Score", "widgetClass": "StepsWidget" } ] }
              ]
            }
            """)
        .file("experiences/Broken.json", """
            {
              "gameFeaturesToEnable": [
                "Basics", "Magic"
              ]
            }
            """)
        .file("plugins/Basics/plugin.json", """
            { "version": "1.2.0", "description": "What every test experience needs" }
            """)
        .file("items/Sword.json", """
            { "name": "Sword", "weight": 3 }
            """);
  }

  final Overture overture;
  private final ScheduledExecutorService loop;
  final World world;

  private TestGame(Path folder, Content content) {
    overture = Overture.builder()
        .contentRoot(AssetSource.directory(content.writeTo(folder)))
        .kind(ActorComponent.class, "Walker", Walker.class)
        .scanRule(ScanRule.of("Item", Item.class, "items"))
        .workerThreads(2)
        .build();
    overture.ready().join();
    loop = Executors.newSingleThreadScheduledExecutor(task -> new Thread(task, "test-game-thread"));
    world = onGameThread(game -> game.overture.worlds().create("Arena"));
    loop.scheduleAtFixedRate(() -> world.tick(0.05), 0, 50, TimeUnit.MILLISECONDS);
  }

  static TestGame start(Path folder) {
    return new TestGame(folder, content());
  }

  static TestGame start(Path folder, Content content) {
    return new TestGame(folder, content);
  }

  /** Runs {@code task} on the game thread and returns its result. */
  <T> T onGameThread(Function<TestGame, T> task) {
    try {
      return loop.submit(() -> task.apply(this)).get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw new IllegalStateException("The game thread failed", e.getCause());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Starts loading {@code experience} in the world. */
  void load(String experience) {
    onGameThread(game -> ExperienceManager.of(world).orElseThrow().setCurrentExperience(PrimaryAssetId.parse("Experience:" + experience)));
  }

  /** Loads {@code experience} and waits until it has loaded or failed. */
  String loadAndWait(String experience) {
    load(experience);
    await().atMost(Duration.ofSeconds(30)).until(() -> {
      String state = onGameThread(game -> ExperienceManager.of(world).orElseThrow().state().toString());
      return state.equals("Loaded") || state.equals("Failed");
    });
    return onGameThread(game -> ExperienceManager.of(world).orElseThrow().state().toString());
  }

  @Override
  public void close() {
    try {
      onGameThread(game -> {
        world.close();
        return null;
      });
    } finally {
      loop.shutdownNow();
      overture.close();
    }
  }
}
