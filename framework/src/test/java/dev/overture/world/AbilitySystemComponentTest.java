package dev.overture.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.world.AbilitySystemComponent.AttributeSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Ability grants are counted per name; attributes are read from the latest set that has them. */
class AbilitySystemComponentTest {

  static class Hero extends Pawn {}

  private final World world = World.builder("Test").build();
  private final AbilitySystemComponent abilities = world.spawnActor(Hero.class).addComponent(AbilitySystemComponent.class);

  @Test
  void aGrantedAbility_staysUntilItsHandleIsReleased() {
    assertFalse(abilities.hasAbility("Dash"));

    Handle dash = abilities.grantAbility("Dash");

    assertTrue(abilities.hasAbility("Dash"));
    assertFalse(abilities.hasAbility("Jump"));
    assertFalse(dash.isReleased());
    dash.release();
    assertTrue(dash.isReleased());
    assertFalse(abilities.hasAbility("Dash"));
    assertEquals(List.of(), abilities.abilities());
  }

  @Test
  void twoGrantsOfOneAbility_keepItUntilBothAreReleased() {
    Handle first = abilities.grantAbility("Dash");
    Handle second = abilities.grantAbility("Dash");
    Handle third = abilities.grantAbility("Dash");

    assertEquals(List.of("Dash"), abilities.abilities(), "listed once, however many grants");
    first.release();
    first.release();
    assertTrue(abilities.hasAbility("Dash"), "releasing one handle twice takes back one grant only");
    second.release();
    assertTrue(abilities.hasAbility("Dash"));
    third.release();
    assertFalse(abilities.hasAbility("Dash"));
  }

  @Test
  void abilities_areListedInTheOrderFirstGranted() {
    Handle jump = abilities.grantAbility("Jump");
    abilities.grantAbility("Dash");
    abilities.grantAbility("Jump");
    abilities.grantAbility("Block");

    assertEquals(List.of("Jump", "Dash", "Block"), abilities.abilities());
    jump.release();
    assertEquals(List.of("Jump", "Dash", "Block"), abilities.abilities(), "Jump still has a grant");
  }

  @Test
  void aGrant_needsAName() {
    assertEquals("ability", assertThrows(NullPointerException.class, () -> abilities.grantAbility(null)).getMessage());
  }

  @Test
  void anAttribute_isReadFromTheLatestSetThatHasIt() {
    abilities.addAttributeSet(new AttributeSet("Base", Map.of("Health", 100.0, "Speed", 5.0)));
    Handle buff = abilities.addAttributeSet(new AttributeSet("Buff", Map.of("Speed", 8.0)));
    abilities.addAttributeSet(new AttributeSet("Armour", Map.of("Defence", 3.0)));

    assertEquals(8.0, abilities.attribute("Speed", -1.0), "the buff added after the base wins");
    assertEquals(100.0, abilities.attribute("Health", -1.0), "the base is found under later sets without it");
    assertEquals(3.0, abilities.attribute("Defence", -1.0), "the latest set counts too");
    buff.release();
    assertEquals(5.0, abilities.attribute("Speed", -1.0), "without the buff the base speaks again");
  }

  @Test
  void anAttributeNoSetHas_isTheFallback() {
    assertEquals(42.0, abilities.attribute("Health", 42.0), "no set at all");
    abilities.addAttributeSet(new AttributeSet("Base", Map.of("Speed", 5.0)));
    assertEquals(42.0, abilities.attribute("Health", 42.0));
  }

  @Test
  void attributeSets_areListedInTheOrderAdded_untilReleased() {
    AttributeSet base = new AttributeSet("Base", Map.of("Health", 100.0));
    AttributeSet buff = new AttributeSet("Buff", Map.of("Speed", 8.0));
    Handle baseHandle = abilities.addAttributeSet(base);
    Handle buffHandle = abilities.addAttributeSet(buff);

    assertEquals(List.of(base, buff), abilities.attributeSets());
    baseHandle.release();
    assertEquals(List.of(buff), abilities.attributeSets());
    buffHandle.close();
    assertEquals(List.of(), abilities.attributeSets());
    assertEquals(-1.0, abilities.attribute("Speed", -1.0));
  }

  @Test
  void anAttributeSet_keepsTheValuesItWasGiven() {
    Map<String, Double> values = new HashMap<>(Map.of("Health", 100.0));
    AttributeSet base = new AttributeSet("Base", values);
    abilities.addAttributeSet(base);

    values.put("Health", 1.0);

    assertEquals(100.0, abilities.attribute("Health", -1.0));
    assertEquals("name", assertThrows(NullPointerException.class, () -> new AttributeSet(null, Map.of())).getMessage());
    assertEquals("set", assertThrows(NullPointerException.class, () -> abilities.addAttributeSet(null)).getMessage());
  }
}
