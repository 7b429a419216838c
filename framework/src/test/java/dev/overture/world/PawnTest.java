package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Who controls a pawn and what its pawn data is, as set by whoever spawns it. */
class PawnTest {

  static class Hero extends Pawn {}

  record HeroData(String name, int speed) {}

  private final World world = World.builder("Test").build();
  private final Hero hero = world.spawnActor(Hero.class);

  @Test
  void aPawn_isNotLocallyControlledUntilMarked() {
    assertFalse(hero.isLocallyControlled());
    hero.setLocallyControlled(true);
    assertTrue(hero.isLocallyControlled());
    hero.setLocallyControlled(false);
    assertFalse(hero.isLocallyControlled());
  }

  @Test
  void pawnData_isFoundByItsTypeOnly() {
    assertEquals(Optional.empty(), hero.pawnData(Object.class), "no data set");

    HeroData data = new HeroData("Knight", 5);
    hero.setPawnData(data);

    assertEquals(Optional.of(data), hero.pawnData(HeroData.class));
    assertEquals(Optional.of(data), hero.pawnData(Record.class), "a supertype finds it too");
    assertEquals(Optional.empty(), hero.pawnData(String.class), "data of another type is not there");
    hero.setPawnData(null);
    assertEquals(Optional.empty(), hero.pawnData(HeroData.class));
  }
}
