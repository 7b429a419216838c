package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.feature.FeatureContext;
import dev.overture.feature.GameFeatureAction;
import dev.overture.testing.Content;
import dev.overture.testing.TestRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An action that goes back to the lobby when it deactivates, as its experience's live reload
 * deactivates it: the switch ends the experience from inside the reload's deactivation. Each action
 * is deactivated once, and the world ends in the lobby with nothing of the reload left.
 */
class ActionSwitchesDuringAReloadTest {

  private static final PrimaryAssetId LOBBY = PrimaryAssetId.parse("Experience:Lobby");
  static final List<String> LOG = new ArrayList<>();
  static final List<CompletableFuture<ExperienceDefinition>> SWITCHES = new ArrayList<>();
  static ExperienceManager hooked;

  public record Hook(String name, boolean toLobby) implements GameFeatureAction {
    @Override
    public void onActivating(FeatureContext context) {
      LOG.add("activate " + name);
    }

    @Override
    public void onDeactivating(FeatureContext context) {
      LOG.add("deactivate " + name);
      if (toLobby && SWITCHES.isEmpty()) {
        SWITCHES.add(hooked.switchExperience(LOBBY));
      }
    }
  }

  @AfterEach
  void forget() {
    LOG.clear();
    SWITCHES.clear();
    hooked = null;
  }

  // Regression: the switch deactivated the actions again while the reload was deactivating them, so
  // every action's onDeactivating ran twice (a match's results recorded twice, say).
  @Test
  void anActionThatSwitchesWhenTheReloadDeactivatesIt_isDeactivatedOnce_andTheWorldGoesToTheLobby() {
    try (TestRuntime runtime = TestRuntime.builder(Content.of()
            .file("experiences/Arena.json", arena(""))
            .file("experiences/Lobby.json", "{ }"))
        .action("Hook", Hook.class)
        .liveContent()
        .build()) {
      hooked = runtime.world("Match").load("Arena").assertLoaded().experience();
      LOG.clear();

      runtime.edit("experiences/Arena.json", arena("2"));
      runtime.reload();

      assertEquals(List.of("deactivate c", "deactivate back", "deactivate a",
          // the reload's content activates, then goes with the experience the switch ended
          "activate a2", "activate back2", "activate c2", "deactivate c2", "deactivate back2", "deactivate a2"), LOG);
      assertTrue(SWITCHES.get(0).isDone() && !SWITCHES.get(0).isCompletedExceptionally(), SWITCHES.toString());
      assertEquals(LoadState.LOADED, hooked.state());
      assertEquals(LOBBY, hooked.experienceId().orElseThrow());
      assertEquals(List.of(), hooked.activeActions());
      hooked.deactivate();
      runtime.pump();
      assertEquals(0, runtime.overture().assets().stats().pinned(), "nothing of Arena (nor of its reload) held");
    }
  }

  /** Arena's actions a, back (to the lobby) and c, each name followed by {@code suffix}. */
  private static String arena(String suffix) {
    return "{ \"actions\": [ { \"action\": \"Hook\", \"name\": \"a" + suffix + "\" }, { \"action\": \"Hook\", \"name\": \"back"
        + suffix + "\", \"toLobby\": true }, { \"action\": \"Hook\", \"name\": \"c" + suffix + "\" } ] }";
  }
}
