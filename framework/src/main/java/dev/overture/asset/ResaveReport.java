package dev.overture.asset;

import dev.overture.core.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What {@link AssetTools#resave} did, or would do: every file it rewrote (or would rewrite), with
 * what changes, and every file it refused to save, with why. Files already current are only
 * counted.
 *
 * <p>Immutable and thread-safe.
 *
 * @param entries the files rewritten, to rewrite or refused, in the order visited
 * @param unchanged how many files were already current
 * @param dryRun whether nothing was written
 */
public record ResaveReport(List<Entry> entries, int unchanged, boolean dryRun) {

  public ResaveReport {
    entries = List.copyOf(entries);
  }

  /** What happened to one file. */
  public enum Outcome {
    /** Rewritten at the current versions. */
    REWRITTEN,
    /** Would be rewritten (a dry run). */
    WOULD_REWRITE,
    /** Left as it is: it cannot be read, or saving it would lose data. */
    REFUSED
  }

  /**
   * One file.
   *
   * @param asset the primary asset id, or the soft reference that reached it
   * @param file the file, as shown to users
   * @param outcome what happened
   * @param changes what the rewrite changes (upgrades, dropped fields, the header), for people
   * @param problems why it was refused
   */
  public record Entry(String asset, String file, Outcome outcome, List<String> changes, List<Problem> problems) {
    public Entry {
      Objects.requireNonNull(asset, "asset");
      Objects.requireNonNull(file, "file");
      Objects.requireNonNull(outcome, "outcome");
      changes = List.copyOf(changes);
      problems = List.copyOf(problems);
    }
  }

  /** The files refused. */
  public List<Entry> refused() {
    return entries.stream().filter(entry -> entry.outcome == Outcome.REFUSED).toList();
  }

  /** The files rewritten (or, in a dry run, to rewrite). */
  public List<Entry> changed() {
    return entries.stream().filter(entry -> entry.outcome != Outcome.REFUSED).toList();
  }

  /** The report for people, one block per file and a summary line. */
  public String format() {
    List<String> lines = new ArrayList<>();
    for (Entry entry : entries) {
      switch (entry.outcome) {
        case REWRITTEN -> lines.add("rewrote " + entry.file);
        case WOULD_REWRITE -> lines.add("would rewrite " + entry.file);
        case REFUSED -> lines.add("refused " + entry.file);
      }
      entry.changes.forEach(change -> lines.add("  " + change));
      for (Problem problem : entry.problems) {
        lines.add("  [" + problem.id() + "] " + problem.message());
        problem.location().ifPresent(where -> lines.add("    at " + where));
      }
    }
    int changed = changed().size();
    lines.add((dryRun ? changed + " to rewrite" : changed + " rewritten") + ", " + refused().size() + " refused, " + unchanged
        + " already current" + (dryRun ? " (dry run: nothing was written)" : ""));
    return String.join(System.lineSeparator(), lines);
  }
}
