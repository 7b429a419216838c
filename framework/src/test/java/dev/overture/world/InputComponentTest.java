package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.world.InputComponent.Binding;
import dev.overture.world.InputComponent.MappingContext;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Mapping contexts are in force highest priority first (the later of equals first); bindings in order. */
class InputComponentTest {

  static class Hero extends Pawn {}

  private final World world = World.builder("Test").build();
  private final InputComponent input = world.spawnActor(Hero.class).addComponent(InputComponent.class);

  private List<String> contextNames() {
    return input.mappingContexts().stream().map(MappingContext::name).toList();
  }

  @Test
  void mappingContexts_areHighestPriorityFirst() {
    input.addMappingContext("Walking", "walk keys", 0);
    input.addMappingContext("Vehicle", "drive keys", 5);
    input.addMappingContext("Menu", "menu keys", -2);

    assertEquals(List.of("Vehicle", "Walking", "Menu"), contextNames());
    assertEquals("drive keys", input.mappingContexts().get(0).context());
    assertEquals(5, input.mappingContexts().get(0).priority());
  }

  @Test
  void ofEqualPriorities_theLaterAddedWins() {
    input.addMappingContext("First", null, 1);
    input.addMappingContext("Second", null, 1);
    input.addMappingContext("Third", null, 1);

    assertEquals(List.of("Third", "Second", "First"), contextNames());
    List<MappingContext> contexts = input.mappingContexts();
    assertEquals(List.of(2L, 1L, 0L), contexts.stream().map(MappingContext::order).toList(), "added in that order");
  }

  @Test
  void aMappingContext_isInForceUntilItsHandleIsReleased() {
    Handle walking = input.addMappingContext("Walking", "walk keys", 0);
    Handle vehicle = input.addMappingContext("Vehicle", "drive keys", 5);

    vehicle.release();
    assertEquals(List.of("Walking"), contextNames());
    walking.close();
    assertEquals(List.of(), input.mappingContexts());
  }

  @Test
  void aContextAddedAfterAReleasedOne_stillComesAfterItInOrder() {
    Handle first = input.addMappingContext("First", null, 1);
    input.addMappingContext("Second", null, 1);
    first.release();
    input.addMappingContext("Third", null, 1);

    assertEquals(List.of("Third", "Second"), contextNames());
  }

  @Test
  void bindings_areInForceInTheOrderAdded_untilReleased() {
    Handle move = input.addBindings("Move", "WASD");
    input.addBindings("Fire", "Mouse1");

    assertEquals(List.of(new Binding("Move", "WASD"), new Binding("Fire", "Mouse1")), input.bindings());
    move.release();
    assertEquals(List.of(new Binding("Fire", "Mouse1")), input.bindings());
  }

  @Test
  void contextsAndBindings_needAName() {
    assertEquals("name", assertThrows(NullPointerException.class, () -> input.addMappingContext(null, null, 0)).getMessage());
    assertEquals("name", assertThrows(NullPointerException.class, () -> input.addBindings(null, null)).getMessage());
    assertEquals(List.of(), input.mappingContexts());
    assertEquals(List.of(), input.bindings());
  }
}
