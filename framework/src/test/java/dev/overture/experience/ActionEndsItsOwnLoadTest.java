package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.feature.FeatureContext;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.PluginId;
import dev.overture.testing.Content;
import dev.overture.testing.TestRuntime;
import dev.overture.world.ActorComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An action that ends the load it is part of from its own {@code onActivating} (a deactivate, or a
 * switch to another experience): the attempt is discarded while its actions are being activated,
 * before there is an activation to undo. What the actions did is undone all the same, and the
 * manager ends where the call asked, able to load again.
 */
class ActionEndsItsOwnLoadTest {

  private static final PrimaryAssetId ARENA = PrimaryAssetId.parse("Experience:Arena");
  private static final PrimaryAssetId LOBBY = PrimaryAssetId.parse("Experience:Lobby");
  private static final PluginId COMBAT = PluginId.of("Combat");

  /** What the next activation of {@link Hook} does; reset to nothing after each test. */
  static volatile Consumer<FeatureContext> onActivating = context -> {};
  static final List<String> LOG = new ArrayList<>();

  public static class Score extends ActorComponent {}

  public record Hook(String name) implements GameFeatureAction {
    @Override
    public void onActivating(FeatureContext context) {
      LOG.add("activated " + name);
      context.keepUndo(() -> LOG.add("undone " + name));
      Consumer<FeatureContext> once = onActivating;
      onActivating = ignored -> {};
      once.accept(context);
    }

    @Override
    public void onDeactivating(FeatureContext context) {
      LOG.add("deactivated " + name);
    }
  }

  private TestRuntime runtime;
  private ExperienceManager manager;

  @BeforeEach
  void setUp() {
    LOG.clear();
    runtime = TestRuntime.builder(Content.of()
            .file("experiences/Arena.json", """
                { "gameFeaturesToEnable": ["Combat"], "actions": [ { "action": "Hook", "name": "first" }, { "action": "Hook", "name": "second" } ] }
                """)
            .file("experiences/Lobby.json", "{ }")
            .file("plugins/Combat/plugin.json", """
                { "version": "1.0.0", "actions": [ { "action": "AddComponents",
                  "componentList": [ { "actorClass": "Pawn", "componentClass": "Score" } ] } ] }
                """))
        .component("Score", Score.class)
        .action("Hook", Hook.class)
        .build();
    manager = runtime.world("Match").experience();
  }

  @AfterEach
  void tearDown() {
    onActivating = context -> {};
    runtime.close();
  }

  @Test
  void aDeactivateFromOnActivating_undoesTheActions_andLeavesTheWorldUnloaded_readyToLoadAgain() {
    onActivating = context -> manager.deactivate();

    CompletableFuture<ExperienceDefinition> load = manager.setCurrentExperience(ARENA);
    runtime.pump();

    assertEquals(LoadState.UNLOADED, manager.state());
    assertTrue(manager.experienceId().isEmpty(), "no experience: " + manager.experienceId());
    assertTrue(manager.loadedExperience().isEmpty(), "nothing published as loaded");
    assertTrue(load.isCancelled(), "the caller's future: " + load);
    assertEquals(List.of(), manager.activeActions());
    assertEquals(List.of("activated first", "activated second", "deactivated second", "undone second", "deactivated first",
        "undone first"), LOG, "both actions undone, the last first");
    assertEquals(0, runtime.overture().features().requestCount(COMBAT), "the plugin let go");
    assertEquals(0, runtime.overture().assets().stats().pinned(), "no asset held");

    LOG.clear();
    manager.setCurrentExperience(ARENA);
    runtime.pump();
    assertEquals(LoadState.LOADED, manager.state(), "the world loads again");
    assertEquals(ARENA, manager.experienceId().orElseThrow());
    assertEquals(List.of("activated first", "activated second"), LOG);
  }

  @Test
  void aSwitchFromOnActivating_undoesTheActions_andLoadsTheOtherExperience() {
    onActivating = context -> manager.switchExperience(LOBBY);

    CompletableFuture<ExperienceDefinition> load = manager.setCurrentExperience(ARENA);
    runtime.pump();

    assertEquals(LoadState.LOADED, manager.state());
    assertEquals(LOBBY, manager.experienceId().orElseThrow());
    assertEquals(LOBBY, manager.loadedExperience().orElseThrow().id());
    assertTrue(load.isCancelled(), "the replaced load's future: " + load);
    assertEquals(List.of("activated first", "activated second", "deactivated second", "undone second", "deactivated first",
        "undone first"), LOG);
    assertEquals(0, runtime.overture().features().requestCount(COMBAT), "Lobby needs no plugin");
  }
}
