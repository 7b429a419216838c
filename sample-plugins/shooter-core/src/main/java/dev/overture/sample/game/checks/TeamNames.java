package dev.overture.sample.game.checks;

import dev.overture.internal.ControlCharacters;
import dev.overture.sample.game.ConfigureMatch;
import dev.overture.validation.ActionValidator;
import dev.overture.validation.ValidationContext;
import java.util.List;

/**
 * ShooterCore's rule for the names of a match's teams ({@code Sample/TeamName}): one line of
 * printable text each. The match names the teams in its events, one line an event ("Bot1 (Blue)
 * eliminated Player (Red)"); a name holding a line break or another control character broke those
 * lines in {@code play}'s output while {@code validate} passed it (a hostile review). Stateless.
 */
public final class TeamNames implements ActionValidator<ConfigureMatch> {

  @Override
  public Class<ConfigureMatch> actionClass() {
    return ConfigureMatch.class;
  }

  @Override
  public void isDataValid(ConfigureMatch action, ValidationContext context) {
    List<String> teams = action.teams();
    for (int i = 0; i < teams.size(); i++) {
      String name = teams.get(i);
      // The project's one definition of a control (bidirectional overrides too, which reorder a line).
      int control = name.chars().filter(c -> ControlCharacters.isControl((char) c)).findFirst().orElse(-1);
      if (control >= 0) {
        context.error("Sample/TeamName", "/teams/" + i, "Team name " + shown(name) + " holds a control character (U+"
            + String.format("%04X", control) + "); the match names its teams in one line an event, so a name is one line of"
            + " printable text");
      }
    }
  }

  /** {@code name} quoted, its control characters written as JSON escapes. */
  private static String shown(String name) {
    StringBuilder out = new StringBuilder("\"");
    name.codePoints().forEach(c -> {
      if (c == '\n') {
        out.append("\\n");
      } else if (c == '\t') {
        out.append("\\t");
      } else if (c <= Character.MAX_VALUE && ControlCharacters.isControl((char) c)) {
        out.append(ControlCharacters.escape((char) c));
      } else {
        out.appendCodePoint(c);
      }
    });
    return out.append('"').toString();
  }
}
