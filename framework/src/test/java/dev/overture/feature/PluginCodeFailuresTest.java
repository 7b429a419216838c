package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.inject.Overture;
import dev.overture.internal.StandardError;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.PluginJar;
import dev.overture.world.GameCodeException;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a jar plugin's buggy game code (a component that throws while it plays or ends, an undo
 * that throws) does to the world running it (review C): the failure names the component, its actor
 * and its plugin; a world closes whole whatever the code throws, so its experience ends and the
 * plugin is released; and a failure is said in a line, its stack trace only at debug.
 */
class PluginCodeFailuresTest {

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();
  private Overture overture;

  static final String PLUGIN = """
      package hostile;

      import dev.overture.feature.GameFeatureAction;
      import dev.overture.feature.OverturePlugin;
      import dev.overture.feature.PluginRegistration;
      import dev.overture.world.ActorComponent;

      public final class HostilePlugin implements OverturePlugin {
        @Override
        public void register(PluginRegistration plugin) {
          plugin.kind(ActorComponent.class, "Hot", Hot.class).kind(GameFeatureAction.class, "HotAction", HotAction.class);
        }
      }
      """;

  /** Throws where the system property hostile.mode says. */
  static final String HOT = """
      package hostile;

      import dev.overture.world.EndPlayReason;

      public class Hot extends dev.overture.world.ActorComponent {
        static boolean in(String step) {
          return System.getProperty("hostile.mode", "").equals(step);
        }

        @Override
        protected boolean wantsTick() {
          return true;
        }

        @Override
        protected void tick(double deltaSeconds) {
          if (in("tick")) {
            throw new IllegalStateException("boom in tick");
          }
        }

        @Override
        protected void endPlay(EndPlayReason reason) {
          if (in("endPlay")) {
            throw new IllegalStateException("boom in endPlay");
          }
        }
      }
      """;

  static final String HOT_ACTION = """
      package hostile;

      import dev.overture.feature.FeatureContext;
      import dev.overture.feature.WorldActionBase;
      import dev.overture.world.GameCodeException;
import dev.overture.world.World;

      public record HotAction(Integer n) implements WorldActionBase {
        @Override
        public void addToWorld(World world, FeatureContext context) {
          if (n != null && Hot.in("addToWorld")) {
            throw new IllegalStateException("boom in addToWorld");
          }
          Hot hot = world.gameState().addComponent(Hot.class, "Hot");
          context.keepUndo(() -> {
            if (Hot.in("undo")) {
              throw new IllegalStateException("boom in undo");
            }
            world.gameState().removeComponent(hot);
          });
        }
      }
      """;

  private static final PluginId HOSTILE = PluginId.of("Hostile");

  private World play(String mode) {
    System.setProperty("hostile.mode", mode);
    PluginJar.of()
        .file("plugin.json", """
            {
              "name": "Hostile", "version": "1.0.0", "entryPoint": "hostile.HostilePlugin",
              "contributes": { "components": ["Hot"], "actions": ["HotAction"] }%s
            }
            """.formatted(mode.equals("addToWorld") ? ",\n  \"actions\": [ { \"action\": \"HotAction\", \"n\": 1 } ]" : ""))
        .file("experiences/Hostile.json", """
            { "gameFeaturesToEnable": ["Hostile"], "actions": [ { "action": "HotAction" } ] }
            """)
        .java("hostile.HostilePlugin", PLUGIN)
        .java("hostile.Hot", HOT)
        .java("hostile.HotAction", HOT_ACTION)
        .writeTo(temp.resolve("plugins/hostile.jar"));
    Path game = Content.of().file("overture.json", "{}").writeTo(temp.resolve("game"));
    overture = Overture.builder()
        .contentRoot(AssetSource.directory(game))
        .plugins(temp.resolve("plugins"))
        .workers(workers)
        .pluginExecutor(serial)
        .ticker(new FakeTicker())
        .closeTimeout(Duration.ZERO)
        .build();
    pump();
    World world = overture.worlds().create("Sample");
    ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
    experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Hostile"));
    pump(world);
    if (!mode.equals("addToWorld")) {
      assertEquals(LoadState.LOADED, experience.state(), () -> experience.failure().map(Throwable::getMessage).orElse(""));
      assertEquals(PluginState.ACTIVE, overture.features().state(HOSTILE));
    }
    return world;
  }

  private void pump(World... worlds) {
    boolean ran;
    do {
      ran = workers.runAll() + serial.runAll() > 0;
      for (World world : worlds) {
        ran |= world.runPendingTasks() > 0;
      }
    } while (ran);
  }

  @AfterEach
  void close() {
    System.clearProperty("hostile.mode");
    if (overture != null) {
      pump();
      overture.close();
    }
  }

  /** Review C, defect 1: the world stayed half-closed and the plugin Active, its loader pinned. */
  @Test
  void aComponentWhoseEndPlayThrows_stillLetsTheWorldClose_andReleasesItsPlugin() {
    World world = play("endPlay");

    String log = StandardError.during(world::close);
    pump(world);

    assertTrue(world.isClosed());
    assertEquals(0, overture.worlds().open().size(), "no longer open, and closed");
    assertEquals(0, overture.features().requestCount(HOSTILE), "the experience ended and released its plugin");
    assertEquals(PluginState.LOADED, overture.features().state(HOSTILE), "deactivated");
    overture.features().unregister(HOSTILE);
    pump();
    assertEquals(PluginState.INSTALLED, overture.features().state(HOSTILE), "nothing holds it");
    // The experience ends first, so the action that added the component removes it (its undo logs the failure).
    assertTrue(log.contains("Releasing what Experience:Hostile actions[0] HotAction (plugin Hostile, "
        + temp.resolve("plugins/hostile.jar") + ") kept in world Sample failed: Component Hot of actor GameState (plugin Hostile) failed in endPlay: boom in endPlay;"
        + " thrown at hostile.Hot.endPlay(Hot.java:25)\n"), "said once: " + log);
    assertFalse(StandardError.hasStackTrace(log), log);
  }

  /** Review C, defect 5: play ended with "boom in tick", naming nothing. */
  @Test
  void aComponentWhoseTickThrows_failsTheTickNamingItsActorAndPlugin() {
    World world = play("tick");

    GameCodeException e = assertThrows(GameCodeException.class, () -> world.tick(0.1));

    assertEquals("Component Hot of actor GameState (plugin Hostile) failed in tick: boom in tick; thrown at hostile.Hot.tick(Hot.java:18)",
        e.getMessage());
    world.close();
    pump(world);
  }

  /** Review C, defect 6: a failing undo printed its full stack trace without --debug. */
  @Test
  void anUndoThatThrows_isLoggedInALine_andTheWorldStillClosesWhole() {
    World world = play("undo");

    String log = StandardError.during(world::close);
    pump(world);

    assertTrue(world.isClosed());
    assertEquals(0, overture.features().requestCount(HOSTILE));
    assertTrue(log.contains("ERROR dev.overture.feature.internal.ActionContext - Releasing what Experience:Hostile actions[0]"
        + " HotAction (plugin Hostile, " + temp.resolve("plugins/hostile.jar") + ") kept in world Sample failed: boom in undo;"
        + " thrown at hostile.HotAction.lambda$addToWorld$0(HotAction.java:17)"), log);
    assertFalse(StandardError.hasStackTrace(log), log);
  }

  /** Review C, defect 11: the failure of a plugin's own action was located without line and column. */
  @Test
  void aPluginsOwnActionThatFailsInAWorld_isLocatedAtItsLineInPluginJson() {
    World world = play("addToWorld");

    ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
    assertEquals(LoadState.FAILED, experience.state());
    dev.overture.core.Problem problem = experience.failure().orElseThrow().problems().get(0);
    assertEquals("Overture/ActionFailed", problem.id());
    assertEquals("/actions/0", problem.location().orElseThrow().pointer());
    assertEquals(4, problem.location().orElseThrow().line(), problem.toString());
    assertEquals(16, problem.location().orElseThrow().column(), problem.toString());
    assertTrue(problem.location().orElseThrow().file().endsWith("hostile.jar!/plugin.json"), problem.toString());
    world.close();
    pump(world);
  }
}
