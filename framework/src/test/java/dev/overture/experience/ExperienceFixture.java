package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.feature.TestActions;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.object.ObjectInitializer;
import dev.overture.object.Property;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A small game on manual executors: experiences, an action set, pawn data, two plugins (Combat
 * depends on Core), and worlds with experience managers. {@link #pump} runs every queue until all
 * are quiet, so tests step through asynchronous loads deterministically.
 */
final class ExperienceFixture implements AutoCloseable {

  /** The fixture's experiences the tests load: Arena (its plugins, action set and pawn data) and Lobby. */
  static final PrimaryAssetId ARENA = PrimaryAssetId.of("Experience", "Arena");
  static final PrimaryAssetId LOBBY = PrimaryAssetId.of("Experience", "Lobby");

  final ManualExecutor workers = new ManualExecutor();
  final ManualExecutor serial = new ManualExecutor();
  /**
   * When set, the plugins' tasks run as they are queued, on the queuing thread, as if the plugins'
   * own thread took each at once: the race a manual executor never loses.
   */
  volatile boolean pluginsAtOnce;
  final FakeTicker ticker = new FakeTicker();
  final Path root;
  final AssetManager assets;
  final GameFeatures features;
  final List<World> worlds = new ArrayList<>();
  ExperienceSettings settings;

  ExperienceFixture(Path temp) {
    this(temp, content -> {});
  }

  /** The fixture, with {@code extra} files added to its content. */
  ExperienceFixture(Path temp, java.util.function.Consumer<Content> extra) {
    this(temp, extra, builder -> {});
  }

  /** The fixture, with {@code extra} files added to its content and its asset manager further {@code configured}. */
  ExperienceFixture(Path temp, java.util.function.Consumer<Content> extra, java.util.function.Consumer<AssetManager.Builder> configured) {
    TestActions.LOG.clear();
    TestActions.PAUSES.clear();
    Content content = content();
    extra.accept(content);
    root = content.writeTo(temp.resolve("assets"));
    AssetManager.Builder builder = Experiences.register(AssetManager.builder())
        .contentRoot(AssetSource.directory(root))
        .kind(ActorComponent.class, "Score", TestActions.Score.class)
        .kind(ActorComponent.class, "Health", TestActions.Health.class)
        .kind(GameFeatureAction.class, "Record", TestActions.Record.class)
        .kind(Actor.class, "Knight", Knight.class)
        .kind(ActorComponent.class, "Shield", Shield.class)
        .kind(Actor.class, "Cursed", Cursed.class)
        .executor(workers)
        .ticker(ticker);
    configured.accept(builder);
    assets = builder.build();
    features = GameFeatures.builder(assets).executor(task -> {
      if (pluginsAtOnce) {
        task.run();
      } else {
        serial.execute(task);
      }
    }).build();
    settings = ExperienceSettings.defaults().withTicker(ticker);
    pump();
  }

  /** A pawn with a default subobject, for archetypes. */
  static class Knight extends Pawn {
    @Property int armor = 1;
    final Shield shield;

    Knight(ObjectInitializer initializer) {
      shield = createDefaultSubobject("Shield", Shield.class);
    }
  }

  /** A knight's shield. */
  static class Shield extends ActorComponent {
    @Property int weight = 5;
  }

  /** A pawn whose constructor always throws. */
  static class Cursed extends Pawn {
    Cursed(ObjectInitializer initializer) {
      throw new IllegalStateException("cursed");
    }
  }

  static Content content() {
    return Content.of()
        .file("experiences/Arena.json", """
            {
              "gameFeaturesToEnable": ["Combat"],
              "defaultPawnData": "Hero",
              "actionSets": ["Standard"],
              "actions": [
                { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Score", "server": false } ] },
                { "action": "AddAbilities", "abilitiesList": [ { "actorClass": "Pawn", "abilitySets": ["abilities/server.json"] } ] },
                { "action": "Record", "name": "arena" }
              ]
            }
            """)
        .file("experiences/Lobby.json", """
            { "actions": [ { "action": "Record", "name": "lobby" } ] }
            """)
        .file("experiences/Misspelled.json", """
            {
              "gameFeaturesToEnable": ["Combat", "Combt"]
            }
            """)
        .file("experiences/Haunted.json", """
            { "defaultPawnData": "Ghost" }
            """)
        .file("experiences/Throws.json", """
            {
              "gameFeaturesToEnable": ["Combat"],
              "actions": [
                { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Score" } ] },
                { "action": "Record", "name": "ok" },
                { "action": "Record", "name": "bad", "fail": true }
              ]
            }
            """)
        .file("experiences/Needy.json", """
            { "gameFeaturesToEnable": ["Needy"] }
            """)
        .file("experiences/Pausing.json", """
            { "gameFeaturesToEnable": ["Combat"], "actions": [ { "action": "Record", "name": "slow", "pause": true } ] }
            """)
        .file("actionsets/Standard.json", """
            {
              "gameFeaturesToEnable": ["Core"],
              "actions": [
                { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Health", "client": false } ] }
              ]
            }
            """)
        .file("pawns/Hero.json", """
            {
              "pawnClass": "Pawn",
              "displayName": "Hero",
              "inputConfig": "input/hero.json",
              "defaultCameraMode": "cameras/third.json",
              "abilitySets": ["abilities/hero.json"]
            }
            """)
        .file("pawns/Ghost.json", """
            { "pawnClass": "Pawn", "inputConfig": "input/ghost.json" }
            """)
        .file("input/hero.json", "{ \"nativeInputActions\": [ { \"inputAction\": \"Move\", \"inputTag\": \"InputTag.Move\" } ] }")
        .file("cameras/third.json", "{ \"distance\": 4, \"height\": 2 }")
        .file("abilities/hero.json", "{ \"grantedAbilities\": [\"Jump\"] }")
        .file("abilities/server.json", "{ \"grantedAbilities\": [\"Respawn\"] }")
        .file("plugins/Core/plugin.json", """
            { "version": "1.0.0", "actions": [ { "action": "Record", "name": "Core" } ] }
            """)
        .file("plugins/Combat/plugin.json", """
            { "version": "1.0.0", "dependencies": [ { "name": "Core" } ], "actions": [ { "action": "Record", "name": "Combat" } ] }
            """)
        .file("plugins/Clumsy/plugin.json", """
            { "version": "1.0.0", "actions": [ { "action": "Record", "name": "clumsy", "fail": true } ] }
            """)
        .file("experiences/Clumsy.json", """
            { "gameFeaturesToEnable": ["Clumsy"] }
            """)
        .file("plugins/Needy/plugin.json", """
            { "version": "1.0.0", "dependencies": [ { "name": "Missing" } ] }
            """)
        .file("experiences/Joust.json", """
            { "defaultPawnData": "Knight" }
            """)
        .file("pawns/Knight.json", """
            { "pawnClass": "Archetype:HeavyKnight", "displayName": "Knight" }
            """)
        .file("archetypes/HeavyKnight.json", """
            { "class": "Knight", "properties": { "armor": 3 }, "subobjects": { "Shield": { "properties": { "weight": 9 } } } }
            """)
        .file("experiences/BadJoust.json", """
            { "defaultPawnData": "BadKnight" }
            """)
        .file("pawns/BadKnight.json", """
            { "pawnClass": "Archetype:Shieldless" }
            """)
        .file("archetypes/Shieldless.json", """
            {
              "class": "Knight",
              "subobjects": { "Sheild": { "create": false } }
            }
            """)
        .file("experiences/ShieldJoust.json", """
            { "defaultPawnData": "ShieldPawn" }
            """)
        .file("pawns/ShieldPawn.json", """
            { "pawnClass": "Archetype:JustAShield" }
            """)
        .file("archetypes/JustAShield.json", """
            { "class": "Shield" }
            """)
        .file("experiences/Curse.json", """
            { "defaultPawnData": "CursedPawn" }
            """)
        .file("pawns/CursedPawn.json", """
            { "pawnClass": "Archetype:Cursed" }
            """)
        .file("archetypes/Cursed.json", """
            { "class": "Cursed" }
            """)
        .file("ui/experiences/ArenaTile.json", """
            { "mapId": "Dust", "experienceId": "Arena", "tileTitle": "Arena", "isDefaultExperience": true }
            """)
        .file("ui/experiences/LobbyTile.json", """
            { "experienceId": "Lobby", "tileTitle": "Lobby", "showInFrontEnd": false }
            """);
  }

  Experiences services() {
    return new Experiences(assets, features, settings);
  }

  /** A world of {@code mode} with an experience manager. */
  ExperienceManager install(String name, NetMode mode) {
    World world = World.builder(name).netMode(mode).build();
    worlds.add(world);
    ExperienceManager manager = ExperienceManager.install(world, services());
    pump();
    return manager;
  }

  /** The states {@code manager} went through, in order, from its timeline. */
  static List<LoadState> states(ExperienceManager manager) {
    return manager.timeline().stream().map(ExperienceManager.Transition::to).toList();
  }

  /**
   * Runs every queue, then checks that nothing an experience took is left: no component request,
   * requested component or extension handler in {@code manager}'s world, no plugin request, no
   * pinned asset.
   */
  void assertNothingLeft(ExperienceManager manager) {
    pump();
    World world = manager.world();
    assertEquals(0, world.componentManager().activeRequests(), "component requests");
    assertEquals(0, world.componentManager().requestedComponents(), "requested components");
    assertEquals(0, world.componentManager().extensionHandlers(), "extension handlers");
    assertEquals(0, pluginRequests(), "plugin requests");
    assertEquals(0, assets.stats().pinned(), "pinned assets");
  }

  /** The one problem of {@code manager}'s failure. */
  static Problem onlyProblem(ExperienceManager manager) {
    List<Problem> problems = manager.failure().orElseThrow().problems();
    assertEquals(1, problems.size(), manager.failure().orElseThrow().getMessage());
    return problems.get(0);
  }

  /**
   * A standalone world "World" whose experience manager was asked for {@code experience}, with every
   * queue run since: where most of the tests of a load start.
   */
  ExperienceManager loadedInWorld(PrimaryAssetId experience) {
    ExperienceManager manager = install("World", NetMode.STANDALONE);
    manager.setCurrentExperience(experience);
    pump();
    return manager;
  }

  /** Runs every queue until none has work. */
  void pump() {
    boolean ran;
    do {
      ran = workers.runAll() > 0;
      ran |= serial.runAll() > 0;
      for (World world : worlds) {
        if (!world.isClosed()) {
          ran |= world.runPendingTasks() > 0;
        }
      }
    } while (ran);
  }

  /** Runs one piece of queued work; false when all queues are empty. */
  boolean step() {
    if (workers.runNext() || serial.runNext()) {
      return true;
    }
    for (World world : worlds) {
      if (!world.isClosed() && world.runPendingTasks() > 0) {
        return true;
      }
    }
    return false;
  }

  static PluginId plugin(String name) {
    return PluginId.of(name);
  }

  int pluginRequests() {
    int total = 0;
    for (PluginId plugin : features.plugins()) {
      total += features.requestCount(plugin);
    }
    return total;
  }

  @Override
  public void close() {
    for (World world : worlds) {
      if (!world.isClosed()) {
        world.close();
      }
    }
    pump();
    features.close();
    assets.close();
  }
}
