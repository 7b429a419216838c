package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.asset.AssetPath;
import dev.overture.asset.ClassRef;
import dev.overture.asset.SoftRef;
import dev.overture.core.ProblemReporter;
import dev.overture.world.Actor;
import dev.overture.world.Pawn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the validator hears from the built-in actions about content that does nothing, and what
 * binding refuses in them: the warnings an author reads, each at its place.
 */
class BuiltInActionChecksTest {

  private static final ClassRef<Actor> PAWN = ClassRef.of("Pawn", Pawn.class);

  private static List<String> warnings(GameFeatureAction action) {
    List<String> reported = new ArrayList<>();
    action.validate(new ProblemReporter() {
      @Override
      public void error(String id, String pointer, String message) {
        reported.add("error " + id + " " + pointer + " " + message);
      }

      @Override
      public void warning(String id, String pointer, String message) {
        reported.add(id + " '" + pointer + "' " + message);
      }
    });
    return reported;
  }

  @Test
  void actionsThatAddNothing_sayWhatIsEmpty() {
    assertEquals(List.of("Overture/EmptyAction '/componentList' AddComponents adds nothing: its componentList is empty"),
        warnings(new AddComponents(null)));
    assertEquals(List.of("Overture/EmptyAction '' AddWidgets adds nothing"), warnings(new AddWidgets(null, null)));
    assertEquals(List.of("Overture/EmptyAction '/inputMappings' AddInputMapping adds nothing: its inputMappings is empty"),
        warnings(new AddInputMapping(null)));
    assertEquals(List.of("Overture/EmptyAction '/inputConfigs' AddInputBinding binds nothing: its inputConfigs is empty"),
        warnings(new AddInputBinding(List.of())));
  }

  @Test
  void actionsWithSomethingToAdd_areQuiet() {
    assertEquals(List.of(), warnings(new AddWidgets(List.of(new AddWidgets.Layout("UI.Layer.Game", "HudLayout")), null)));
    assertEquals(List.of(), warnings(new AddWidgets(null, List.of(new AddWidgets.Widget("HUD.Slot.Score", "ScoreWidget")))));
    SoftRef<InputMappingContext> mapping = SoftRef.of("Game", AssetPath.parse("input/default.json"), InputMappingContext.class);
    assertEquals(List.of(), warnings(new AddInputMapping(List.of(new AddInputMapping.Entry(mapping, null)))));
    SoftRef<InputConfig> config = SoftRef.of("Game", AssetPath.parse("input/config.json"), InputConfig.class);
    assertEquals(List.of(), warnings(new AddInputBinding(List.of(config))));
  }

  @Test
  void anAbilityEntryThatGrantsNothing_isNamed_andOneThatGrantsAnything_isNot() {
    SoftRef<AbilitySet> set = SoftRef.of("Game", AssetPath.parse("abilities/hero.json"), AbilitySet.class);
    AddAbilities action = new AddAbilities(List.of(
        new AddAbilities.Entry(PAWN, List.of("Jump"), null, null),
        new AddAbilities.Entry(PAWN, null, null, null),
        new AddAbilities.Entry(PAWN, null, List.of(new AbilitySet.Attributes("HealthSet", Map.of("Health", 100.0))), null),
        new AddAbilities.Entry(PAWN, null, null, List.of(set))));

    assertEquals(List.of("Overture/EntryNeverApplies '/abilitiesList/1' The entry for " + PAWN + " grants nothing"), warnings(action));
  }

  @Test
  void anInputMappingsPriority_isZeroUnlessGiven() {
    SoftRef<InputMappingContext> mapping = SoftRef.of("Game", AssetPath.parse("input/default.json"), InputMappingContext.class);

    assertEquals(0, new AddInputMapping.Entry(mapping, null).priority());
    assertEquals(-2, new AddInputMapping.Entry(mapping, -2).priority());
  }

  /** Content leaving one out is refused by binding (@Required, in its words); code gets the name of what it left out. */
  @Test
  void entriesBuiltInCodeWithoutWhatTheyNeed_nameIt() {
    assertEquals("layoutClass", assertThrows(NullPointerException.class, () -> new AddWidgets.Layout("UI.Layer.Game", null)).getMessage());
    assertEquals("layerId", assertThrows(NullPointerException.class, () -> new AddWidgets.Layout(null, "HudLayout")).getMessage());
    assertEquals("widgetClass", assertThrows(NullPointerException.class, () -> new AddWidgets.Widget("HUD.Slot.Score", null)).getMessage());
    assertEquals("slotId", assertThrows(NullPointerException.class, () -> new AddWidgets.Widget(null, "ScoreWidget")).getMessage());
    assertEquals("inputMapping", assertThrows(NullPointerException.class, () -> new AddInputMapping.Entry(null, 1)).getMessage());
    assertEquals("actorClass",
        assertThrows(NullPointerException.class, () -> new AddAbilities.Entry(null, List.of("Jump"), null, null)).getMessage());
  }
}
