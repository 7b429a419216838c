package dev.overture.sample;

import dev.overture.internal.Choices;
import java.util.Collection;
import java.util.List;

/**
 * The names an error of the command line offers instead of one it did not find, as its messages
 * write them ({@code ControlTile, EliminationTile}): all of them, in their order, when there are at
 * most {@link Choices#MAX_LISTED}, else that many, the closest to what was asked for first, and a
 * count of the rest ({@code ... and 146 more}). A game with hundreds of tiles or plugins would otherwise get a
 * message of hundreds of names. Stateless.
 */
final class ChoiceList {

  private ChoiceList() {}

  /**
   * {@code names} as a message lists them for {@code wanted}: as given when there are few, else the
   * closest ("" when nothing was asked for: the first, sorted); "none" for none.
   */
  static String of(String wanted, Collection<String> names) {
    if (names.isEmpty()) {
      return "none";
    }
    List<String> shown = names.size() <= Choices.MAX_LISTED ? List.copyOf(names) : Choices.closest(wanted, names);
    String listed = String.join(", ", shown);
    return names.size() > shown.size() ? listed + " and " + (names.size() - shown.size()) + " more" : listed;
  }
}
