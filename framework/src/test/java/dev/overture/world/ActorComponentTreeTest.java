package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.object.ObjectFactory;
import dev.overture.object.ObjectInitializer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The components an actor's construction makes: the default subobjects of the actor and, depth
 * first, those of its components (named "Parent.Child", each knowing its parent), which the actor
 * adopts in creation order so they play with it; how they are told apart from components added
 * later, looked up by subobject name, dropped by a subclass, made only in development mode, and
 * removed with their children.
 */
class ActorComponentTreeTest {

  static final List<String> events = new ArrayList<>();

  /** A component that notes its play by name. */
  abstract static class Noted extends ActorComponent {
    @Override
    protected void beginPlay() {
      events.add("begin " + name());
    }

    @Override
    protected void endPlay(EndPlayReason reason) {
      events.add("end " + name() + " " + reason);
    }
  }

  /** A component without subobjects. */
  static class Light extends Noted {
    String describedWhenConstructed;

    @Override
    protected void onConstructed() {
      describedWhenConstructed = toString();
    }
  }

  /** A component that creates two components of its own: a required wick and an optional glass. */
  static class Lantern extends Noted {
    final Light wick;
    final Optional<Light> glass;
    boolean constructed;

    Lantern(ObjectInitializer initializer) {
      wick = createDefaultSubobject("Wick", Light.class);
      glass = createOptionalDefaultSubobject("Glass", Light.class);
    }

    @Override
    protected void onConstructed() {
      constructed = true;
    }
  }

  /** An actor with a required hull, an optional lantern and an editor-only debug light. */
  static class Ship extends Actor {
    final Light hull;
    final Optional<Lantern> lantern;
    final Optional<Light> debug;

    Ship(ObjectInitializer initializer) {
      hull = createDefaultSubobject("Hull", Light.class);
      lantern = createOptionalDefaultSubobject("Lantern", Lantern.class);
      debug = createEditorOnlyDefaultSubobject("Debug", Light.class);
    }
  }

  /** A ship without a lantern. */
  static class Dinghy extends Ship {
    Dinghy(ObjectInitializer initializer) {
      super(initializer.doNotCreateDefaultSubobject("Lantern"));
    }
  }

  /** A light that fails to begin. */
  static class Broken extends Noted {
    @Override
    protected void beginPlay() {
      super.beginPlay();
      throw new IllegalStateException("broken in beginPlay");
    }
  }

  /** A lantern whose glass fails to begin, after its wick began. */
  static class BrokenLantern extends Noted {
    BrokenLantern(ObjectInitializer initializer) {
      createDefaultSubobject("Wick", Light.class);
      createDefaultSubobject("Glass", Broken.class);
    }
  }

  /** A light that fails to end. */
  static class Sputtering extends Noted {
    @Override
    protected void endPlay(EndPlayReason reason) {
      super.endPlay(reason);
      throw new IllegalStateException("sputters in endPlay");
    }
  }

  /** A lantern whose glass fails to end, before its wick and itself end. */
  static class SputteringLantern extends Noted {
    SputteringLantern(ObjectInitializer initializer) {
      createDefaultSubobject("Wick", Light.class);
      createDefaultSubobject("Glass", Sputtering.class);
    }
  }

  private final World world = World.builder("Harbour").build();

  @BeforeEach
  void clearEvents() {
    events.clear();
  }

  private static List<String> names(List<ActorComponent> components) {
    return components.stream().map(ActorComponent::name).toList();
  }

  @Test
  void defaultSubobjects_areAdoptedDepthFirstInCreationOrder_namedParentDotChild_andBeginPlayWithTheActor() {
    Ship ship = world.spawnActor(Ship.class, "Ship1");
    Lantern lantern = ship.lantern.orElseThrow();

    assertEquals(List.of("Hull", "Lantern", "Lantern.Wick", "Lantern.Glass"), names(ship.components()));
    assertEquals(List.of(ship.hull, lantern, lantern.wick, lantern.glass.orElseThrow()), ship.components(),
        "what the constructors were given is what the actor holds");
    assertEquals(List.of("begin Hull", "begin Lantern", "begin Lantern.Wick", "begin Lantern.Glass"), events);
    for (ActorComponent component : ship.components()) {
      assertSame(ship, component.owner(), component.name());
      assertSame(world, component.world(), component.name());
      assertTrue(component.isPlaying(), component.name());
      assertTrue(ship.isDefaultComponent(component), component.name());
    }
    assertEquals(Optional.empty(), ship.debug, "editor-only subobjects are made only in development mode");
  }

  @Test
  void aComponentWhosePlayFailsToBegin_isRemovedAgain_withWhatItMade_andTheActorIsAsItWas() {
    Ship ship = world.spawnActor(Ship.class, "Ship1");
    List<ActorComponent> before = ship.components();
    events.clear();

    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> ship.addComponent(BrokenLantern.class, "Spare"));

    assertEquals("broken in beginPlay", e.getMessage());
    assertEquals(before, ship.components(), "nothing of it is left on the ship");
    assertEquals(List.of("begin Spare", "begin Spare.Wick", "begin Spare.Glass", "end Spare.Wick REMOVED", "end Spare REMOVED"), events,
        "what began ends, newest first; the glass never began, so it does not end");
    assertEquals(Optional.empty(), ship.findComponent(Broken.class));
  }

  /** A ship whose lantern fails to begin when the ship spawns. */
  static class DoomedShip extends Actor {
    DoomedShip(ObjectInitializer initializer) {
      createDefaultSubobject("Hull", Light.class);
      createDefaultSubobject("Lantern", BrokenLantern.class);
    }
  }

  @Test
  void anActorWhoseComponentFailsToBeginPlay_isNotSpawned_andWhatBeganEnds() {
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> world.spawnActor(DoomedShip.class, "Doomed"));

    assertEquals("broken in beginPlay", e.getMessage());
    assertEquals(List.of(), world.actors(DoomedShip.class), "no half-started actor is left in the world");
    assertEquals(List.of("begin Hull", "begin Lantern", "begin Lantern.Wick", "begin Lantern.Glass",
        "end Lantern.Wick DESTROYED", "end Lantern DESTROYED", "end Hull DESTROYED"), events);
    world.spawnActor(Ship.class, "Doomed"); // its name is free again
  }

  @Test
  void aComponentsSubobjects_knowTheComponentThatMadeThem_andTheActorsOwnDoNot() {
    Ship ship = world.spawnActor(Ship.class, "Ship1");
    Lantern lantern = ship.lantern.orElseThrow();

    assertEquals(Optional.of(lantern), lantern.wick.parentComponent());
    assertEquals(Optional.of(lantern), lantern.glass.orElseThrow().parentComponent());
    assertEquals(Optional.empty(), lantern.parentComponent());
    assertEquals(Optional.empty(), ship.hull.parentComponent());
  }

  @Test
  void defaultSubobject_findsADefaultComponentByItsSubobjectName_butNotOneAddedLater() {
    Ship ship = world.spawnActor(Ship.class, "Ship1");
    Lantern lantern = ship.lantern.orElseThrow();
    Light added = ship.addComponent(Light.class, "Spotlight");

    assertEquals(Optional.of(ship.hull), ship.defaultSubobject("Hull"));
    assertEquals(Optional.of(lantern.wick), ship.defaultSubobject("Lantern.Wick"));
    assertEquals(Optional.empty(), ship.defaultSubobject("Mast"));
    assertEquals(Optional.empty(), ship.defaultSubobject("Spotlight"));
    assertFalse(ship.isDefaultComponent(added));
    assertEquals(Optional.of(added), ship.findComponentNamed("Spotlight"));
  }

  @Test
  void anAddedComponent_isNotADefaultOne_butTheSubobjectsItMadeAre_andAllBeginPlayOnAPlayingActor() {
    Ship ship = world.spawnActor(Ship.class, "Ship1");
    events.clear();

    Lantern spare = ship.addComponent(Lantern.class, "Spare");

    assertEquals(List.of("Hull", "Lantern", "Lantern.Wick", "Lantern.Glass", "Spare", "Spare.Wick", "Spare.Glass"),
        names(ship.components()));
    assertFalse(ship.isDefaultComponent(spare), "added after construction");
    assertTrue(ship.isDefaultComponent(spare.wick), "made by the construction of a component");
    assertEquals(Optional.of(spare), spare.wick.parentComponent());
    assertEquals(List.of("begin Spare", "begin Spare.Wick", "begin Spare.Glass"), events);
  }

  @Test
  void removingAComponent_removesTheComponentsItMadeFirst_newestFirst_andForgetsThemAsDefaults() {
    Ship ship = world.spawnActor(Ship.class, "Ship1");
    Lantern lantern = ship.lantern.orElseThrow();
    events.clear();

    assertTrue(ship.removeComponent(lantern));

    assertEquals(List.of("end Lantern.Glass REMOVED", "end Lantern.Wick REMOVED", "end Lantern REMOVED"), events);
    assertEquals(List.of(ship.hull), ship.components());
    assertFalse(lantern.isPlaying());
    assertFalse(lantern.wick.isPlaying());
    assertFalse(ship.isDefaultComponent(lantern));
    assertEquals(Optional.empty(), ship.defaultSubobject("Lantern"));
    assertEquals(Optional.empty(), ship.defaultSubobject("Lantern.Wick"));
  }

  // Regression: a subobject whose endPlay threw stopped the removal halfway (its parent and the
  // rest stayed on the actor, the parent still playing), and the exception named nothing.
  @Test
  void removingAComponentWhoseSubobjectFailsToEnd_stillRemovesEveryOne_thenNamesTheFailure() {
    Ship ship = world.spawnActor(Ship.class, "Ship1");
    SputteringLantern lantern = ship.addComponent(SputteringLantern.class, "Spare");
    events.clear();

    GameCodeException failed = org.junit.jupiter.api.Assertions.assertThrows(GameCodeException.class,
        () -> ship.removeComponent(lantern));

    assertEquals("Component Spare.Glass (Sputtering) of actor Ship1 failed in endPlay: sputters in endPlay", failed.getMessage());
    assertEquals(List.of("end Spare.Glass REMOVED", "end Spare.Wick REMOVED", "end Spare REMOVED"), events);
    assertEquals(List.of("Hull", "Lantern", "Lantern.Wick", "Lantern.Glass"), names(ship.components()));
    assertFalse(lantern.isPlaying());
  }

  @Test
  void aSubclassThatDropsAnOptionalDefaultComponent_getsNeitherIt_norTheComponentsItWouldHaveMade() {
    Dinghy dinghy = world.spawnActor(Dinghy.class, "Dinghy1");

    assertEquals(Optional.empty(), dinghy.lantern);
    assertEquals(List.of("Hull"), names(dinghy.components()));
    assertEquals(Optional.empty(), dinghy.defaultSubobject("Lantern"));
  }

  @Test
  void inDevelopmentMode_editorOnlyDefaultComponentsAreMade_andAdoptedLikeTheOthers() {
    World editor = World.builder("Editor").objects(ObjectFactory.builder().developmentMode(true).build()).build();

    Ship ship = editor.spawnActor(Ship.class, "Ship1");

    Light debug = ship.debug.orElseThrow();
    assertEquals(List.of("Hull", "Lantern", "Lantern.Wick", "Lantern.Glass", "Debug"), names(ship.components()));
    assertEquals(Optional.of(debug), ship.defaultSubobject("Debug"));
    assertTrue(debug.isPlaying());
  }

  @Test
  void components_areConstructedBeforeTheyBelongToAnActor_andThenNameIt() {
    Ship ship = world.spawnActor(Ship.class, "Ship1");
    Lantern lantern = ship.lantern.orElseThrow();

    assertEquals("Light", ship.hull.describedWhenConstructed, "onConstructed runs before the actor adopts it");
    assertEquals("Light", lantern.wick.describedWhenConstructed);
    assertTrue(lantern.constructed, "onConstructed runs for a component with subobjects too");
    assertEquals("Light of Ship1", ship.hull.toString());
    assertEquals("Lantern of Ship1", lantern.toString());
  }
}
