package dev.overture.core;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One thing a running game reported for the people watching it: a load that failed, plugins that
 * could not start, and what other systems publish (a live reload, an edit that was refused), each
 * with the {@link Problem}s it found, located in their files. {@link Reports} numbers and keeps
 * them.
 *
 * <p>Immutable and safe to share between threads.
 *
 * @param sequence its number in its feed, from 1, in the order published
 * @param time when it was published, on the feed's clock
 * @param kind what it is about
 * @param summary one sentence, for example {@code Could not load Experience:Broken in world Match}
 * @param problems what was found, errors and warnings; may be empty (a reload that went well)
 */
public record Report(long sequence, Instant time, ReportKind kind, String summary, List<Problem> problems) {

  public Report {
    if (sequence < 1) {
      throw new IllegalArgumentException("sequence < 1: " + sequence);
    }
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(summary, "summary");
    problems = List.copyOf(problems);
  }

  /** Whether any of its problems is an error. */
  public boolean hasErrors() {
    return problems.stream().anyMatch(Problem::isError);
  }

  @Override
  public String toString() {
    return "Report[" + sequence + " " + kind + ": " + summary + ", " + problems.size() + " problem(s)]";
  }
}
