package dev.overture.sample.game.checks;

import dev.overture.sample.game.ConfigureMatch;
import dev.overture.validation.ActionValidator;
import dev.overture.validation.ValidationContext;

/**
 * ShooterCore's rule for a plugin's own actions ({@code plugin.json}): no {@code ConfigureMatch}
 * there ({@code Sample/MatchInPlugin}). A plugin's actions apply to every world while it is active:
 * the front end's, whose map has no arena, and every match experience's, which starts its own match
 * in a world that holds one. A match belongs to an experience. Stateless.
 */
public final class MatchInPlugin implements ActionValidator<ConfigureMatch> {

  @Override
  public Class<ConfigureMatch> actionClass() {
    return ConfigureMatch.class;
  }

  @Override
  public void isDataValid(ConfigureMatch action, ValidationContext context) {
    context.plugin().ifPresent(plugin -> context.error("Sample/MatchInPlugin", "",
        "ConfigureMatch in the actions of plugin " + plugin + " would start a match in every world while " + plugin
            + " is active: the front end's, which has no arena, and each match experience's, which starts its own (a world"
            + " holds one match); move it to the actions of an experience"));
  }
}
