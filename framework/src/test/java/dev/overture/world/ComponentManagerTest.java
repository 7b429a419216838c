package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComponentManagerTest {

  static class Hero extends Pawn {}

  static class Bot extends Pawn {}

  static class Score extends ActorComponent {}

  static class Health extends ActorComponent {}

  private final World world = World.builder("Test").build();
  private final ComponentManager components = world.componentManager();

  @Test
  void aRequest_addsToLiveAndFutureActorsOfTheClassAndItsSubclasses() {
    Hero early = world.spawnActor(Hero.class, "Early");
    Actor crate = world.spawnActor(Actor.class, "Crate");

    Handle request = components.addComponentRequest(Pawn.class, Score.class);
    Bot late = world.spawnActor(Bot.class, "Late");

    assertEquals(1, early.components(Score.class).size());
    assertEquals(1, late.components(Score.class).size());
    assertTrue(crate.findComponent(Score.class).isEmpty());
    assertTrue(late.findComponent(Score.class).orElseThrow().isPlaying());
    assertEquals(2, components.requestedComponents());
    request.release();
    assertTrue(early.findComponent(Score.class).isEmpty());
    assertTrue(late.findComponent(Score.class).isEmpty());
    assertEquals(0, components.activeRequests());
  }

  @Test
  void requestsAreCounted_theComponentGoesWithTheLastHandle() {
    Hero hero = world.spawnActor(Hero.class);
    Handle first = components.addComponentRequest(Hero.class, Score.class);
    Handle second = components.addComponentRequest(Hero.class, Score.class);

    assertEquals(1, hero.components(Score.class).size(), "one component per pair, however many requests");
    first.release();
    first.release();
    assertEquals(1, hero.components(Score.class).size());
    second.release();
    assertEquals(0, hero.components(Score.class).size());
  }

  @Test
  void releasing_removesOnlyWhatTheRequestAdded() {
    Hero hero = world.spawnActor(Hero.class);
    Score own = hero.addComponent(Score.class);
    Handle request = components.addComponentRequest(Hero.class, Score.class);
    assertEquals(2, hero.components(Score.class).size());

    request.release();

    assertEquals(List.of(own), hero.components(Score.class));
  }

  @Test
  void addUnique_skipsActorsThatAlreadyHaveOne() {
    Hero hero = world.spawnActor(Hero.class);
    hero.addComponent(Score.class);
    Hero bare = world.spawnActor(Hero.class);

    components.addComponentRequest(Hero.class, Score.class, ComponentManager.AddFlag.ADD_UNIQUE);

    assertEquals(1, hero.components(Score.class).size());
    assertEquals(1, bare.components(Score.class).size());
  }

  static class Fragile extends ActorComponent {
    @Override
    protected void beginPlay() {
      if (owner().name().equals("Brittle")) {
        throw new IllegalStateException("cannot begin on " + owner().name());
      }
    }
  }

  @Test
  void aRequestWhoseComponentThrows_leavesNothingHalfApplied() {
    Hero sturdy = world.spawnActor(Hero.class, "Sturdy");
    world.spawnActor(Hero.class, "Brittle");

    IllegalStateException e =
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> components.addComponentRequest(Hero.class, Fragile.class));

    assertEquals("cannot begin on Brittle", e.getMessage());
    assertEquals(0, components.activeRequests());
    assertTrue(sturdy.findComponent(Fragile.class).isEmpty(), "the component already added was taken back");
  }

  @Test
  void addUnique_appliesAlsoWhenTheSamePairIsAlreadyRequested() {
    Hero hero = world.spawnActor(Hero.class);
    components.addComponentRequest(Hero.class, Score.class);

    components.addComponentRequest(Hero.class, Score.class, ComponentManager.AddFlag.ADD_UNIQUE);

    assertEquals(1, hero.components(Score.class).size());
  }

  @Test
  void extensionHandlers_hearPresentAndFutureActors_eventsAndRemovals() {
    Hero present = world.spawnActor(Hero.class, "Present");
    List<String> heard = new ArrayList<>();
    Handle handler = components.addExtensionHandler(Pawn.class, (actor, event) -> heard.add(event + " " + actor.name()));

    Bot future = world.spawnActor(Bot.class, "Future");
    components.sendExtensionEvent(future, ComponentManager.GAME_ACTOR_READY);
    components.sendExtensionEvent(present, "ScoreChanged");
    future.destroy();
    handler.release();
    world.spawnActor(Hero.class, "Unheard");

    assertEquals(
        List.of("ExtensionAdded Present", "ExtensionAdded Future", "GameActorReady Future", "ScoreChanged Present",
            "ExtensionRemoved Future", "ExtensionRemoved Present"),
        heard);
    assertEquals(0, components.extensionHandlers());
  }

  @Test
  void componentsFromRequests_existBeforeHandlersHearTheActor() {
    components.addComponentRequest(Hero.class, Health.class);
    List<Boolean> hadHealth = new ArrayList<>();
    components.addExtensionHandler(Hero.class, (actor, event) -> hadHealth.add(actor.findComponent(Health.class).isPresent()));

    world.spawnActor(Hero.class);

    assertEquals(List.of(true), hadHealth);
  }

  @Test
  void aHandlerThatThrows_doesNotStopTheOthers() {
    List<String> heard = new ArrayList<>();
    components.addExtensionHandler(Hero.class, (actor, event) -> {
      throw new IllegalStateException("bug in game code");
    });
    components.addExtensionHandler(Hero.class, (actor, event) -> heard.add(event));

    world.spawnActor(Hero.class);

    assertEquals(List.of(ComponentManager.EXTENSION_ADDED), heard);
  }

  @Test
  void handlersMayChangeTheManagerWhileCalled() {
    List<Handle> added = new ArrayList<>();
    components.addExtensionHandler(Hero.class, (actor, event) -> {
      if (event.equals(ComponentManager.EXTENSION_ADDED)) {
        added.add(components.addComponentRequest(Hero.class, Score.class));
      }
    });

    Hero hero = world.spawnActor(Hero.class);

    assertEquals(1, hero.components(Score.class).size());
    added.forEach(Handle::release);
    assertEquals(0, components.requestedComponents());
  }
}
