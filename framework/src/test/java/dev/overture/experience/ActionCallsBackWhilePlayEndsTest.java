package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.feature.FeatureContext;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.PluginId;
import dev.overture.testing.Content;
import dev.overture.testing.TestRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An action whose {@code onDeactivating} calls back into the experience manager (a match that goes
 * back to the lobby when it ends) while the world closes: the end of play is undoing everything,
 * so a switch is refused with the manager's own words and a deactivate has nothing left to do;
 * neither fails inside the manager, and the world ends {@code Unloaded} with nothing held.
 */
class ActionCallsBackWhilePlayEndsTest {

  private static final PrimaryAssetId ARENA = PrimaryAssetId.parse("Experience:Arena");
  private static final PrimaryAssetId LOBBY = PrimaryAssetId.parse("Experience:Lobby");

  /** What the next deactivation of {@link Hook} calls, on the manager; reset after each test. */
  static volatile Function<ExperienceManager, Object> onDeactivating = manager -> null;
  static ExperienceManager hooked;
  static final List<Object> OUTCOMES = new ArrayList<>();

  public record Hook(String name) implements GameFeatureAction {
    @Override
    public void onActivating(FeatureContext context) {}

    @Override
    public void onDeactivating(FeatureContext context) {
      Function<ExperienceManager, Object> once = onDeactivating;
      onDeactivating = manager -> null;
      try {
        OUTCOMES.add(once.apply(hooked));
      } catch (RuntimeException e) {
        OUTCOMES.add(e);
        throw e;
      }
    }
  }

  private TestRuntime runtime;
  private ExperienceManager manager;
  private final List<LoadState> states = new ArrayList<>();

  @BeforeEach
  void setUp() {
    OUTCOMES.clear();
    runtime = TestRuntime.builder(Content.of()
            .file("experiences/Arena.json", """
                { "gameFeaturesToEnable": ["Combat"], "actions": [ { "action": "Hook", "name": "back to the lobby" } ] }
                """)
            .file("experiences/Lobby.json", "{ }")
            .file("plugins/Combat/plugin.json", "{ \"version\": \"1.0.0\" }"))
        .action("Hook", Hook.class)
        .build();
    manager = runtime.world("Match").experience();
    hooked = manager;
    manager.setCurrentExperience(ARENA);
    runtime.pump();
    assertEquals(LoadState.LOADED, manager.state());
    manager.onStateChanged(change -> states.add(change.to()));
  }

  @AfterEach
  void tearDown() {
    onDeactivating = manager -> null;
    hooked = null;
    runtime.close();
  }

  // Regression: the switch found no experience to deactivate (end of play had taken it) and threw a
  // NullPointerException, after telling the state listeners of a deactivation that never ran.
  @Test
  void aSwitchFromOnDeactivating_asTheWorldCloses_isRefused_sayingTheWorldHasEnded() {
    onDeactivating = manager -> manager.switchExperience(LOBBY);

    manager.world().close();
    runtime.pump();

    IllegalStateException refused = assertInstanceOf(IllegalStateException.class, OUTCOMES.get(0));
    assertEquals("World \"Match\" has ended: it cannot load Experience:Lobby", refused.getMessage());
    assertEndedWithNothingHeld();
  }

  // Regression: the same NullPointerException for a deactivate, which has nothing left to do.
  @Test
  void aDeactivateFromOnDeactivating_asTheWorldCloses_completesAtOnce() {
    onDeactivating = ExperienceManager::deactivate;

    manager.world().close();
    runtime.pump();

    CompletableFuture<?> deactivated = assertInstanceOf(CompletableFuture.class, OUTCOMES.get(0));
    assertTrue(deactivated.isDone() && !deactivated.isCompletedExceptionally(), deactivated.toString());
    assertEndedWithNothingHeld();
  }

  private void assertEndedWithNothingHeld() {
    assertEquals(List.of(LoadState.UNLOADED), states, "no deactivation announced that never ran");
    assertEquals(LoadState.UNLOADED, manager.state());
    assertEquals(0, runtime.overture().features().requestCount(PluginId.of("Combat")), "the plugin let go");
    assertEquals(0, runtime.overture().assets().stats().pinned(), "no asset held");
  }
}
