package dev.overture.reliability;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.feature.PluginId;
import dev.overture.feature.PluginState;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.PluginJar;
import dev.overture.validation.ValidationReport;
import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rule: deactivating and unregistering a jar plugin removes everything it registered and releases
 * its class loader, so a long-running server can drop a plugin without keeping its classes
 * (issue 16). The plugin here goes through every path that could keep a class: its own component,
 * action and asset class bound by Jackson (whose caches are keyed by class), property values of its
 * own types in an archetype (converted by the framework's own mappers), a custom version with
 * an upgrade step, a validator extension, descriptor actions of its own kinds applied to a world,
 * objects built (class values, generated constructors), an experience loaded and played; then it is
 * deactivated and unregistered, and the test waits until the collector has taken its loader.
 */
class PluginUnloadReliabilityTest {

  @TempDir Path temp;

  /** Plugin changes run when the test runs them; files are read on Overture's own workers (the validator waits for them). */
  private final ManualExecutor serial = new ManualExecutor();

  private void pump(World... worlds) {
    boolean ran;
    do {
      ran = serial.runAll() > 0;
      for (World world : worlds) {
        ran |= world.runPendingTasks() > 0;
      }
    } while (ran);
  }

  /** Runs plugin changes and the world's tasks until {@code done}, waiting for the workers. */
  private void pumpUntil(java.util.function.BooleanSupplier done, World... worlds) {
    await().atMost(Duration.ofSeconds(30)).pollInSameThread().until(() -> {
      pump(worlds);
      return done.getAsBoolean();
    });
  }

  /** The runtime of {@code game} and the plugins folder, its plugin changes run when the test runs them. */
  private Overture open(Path game) {
    return Overture.builder()
        .contentRoot(AssetSource.directory(game))
        .plugins(temp.resolve("plugins"))
        .workerThreads(2)
        .pluginExecutor(serial)
        .ticker(new FakeTicker())
        .closeTimeout(Duration.ZERO)
        .build();
  }

  private static final String PLUGIN = """
      package relics;

      import dev.overture.feature.GameFeatureAction;
      import dev.overture.feature.OverturePlugin;
      import dev.overture.feature.PluginRegistration;
      import dev.overture.validation.AssetValidator;
      import dev.overture.version.CustomVersion;
      import dev.overture.version.Guid;
      import dev.overture.version.UpgradeStep;
      import dev.overture.world.ActorComponent;

      public final class RelicsPlugin implements OverturePlugin {
        static final CustomVersion FORMAT = new CustomVersion(Guid.parse("6B0D1E2A-3C4F-4A5B-8C6D-7E8F9A0B1C2D"), 2, "Relics-Format");

        @Override
        public void register(PluginRegistration plugin) {
          plugin.kind(ActorComponent.class, "Glow", Glow.class)
              .kind(GameFeatureAction.class, "Kindle", Kindle.class)
              .assetClass("Relic", Relic.class)
              .customVersion(FORMAT, Relic.class)
              .upgrade(UpgradeStep.of(FORMAT, 2, Relic.class, "shine is called glow", relic -> {
                if (relic.has("shine")) {
                  relic.set("glow", relic.remove("shine"));
                }
              }))
              .extension(AssetValidator.class, new RelicRules());
        }
      }
      """;

  private static final String GLOW = """
      package relics;

      public class Glow extends dev.overture.world.ActorComponent {
        public enum Mood { CALM, BRIGHT }

        public record Spark(int size) {}

        @dev.overture.object.Property int brightness = 3;
        @dev.overture.object.Property Mood mood = Mood.CALM;
        @dev.overture.object.Property java.util.List<Spark> sparks = java.util.List.of();
        @dev.overture.object.Property java.util.List<Object> things = java.util.List.of();

        public Glow() {}
      }
      """;

  private static final String KINDLE = """
      package relics;

      import dev.overture.feature.FeatureContext;
      import dev.overture.feature.WorldActionBase;
      import dev.overture.world.World;

      public record Kindle(Integer brightness) implements WorldActionBase {
        @Override
        public void addToWorld(World world, FeatureContext context) {
          // The plugin's record in a List<Object>: the declared type names no class of the plugin's.
          world.objects().classDefaults(Glow.class).set("things", java.util.List.of(new Glow.Spark(1)));
          Glow glow = world.gameState().addComponent(Glow.class, "Kindled");
          context.keepUndo(() -> world.gameState().removeComponent(glow));
        }
      }
      """;

  private static final String RELIC = """
      package relics;

      public record Relic(String name, int glow) {}
      """;

  private static final String RULES = """
      package relics;

      import dev.overture.validation.AssetValidator;
      import dev.overture.validation.ValidationContext;

      public final class RelicRules implements AssetValidator<Relic> {
        @Override
        public Class<Relic> assetClass() {
          return Relic.class;
        }

        @Override
        public void isDataValid(Relic relic, ValidationContext context) {
          if (relic.glow() < 0) {
            context.error("Relics/Dark", "/glow", "A relic glows 0 or more");
          }
        }
      }
      """;

  private Path relicsJar() {
    return PluginJar.of()
        .file("plugin.json", """
            {
              "name": "Relics",
              "version": "1.0.0",
              "entryPoint": "relics.RelicsPlugin",
              "contributes": { "components": ["Glow"], "actions": ["Kindle"] },
              "primaryAssetTypesToScan": [ { "type": "Relic", "assetClass": "Relic", "directories": ["relics"] } ],
              "actions": [ { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Glow" } ] } ]
            }
            """)
        .file("relics/Ember.json", """
            {
              "$version": { "custom": [ { "name": "Relics-Format", "guid": "6B0D1E2A-3C4F-4A5B-8C6D-7E8F9A0B1C2D", "version": 1 } ] },
              "name": "Ember",
              "shine": 4
            }
            """)
        .file("archetypes/Lantern.json", """
            { "class": "Glow", "properties": { "mood": "BRIGHT", "sparks": [ { "size": 2 } ] } }
            """)
        .file("experiences/Vigil.json", """
            {
              "gameFeaturesToEnable": ["Relics"],
              "defaultPawnData": "PawnData:Keeper",
              "actions": [ { "action": "Kindle", "brightness": 5 } ]
            }
            """)
        .java("relics.RelicsPlugin", PLUGIN)
        .java("relics.Glow", GLOW)
        .java("relics.Kindle", KINDLE)
        .java("relics.Relic", RELIC)
        .java("relics.RelicRules", RULES)
        .writeTo(temp.resolve("plugins/relics.jar"));
  }

  @Test
  void unregisteringAJarPlugin_releasesItsClassLoader() {
    relicsJar();
    Path game = Content.of()
        .file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Keeper\" }")
        .writeTo(temp.resolve("game"));
    try (Overture overture = open(game)) {
      pumpUntil(() -> overture.ready().isDone());
      WeakReference<ClassLoader> loader = playThenUnregister(overture);

      await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
        System.gc();
        return loader.get() == null;
      });
      assertEquals(PluginState.INSTALLED, overture.features().state(PluginId.of("Relics")), "the runtime goes on without it");
    }
  }

  private static final String CRACKED = """
      package cracked;

      import dev.overture.feature.OverturePlugin;
      import dev.overture.feature.PluginRegistration;

      public final class CrackedPlugin implements OverturePlugin {
        @Override
        public void register(PluginRegistration plugin) {
          dev.overture.reliability.PluginLoaderWitness.loader = new java.lang.ref.WeakReference<>(getClass().getClassLoader());
          throw new Crack(this, "the kiln was cold");
        }
      }
      """;

  /** An exception of the plugin's own class that holds the plugin's own object, as a plugin's may. */
  private static final String CRACK = """
      package cracked;

      public final class Crack extends RuntimeException {
        private final Object plugin;

        public Crack(Object plugin, String message) {
          super(message);
          this.plugin = plugin;
        }
      }
      """;

  /**
   * A plugin whose entry point fails stays in {@code Error} with its failure, for as long as the
   * runtime lives; that failure must not keep the plugin's classes. An exception keeps the classes of
   * every method on its stack, and one of the plugin's own class (here holding the plugin itself)
   * keeps its class loader: the failure keeps what it says instead (the exception's class name,
   * message and stack trace).
   */
  @Test
  void aPluginInError_releasesItsClassLoader_andKeepsItsFailure() {
    PluginJar.of()
        .file("plugin.json", "{ \"name\": \"Cracked\", \"version\": \"1.0.0\", \"entryPoint\": \"cracked.CrackedPlugin\" }")
        .java("cracked.CrackedPlugin", CRACKED)
        .java("cracked.Crack", CRACK)
        .writeTo(temp.resolve("plugins/cracked.jar"));
    Path game = Content.of().file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Keeper\" }")
        .writeTo(temp.resolve("game"));
    try (Overture overture = open(game)) {
      pumpUntil(() -> overture.ready().isDone());
      PluginId cracked = PluginId.of("Cracked");
      assertEquals(PluginState.ERROR, overture.features().state(cracked));
      WeakReference<ClassLoader> loader = PluginLoaderWitness.loader;
      assertTrue(loader != null && loader.get() != null, "the entry point ran in a loader of its own");

      await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
        System.gc();
        return loader.get() == null;
      });

      Throwable failure = overture.features().failure(cracked).orElseThrow();
      assertEquals(PluginState.ERROR, overture.features().state(cracked), "still in Error, with its failure");
      assertTrue(failure.getMessage().contains("the kiln was cold"), failure.getMessage());
      Throwable cause = failure.getCause();
      assertEquals("cracked.Crack: the kiln was cold", cause.toString(), "what the plugin threw, by its class's name");
      assertEquals("cracked.CrackedPlugin", cause.getStackTrace()[0].getClassName());
      assertEquals("register", cause.getStackTrace()[0].getMethodName());
    }
  }

  /** Uses everything the plugin has, then lets it go; only a weak reference to its loader leaves. */
  private WeakReference<ClassLoader> playThenUnregister(Overture overture) {
    PluginId relics = PluginId.of("Relics");
    assertEquals(PluginState.REGISTERED, overture.features().state(relics),
        () -> overture.features().failure(relics).map(Throwable::getMessage).orElse(""));
    Class<?> glow = overture.assets().tools().kind(ActorComponent.class, "Glow").orElseThrow();
    WeakReference<ClassLoader> loader = new WeakReference<>(glow.getClassLoader());

    Object ember = overture.assets().loadSynchronously(PrimaryAssetId.parse("Relic:Ember"), Object.class);
    assertEquals("Relic[name=Ember, glow=4]", ember.toString(), "bound by its own class, upgraded by its own step");
    overture.assets().unload(java.util.List.of(PrimaryAssetId.parse("Relic:Ember")));
    // Property values of the plugin's own types (an enum, a list of records), converted by the
    // framework's mappers: a mapper shared by the process kept the plugin's classes in its caches.
    Object lantern = overture.assets().loadSynchronously(PrimaryAssetId.parse("Archetype:Lantern"), Object.class);
    assertTrue(lantern.toString().contains("Glow"), lantern.toString());
    overture.assets().unload(java.util.List.of(PrimaryAssetId.parse("Archetype:Lantern")));
    ValidationReport report = overture.validator().run(); // plugins are registered already: no plugin change to wait for
    assertTrue(!report.hasErrors(), report.format());

    World world = overture.worlds().create("Vigil");
    ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
    experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Vigil"));
    pumpUntil(() -> experience.state() == LoadState.LOADED || experience.state() == LoadState.FAILED, world);
    assertEquals(LoadState.LOADED, experience.state(), () -> experience.failure().map(Throwable::getMessage).orElse(""));
    Pawn pawn = experience.spawnPawn("Keeper");
    world.tick(0.1);
    assertTrue(pawn.components().stream().anyMatch(glow::isInstance), "the plugin's own action gave the pawn its Glow");
    assertTrue(world.gameState().findComponentNamed("Kindled").isPresent(), "the experience's Kindle ran");

    CompletableFuture<Void> deactivated = experience.deactivate();
    pumpUntil(deactivated::isDone, world);
    deactivated.join();
    world.close();
    CompletableFuture<Void> released = overture.features().whenIdle();
    pumpUntil(released::isDone, world);
    CompletableFuture<Void> unregistered = overture.features().unregister(relics);
    pumpUntil(unregistered::isDone);
    unregistered.join();
    assertEquals(PluginState.INSTALLED, overture.features().state(relics));
    return loader;
  }
}
