package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.id.StableId;
import dev.overture.object.ObjectInitializer;
import dev.overture.object.Property;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The world store's contract, on SQLite and on PostgreSQL. */
@ParameterizedClass
@EnumSource(Backend.class)
class WorldStoreTest {

  enum Mood {
    CALM,
    ANGRY
  }

  record Loadout(String weapon, int rounds) {}

  static class Turret extends ActorComponent {
    @Property double angle;
  }

  static class Radio extends ActorComponent {
    @Property String channel = "";
  }

  static class Beacon extends ActorComponent {}

  /** Whether a {@link Fickle} can be built. */
  static volatile boolean fickleBreaks;

  static class Fickle extends ActorComponent {
    @Property int mood = 1;

    Fickle() {
      if (fickleBreaks) {
        throw new IllegalStateException("not today");
      }
    }
  }

  static class Unregistered extends Actor {}

  static class Tank extends Pawn {
    @Property int ammo = 10;
    @Property long fuel;
    @Property float armor = 1f;
    @Property boolean burning;
    @Property String callsign = "";
    @Property Mood mood = Mood.CALM;
    @Property StableId target = StableId.NONE;
    @Property List<StableId> squad = List.of();
    @Property List<String> crew = List.of();
    @Property Loadout loadout;
    @Property Integer kills;
    final Turret turret;

    Tank(ObjectInitializer initializer) {
      turret = createDefaultSubobject("Turret", Turret.class);
    }
  }

  static class Lamp extends ActorComponent {}

  static class Lighthouse extends ActorComponent {
    Lighthouse(ObjectInitializer initializer) {
      createDefaultSubobject("Lamp", Lamp.class);
    }
  }

  /** A component that makes a radio of its own. */
  static class Keeper extends ActorComponent {
    final Radio radio;

    Keeper(ObjectInitializer initializer) {
      radio = createDefaultSubobject("Radio", Radio.class);
    }
  }

  static class Match extends dev.overture.world.GameState {
    @Property int round;
  }

  static class Holder<T> extends Pawn {
    @Property T value;
  }

  static class Buddy extends Pawn {
    @Property Pawn friend;
  }

  static class StringHolder extends Pawn {
    @Property String text = "";
  }

  static final ClassNames CLASSES = ClassNames.of(Map.ofEntries(
      Map.entry("Tank", Tank.class), Map.entry("Turret", Turret.class), Map.entry("Radio", Radio.class),
      Map.entry("Beacon", Beacon.class), Map.entry("Fickle", Fickle.class), Map.entry("Lighthouse", Lighthouse.class), Map.entry("Keeper", Keeper.class), Map.entry("Match", Match.class),
      Map.entry("Holder", Holder.class), Map.entry("Buddy", Buddy.class), Map.entry("StringHolder", StringHolder.class)));

  @Parameter Backend backend;
  @TempDir Path temp;
  private Backend.Place place;

  @BeforeEach
  void database() {
    place = backend.fresh(temp);
  }

  @AfterEach
  void closeDatabase() {
    place.close();
  }

  private WorldStore store() {
    return place.open(CLASSES);
  }

  private static World world(WorldStore store) {
    return World.builder("Arena").ids(store.ids()).build();
  }

  @Test
  void aRestoredWorld_hasEveryActorsIdClassNamePropertiesAndComponents() {
    StableId tankId;
    StableId scoutId;
    try (WorldStore store = store()) {
      World world = world(store);
      Tank tank = world.spawnActor(Tank.class, "Tiger");
      Pawn scout = world.spawnActor(Pawn.class, "Scout");
      tankId = tank.stableId();
      scoutId = scout.stableId();
      tank.ammo = 3;
      tank.fuel = 5_000_000_000L;
      tank.armor = 0.5f;
      tank.burning = true;
      tank.callsign = "Łódź-7";
      tank.mood = Mood.ANGRY;
      tank.target = scoutId;
      tank.squad = List.of(scoutId, StableId.NONE, tankId);
      tank.crew = List.of("Ada", "Grace");
      tank.loadout = new Loadout("cannon", 40);
      tank.kills = null;
      tank.turret.angle = 87.5;
      tank.addComponent(Radio.class, "Radio").channel = "7";
      world.componentManager().addComponentRequest(Tank.class, Beacon.class);

      WorldStore.Saved saved = store.save(world);

      assertEquals(3, saved.actors(), "the tank, the scout and the game state");
      assertEquals(2, saved.components(), "the turret and the radio; the requested beacon is the request's to make");
    }

    try (WorldStore reopened = store()) {
      World world = world(reopened);
      WorldStore.Restored restored = reopened.restore(world);

      assertEquals(List.of(), restored.warnings());
      assertEquals(3, restored.actors());
      Tank tank = (Tank) world.findActor(tankId).orElseThrow();
      assertEquals("Tiger", tank.name());
      assertEquals(3, tank.ammo);
      assertEquals(5_000_000_000L, tank.fuel);
      assertEquals(0.5f, tank.armor);
      assertTrue(tank.burning);
      assertEquals("Łódź-7", tank.callsign);
      assertEquals(Mood.ANGRY, tank.mood);
      assertEquals(scoutId, tank.target);
      assertEquals(List.of(scoutId, StableId.NONE, tankId), tank.squad);
      assertEquals(List.of("Ada", "Grace"), tank.crew);
      assertEquals(new Loadout("cannon", 40), tank.loadout);
      assertEquals(null, tank.kills);
      assertEquals(87.5, tank.turret.angle);
      assertEquals(List.of("Turret", "Radio"), tank.components().stream().map(ActorComponent::name).toList());
      assertEquals("7", ((Radio) tank.findComponentNamed("Radio").orElseThrow()).channel);
      assertTrue(tank.isPlaying());
      assertEquals(Pawn.class, world.findActor(scoutId).orElseThrow().getClass());
      assertTrue(world.spawnActor(Pawn.class, "New").stableId().value() > tankId.value(), "new ids never repeat saved ones");
    }
  }

  @Test
  void properties_keepTheOrderTheyWereSavedIn_inTheirOwnColumn() throws Exception {
    try (WorldStore store = store()) {
      World world = world(store);
      world.spawnActor(Tank.class, "Tiger");
      store.save(world);
    }
    List<String> saved = new ArrayList<>();
    try (Connection db = place.connect();
        Statement sql = db.createStatement();
        java.sql.ResultSet rows = sql.executeQuery("SELECT p.name FROM properties p JOIN actors a ON a.id = p.actor_id"
            + " WHERE a.name = 'Tiger' ORDER BY p.position")) {
      while (rows.next()) {
        saved.add(rows.getString(1));
      }
    }
    List<String> declared = new ArrayList<>(dev.overture.object.ObjectProperties.names(Tank.class));
    declared.addAll(dev.overture.object.ObjectProperties.names(Turret.class));
    assertEquals(declared, saved);
  }

  @Test
  void ids_neverRepeat_acrossRestarts_evenWhenTheProcessStoppedMidBlock() {
    List<StableId> handedOut = new ArrayList<>();
    for (int restart = 0; restart < 3; restart++) {
      try (WorldStore store = store()) {
        for (int i = 0; i < 5; i++) {
          handedOut.add(store.ids().next());
        }
      }
    }
    assertEquals(handedOut.size(), handedOut.stream().distinct().count(), handedOut.toString());
    for (int i = 1; i < handedOut.size(); i++) {
      assertTrue(handedOut.get(i).value() > handedOut.get(i - 1).value(), "increasing: " + handedOut);
    }
  }

  @Test
  void aFailedSave_leavesThePreviousSaveWhole() {
    StableId kept;
    try (WorldStore store = store()) {
      World world = world(store);
      Tank tank = world.spawnActor(Tank.class, "Tiger");
      kept = tank.stableId();
      tank.ammo = 7;
      store.save(world);

      tank.ammo = 1;
      world.spawnActor(Pawn.class, "Scout");
      world.spawnActor(Unregistered.class, "Stranger");
      PersistenceException e = assertThrows(PersistenceException.class, () -> store.save(world));
      assertTrue(e.getMessage().startsWith("Cannot save Unregistered[Stranger]: its class " + Unregistered.class.getName()),
          e.getMessage());
      assertTrue(e.getMessage().contains("has no registered name (register it with AssetManager.Builder.kind"), e.getMessage());
    }
    try (WorldStore store = store()) {
      World world = world(store);
      store.restore(world);
      assertEquals(List.of("Tiger"), world.actors(Tank.class).stream().map(Actor::name).toList());
      assertEquals(7, ((Tank) world.findActor(kept).orElseThrow()).ammo);
      assertEquals(List.of(), world.actors(Pawn.class).stream().filter(actor -> actor.getClass() == Pawn.class).toList(),
          "nothing of the failed save");
    }
  }

  @Test
  void whatCannotBeRestored_isReported_andTheRestStillRestores() throws Exception {
    StableId id;
    try (WorldStore store = store()) {
      World world = world(store);
      Tank tank = world.spawnActor(Tank.class, "Tiger");
      id = tank.stableId();
      tank.ammo = 4;
      store.save(world);
    }
    try (Connection db = place.connect();
        PreparedStatement corrupt = db.prepareStatement("UPDATE properties SET value = ? WHERE name = 'fuel'");
        Statement sql = db.createStatement()) {
      corrupt.setBytes(1, new byte[] {1, 2, 3});
      corrupt.executeUpdate();
      sql.executeUpdate("UPDATE properties SET name = 'speed' WHERE name = 'burning'");
      sql.executeUpdate("INSERT INTO actors (id, world, class, name) VALUES (999999, 'Arena', 'Zeppelin', 'Airship')");
    }
    try (WorldStore store = store()) {
      World world = world(store);
      WorldStore.Restored restored = store.restore(world);

      assertEquals(List.of(
              "Actor Airship (StableId(999999)) was saved as a Zeppelin, which is not a registered actor class; it was not restored",
              "Saved property \"fuel\" of Tank[Tiger] cannot be read (At byte 0: truncated: FileVersionUE4 needs 4 bytes, 3 left);"
                  + " it keeps its default",
              "Saved property \"speed\" of Tank[Tiger] no longer exists; it was ignored"),
          restored.warnings().stream().map(dev.overture.core.Problem::message).sorted().toList());
      assertEquals(4, ((Tank) world.findActor(id).orElseThrow()).ammo, "the rest restored");
    }
  }

  /** Review of the ids branch, finding 12: an actor saved with a negative id was restored silently. */
  @Test
  void anActorSavedWithAnIdNoStoreHandsOut_isNotRestored_andSaysWhy() throws Exception {
    try (WorldStore store = store()) {
      store.save(world(store));
    }
    try (Connection db = place.connect(); Statement sql = db.createStatement()) {
      sql.executeUpdate("INSERT INTO actors (id, world, class, name) VALUES (-5, 'Arena', 'Tank', 'Ghost')");
      sql.executeUpdate("INSERT INTO actors (id, world, class, name) VALUES (0, 'Arena', 'Tank', 'Nobody')");
    }
    try (WorldStore store = store()) {
      World world = world(store);
      WorldStore.Restored restored = store.restore(world);

      assertEquals(List.of(
              "Actor Ghost was saved with the id -5, which no store hands out (ids are positive); it was not restored",
              "Actor Nobody was saved with the id 0, which no store hands out (ids are positive); it was not restored"),
          restored.warnings().stream().map(dev.overture.core.Problem::message).sorted().toList());
      assertTrue(world.findActor("Ghost").isEmpty());
    }
  }

  @Test
  void aStoreWrittenByANewerSchema_isRefusedAndLeftAlone() throws Exception {
    store().close();
    try (Connection db = place.connect();
        Statement sql = db.createStatement()) {
      sql.executeUpdate("UPDATE overture_store SET value = '3' WHERE key = 'schema'");
    }

    PersistenceException e = assertThrows(PersistenceException.class, this::store);

    assertTrue(e.getMessage().endsWith(place.name() + " was written with store schema 3; this build knows schema 2"
        + " and leaves it as it is"), e.getMessage());
  }

  @Test
  void theGameState_keepsItsIdAndValues_andRequestedComponentsWithTheirChildrenAreLeftToTheirRequest() {
    StableId gameStateId;
    try (WorldStore store = store()) {
      World world = World.builder("Arena").ids(store.ids()).gameState(Match.class).build();
      ((Match) world.gameState()).round = 7;
      gameStateId = world.gameState().stableId();
      world.componentManager().addComponentRequest(Tank.class, Lighthouse.class);
      Tank tank = world.spawnActor(Tank.class, "Tiger");
      assertEquals(List.of("Turret", "Lighthouse_1", "Lighthouse_1.Lamp"), tank.components().stream().map(ActorComponent::name).toList());
      store.save(world);
    }
    try (WorldStore store = store()) {
      World world = World.builder("Arena").ids(store.ids()).gameState(Match.class).build();
      WorldStore.Restored restored = store.restore(world);

      assertEquals(List.of(), restored.warnings(), "the lamp was the request's, not a missing default");
      assertEquals(gameStateId, world.gameState().stableId());
      assertEquals(7, ((Match) world.gameState()).round);
      assertEquals(List.of("Turret"), world.actors(Tank.class).get(0).components().stream().map(ActorComponent::name).toList());
    }
  }

  @Test
  void aHostsDataSource_savesAgainAndAgain() {
    javax.sql.DataSource plain;
    if (backend == Backend.SQLITE) {
      org.sqlite.SQLiteDataSource sqlite = new org.sqlite.SQLiteDataSource();
      sqlite.setUrl("jdbc:sqlite:" + temp.resolve("host.db"));
      plain = sqlite;
    } else {
      plain = place.server().dataSource();
    }
    try (WorldStore store = WorldStore.open(plain, CLASSES)) {
      World world = world(store);
      Tank tank = world.spawnActor(Tank.class, "Tiger");
      store.save(world);
      tank.ammo = 2;
      store.save(world);

      World again = world(store);
      store.restore(again);
      assertEquals(2, again.actors(Tank.class).get(0).ammo);
    }
  }

  @Test
  void ids_stayAboveEverySavedId_andWorldsWithOtherAllocatorsAreRefused() throws Exception {
    try (WorldStore store = store()) {
      World stranger = World.builder("Arena").build();
      PersistenceException e = assertThrows(PersistenceException.class, () -> store.save(stranger));
      assertEquals("World Arena takes its ids from another allocator, so they could collide with this store's; build it with"
          + " World.builder(name).ids(store.ids())", e.getMessage());
    }
    try (Connection db = place.connect();
        Statement sql = db.createStatement()) {
      sql.executeUpdate("DELETE FROM id_allocator");
      sql.executeUpdate("INSERT INTO actors (id, world, class, name) VALUES (5000, 'Imported', 'Pawn', 'Old')");
    }
    try (WorldStore store = store()) {
      assertTrue(store.ids().next().value() > 5000, "an imported save's ids are not handed out again");
    }
  }

  @Test
  void whatASaveCannotHold_failsTheSave_namingTheProperty() {
    try (WorldStore store = store()) {
      World world = world(store);
      Buddy buddy = world.spawnActor(Buddy.class, "Buddy");
      buddy.friend = world.spawnActor(Pawn.class, "Friend");

      PersistenceException e = assertThrows(PersistenceException.class, () -> store.save(world));

      assertEquals("Cannot save property \"friend\" of Buddy[Buddy]: it refers to Pawn[Friend], a live game object a save cannot"
          + " hold; give the property the object's StableId instead", e.getMessage());
    }
  }

  @Test
  void anyText_survives_evenNulsAndUnpairedSurrogates() {
    StableId id;
    String text = "a\0b \uD800 ok \uD83D\uDE00 é";
    try (WorldStore store = store()) {
      World world = world(store);
      StringHolder holder = world.spawnActor(StringHolder.class, "Holder");
      holder.text = text;
      id = holder.stableId();
      store.save(world);
    }
    try (WorldStore store = store()) {
      World world = world(store);
      store.restore(world);
      assertEquals(text, ((StringHolder) world.findActor(id).orElseThrow()).text);
    }
  }

  @Test
  void restoringIntoAWorldThatHasTheName_skipsThatActorAndRestoresTheRest_andRestoredIdListsCanChange() {
    try (WorldStore store = store()) {
      World world = world(store);
      world.spawnActor(Pawn.class, "Scout");
      Tank tank = world.spawnActor(Tank.class, "Tiger");
      tank.squad = List.of(tank.stableId());
      Holder<String> holder = world.spawnActor(holderClass(), "Holder");
      holder.value = "kept";
      store.save(world);

      World busy = world(store);
      busy.spawnActor(Pawn.class, "Scout");
      WorldStore.Restored restored = store.restore(busy);

      assertEquals(List.of("Overture/RestoreConflict"), restored.warnings().stream().map(dev.overture.core.Problem::id).toList());
      Tank back = busy.actors(Tank.class).get(0);
      back.squad.add(StableId.NONE);
      assertEquals(2, back.squad.size());
      assertEquals("kept", busy.actors(Holder.class).get(0).value, "a generic property comes back through JSON");
    }
  }

  // Regression: a saved component that the world already had one of that name of was reported "not
  // restored", yet its saved values were written into the world's own component (or reported as
  // properties that "no longer exist" when its class differed).
  @Test
  void aComponentNotRestoredForAConflict_leavesTheWorldsOwnComponentOfThatNameAsItWas() {
    try (WorldStore store = store()) {
      World world = world(store);
      world.gameState().addComponent(Radio.class, "Radio").channel = "saved";
      world.gameState().addComponent(Radio.class, "Intercom").channel = "saved too";
      store.save(world);

      World busy = world(store);
      Radio own = busy.gameState().addComponent(Radio.class, "Radio");
      own.channel = "the host's";
      busy.gameState().addComponent(Turret.class, "Intercom");
      WorldStore.Restored restored = store.restore(busy);

      assertEquals(List.of(
              "Component \"Radio\" of GameState[GameState] was not restored: GameState[GameState] already makes a component"
                  + " of that name, which keeps its own values",
              "Component \"Intercom\" of GameState[GameState] was not restored: GameState[GameState] already makes a"
                  + " component of that name, which keeps its own values"),
          restored.warnings().stream().map(dev.overture.core.Problem::message).toList());
      assertEquals("the host's", own.channel);
    }
  }

  // Regression: a component could be added without a name; its properties were saved under the empty
  // component name, which means the actor's own, so a restore lost them ("no longer exists").
  @Test
  void aComponentWithoutAName_isRefused_andOneAnOlderBuildSaved_isSkipped_restoringTheRestOfItsActor() throws Exception {
    StableId id;
    try (WorldStore store = store()) {
      World world = world(store);
      Tank tank = world.spawnActor(Tank.class, "Tiger");
      IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> tank.addComponent(Radio.class, ""));
      assertEquals("A component of Tank[Tiger] needs a name, not \"\"", refused.getMessage());
      assertEquals("A component of Tank[Tiger] needs a name, not null",
          assertThrows(IllegalArgumentException.class, () -> tank.addComponent(Radio.class, null)).getMessage());
      id = tank.stableId();
      tank.ammo = 4;
      store.save(world);
    }
    try (Connection db = place.connect(); Statement sql = db.createStatement()) {
      sql.executeUpdate("INSERT INTO components (actor_id, name, class, origin, position) VALUES (" + id.value()
          + ", '', 'Radio', 'added', 5)");
    }
    try (WorldStore store = store()) {
      World world = world(store);
      WorldStore.Restored restored = store.restore(world);

      assertEquals(List.of("A component of Tank[Tiger] was saved without a name (as a Radio); it was not restored"),
          restored.warnings().stream().map(dev.overture.core.Problem::message).toList());
      assertEquals(4, ((Tank) world.findActor(id).orElseThrow()).ammo, "the rest of the actor restored");
    }
  }

  // Regression: a saved component that could not be built again cost its whole actor ("was not
  // restored"); for the game state, the warning said so while its id and the components before it
  // had been restored.
  @Test
  void aComponentThatCannotBeBuiltAgain_isNotRestored_butItsActorAndTheGameStateAre() {
    StableId tiger;
    StableId gameState;
    try (WorldStore store = store()) {
      World world = World.builder("Arena").ids(store.ids()).gameState(Match.class).build();
      ((Match) world.gameState()).round = 3;
      world.gameState().addComponent(Fickle.class, "Mood");
      world.gameState().addComponent(Radio.class, "Radio").channel = "7";
      Tank tank = world.spawnActor(Tank.class, "Tiger");
      tank.addComponent(Fickle.class, "Temper").mood = 5;
      tank.addComponent(Radio.class, "Radio").channel = "9";
      tank.ammo = 4;
      tiger = tank.stableId();
      gameState = world.gameState().stableId();
      store.save(world);
    }
    fickleBreaks = true;
    try (WorldStore store = store()) {
      World world = World.builder("Arena").ids(store.ids()).gameState(Match.class).build();
      WorldStore.Restored restored = store.restore(world);

      assertEquals(List.of(
              "Component \"Mood\" of Match[GameState] was not restored: The constructor of Fickle failed: not today",
              "Component \"Temper\" of Tank[Tiger] was not restored: The constructor of Fickle failed: not today"),
          restored.warnings().stream().map(dev.overture.core.Problem::message).toList());
      Tank tank = (Tank) world.findActor(tiger).orElseThrow();
      assertEquals(4, tank.ammo);
      assertEquals("9", tank.findComponent(Radio.class).orElseThrow().channel);
      assertEquals(gameState, world.gameState().stableId());
      assertEquals(3, ((Match) world.gameState()).round);
      assertEquals("7", world.gameState().findComponent(Radio.class).orElseThrow().channel);
    } finally {
      fickleBreaks = false;
    }
  }

  // Regression: a component not restored for a conflict kept its own saved values out, but not those
  // of the components it made ("Keeper.Radio"): they went into the parts of the world's own.
  @Test
  void aComponentNotRestoredForAConflict_leavesThePartsOfTheWorldsOwnAsTheyWere() {
    try (WorldStore store = store()) {
      World world = world(store);
      world.gameState().addComponent(Keeper.class, "Keeper").radio.channel = "saved";
      store.save(world);

      World busy = world(store);
      Keeper own = busy.gameState().addComponent(Keeper.class, "Keeper");
      own.radio.channel = "the host's";
      WorldStore.Restored restored = store.restore(busy);

      assertEquals(List.of("Component \"Keeper\" of GameState[GameState] was not restored: GameState[GameState] already makes a"
              + " component of that name, which keeps its own values"),
          restored.warnings().stream().map(dev.overture.core.Problem::message).toList());
      assertEquals("the host's", own.radio.channel);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Class<Holder<String>> holderClass() {
    return (Class) Holder.class;
  }
}
