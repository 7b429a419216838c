package dev.overture.sample;

import dev.overture.internal.Choices;
import java.util.Collection;
import java.util.List;

/**
 * The names an error of the command line offers instead of one it did not find, as its messages
 * write them ({@code ControlTile, EliminationTile}): all of them when there are at most {@link
 * Choices#MAX_LISTED}, else that many, the closest to what was asked for first, and a count of the
 * rest ({@code ... and 146 more}). A game with hundreds of tiles or plugins would otherwise get a
 * message of hundreds of names. Stateless.
 */
final class ChoiceList {

  private ChoiceList() {}

  /** {@code names} as a message lists them for {@code wanted} ("" when nothing was asked for: the first, sorted). */
  static String of(String wanted, Collection<String> names) {
    List<String> shown = Choices.closest(wanted, names);
    String listed = String.join(", ", shown);
    return names.size() > shown.size() ? listed + " and " + (names.size() - shown.size()) + " more" : listed;
  }
}
