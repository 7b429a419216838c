package dev.overture.internal;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.RandomAccess;

/**
 * The valid choices shown beside an error: quoted, and when there are many, the few closest to
 * what the user wrote (so that a typo in one of a thousand asset names still shows the intended
 * one).
 *
 * <p>Stateless; safe to call from any thread.
 */
public final class Choices {

  /** How many choices a message lists before it says how many more there are. */
  public static final int MAX_LISTED = 8;

  private Choices() {}

  /**
   * The choices to show for {@code wanted}: all of {@code options} (sorted) when there are at most
   * {@link #MAX_LISTED}, otherwise the {@code MAX_LISTED} closest by edit distance, closest first
   * (the first {@code MAX_LISTED} in order when nothing is wanted). A message completed with a
   * shortened list says how many it left out.
   */
  public static List<String> closest(String wanted, Collection<String> options) {
    List<String> sorted = new ArrayList<>(options);
    if (sorted.size() <= MAX_LISTED || wanted.isEmpty()) {
      sorted.sort(Comparator.naturalOrder());
      return sorted.size() <= MAX_LISTED ? sorted : new Shortened(sorted.subList(0, MAX_LISTED), sorted.size() - MAX_LISTED);
    }
    String key = wanted.toLowerCase(Locale.ROOT);
    sorted.sort(
        Comparator.comparingInt((String option) -> distance(key, option.toLowerCase(Locale.ROOT)))
            .thenComparing(Comparator.naturalOrder()));
    return new Shortened(sorted.subList(0, MAX_LISTED), sorted.size() - MAX_LISTED);
  }

  /**
   * An immutable copy of {@code choices} that still knows how many {@link #closest} left out, for
   * holders that keep choices until a message is written.
   */
  public static List<String> copyOf(List<String> choices) {
    return choices instanceof Shortened ? choices : List.copyOf(choices);
  }

  /** The first choices of a longer list, and how many were left out. Immutable. */
  private static final class Shortened extends AbstractList<String> implements RandomAccess {
    private final List<String> shown;
    private final int omitted;

    Shortened(List<String> shown, int omitted) {
      this.shown = List.copyOf(shown);
      this.omitted = omitted;
    }

    @Override
    public String get(int index) {
      return shown.get(index);
    }

    @Override
    public int size() {
      return shown.size();
    }
  }

  /**
   * {@code message} completed by {@code (label: "a", "b")}, or {@code (label: none)}. A message that ends with a full stop keeps it at the end.
   */
  public static String appendTo(String message, String label, List<String> choices) {
    String body = message.endsWith(".") ? message.substring(0, message.length() - 1) : message;
    StringBuilder out = new StringBuilder(body).append(" (").append(label).append(": ");
    out.append(choices.isEmpty() ? "none" : quoted(choices));
    if (choices instanceof Shortened shortened) {
      out.append(" and ").append(shortened.omitted).append(" more");
    }
    out.append(')');
    if (message.endsWith(".")) {
      out.append('.');
    }
    return out.toString();
  }

  /** The choices, each in double quotes, separated by commas: {@code "a", "b"}. */
  public static String quoted(Collection<String> choices) {
    StringBuilder out = new StringBuilder();
    for (String choice : choices) {
      if (out.length() > 0) {
        out.append(", ");
      }
      out.append('"').append(choice).append('"');
    }
    return out.toString();
  }

  /**
   * The option {@code wanted} was most likely meant to be, when one is close enough to be a typo
   * (ignoring case, so that a difference of case alone is the closest, then at most a third of its
   * letters off, and at least one, a swap of two neighbours counting as one): for "did you mean
   * scoreLimit?".
   */
  public static java.util.Optional<String> didYouMean(String wanted, Collection<String> options) {
    String key = wanted.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String option : options) {
      int d = typoDistance(key, option.toLowerCase(Locale.ROOT));
      if (d < bestDistance || (d == bestDistance && best != null && option.compareTo(best) < 0)) {
        best = option;
        bestDistance = d;
      }
    }
    int allowed = Math.max(1, wanted.length() / 3);
    // A distance of 0 ignoring case is the likeliest typo of all ("elimination" for "Elimination").
    return best != null && !best.equals(wanted) && bestDistance <= allowed ? java.util.Optional.of(best) : java.util.Optional.empty();
  }

  /** Edits between two strings, a swap of neighbours being one (optimal string alignment). */
  static int typoDistance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(d[i - 1][j - 1] + cost, Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1));
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }

  /** Levenshtein distance, two rows. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }

  /** The most of a user's text a message quotes: enough to recognize it, not a page of it. */
  public static final int MAX_QUOTED = 64;

  /**
   * {@code text} as a message quotes it: whole when short, else its start and its length ({@code
   * "aaaa…" (200000 characters)}), so that a file holding a huge value does not make a huge message.
   */
  public static String excerpt(String text) {
    return text.length() <= MAX_QUOTED
        ? "\"" + text + "\""
        : "\"" + text.substring(0, MAX_QUOTED) + "…\" (" + text.length() + " characters)";
  }
}
