package dev.overture.sample.game.checks;

import dev.overture.feature.GameFeatureAction;
import dev.overture.sample.game.ConfigureMatch;
import dev.overture.sample.game.FloorItems;
import dev.overture.validation.ActionValidator;
import dev.overture.validation.ValidationContext;

/**
 * ShooterCore's rule for a plugin's own actions ({@code plugin.json}): no {@code ConfigureMatch}
 * there, and no action laying things on a match's floor ({@link FloorItems}, such as TopDownArena's
 * {@code SpawnPickups}) ({@code Sample/MatchInPlugin}). A plugin's actions apply to every world
 * while it is active: the front end's, whose map has no arena, and every match experience's, which
 * starts its own match in a world that holds one, after the plugin's actions have applied (so a
 * floor item there finds no match). A match, and what lies on its floor, belongs to an experience.
 * Stateless.
 */
public final class MatchInPlugin implements ActionValidator<GameFeatureAction> {

  @Override
  public Class<GameFeatureAction> actionClass() {
    return GameFeatureAction.class;
  }

  @Override
  public void isDataValid(GameFeatureAction action, ValidationContext context) {
    context.plugin().ifPresent(plugin -> {
      if (action instanceof ConfigureMatch) {
        context.error("Sample/MatchInPlugin", "",
            "ConfigureMatch in the actions of plugin " + plugin + " would start a match in every world while " + plugin
                + " is active: the front end's, which has no arena, and each match experience's, which starts its own (a world"
                + " holds one match); move it to the actions of an experience");
      } else if (action instanceof FloorItems items) {
        String name = action.getClass().getSimpleName();
        context.error("Sample/MatchInPlugin", "",
            name + " in the actions of plugin " + plugin + " would lay " + items.floorItemsName() + " on a match's floor in every"
                + " world while " + plugin + " is active: the front end's, which has no match, and each match experience's before"
                + " its ConfigureMatch starts the match, so it would fail in play (\"" + name + " needs a match\"); move it to the"
                + " actions of an experience, after its ConfigureMatch");
      }
    });
  }
}
