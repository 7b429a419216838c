package dev.overture.core;

import dev.overture.internal.Choices;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One thing wrong with some data, reported so that a user can act on it: how bad it is, a stable id
 * ({@code Overture/UnknownAsset}), a message that says what was expected, the asset it concerns, the
 * place in the file, and the valid choices where there are some.
 *
 * <p>Problems are collected rather than thrown one at a time, so that a load, an index or a
 * validation run reports everything it found at once; {@link ProblemException} carries a list of
 * them and {@link Problems#format} prints them in the numbered style:
 *
 * <pre>
 * 1) [Overture/UnknownAsset] No asset PawnData:Heroo is indexed (closest: "PawnData:Hero").
 *    at assets/experiences/Elimination.json:4:23 (/defaultPawnData)
 * </pre>
 *
 * <p>Immutable and safe to share between threads. Build one with {@link #error} or {@link #warning}
 * and the {@code with}/{@code at} methods, each of which returns a new problem.
 *
 * @param severity how bad it is
 * @param id a stable id, {@code Namespace/Name}, that tools and tests can match on
 * @param message what is wrong and what was expected, as a full sentence
 * @param asset the asset it concerns (a primary asset id or a file), if any
 * @param location where in a file, if known
 * @param choices the valid choices, if there are some; the message already names them
 */
public record Problem(
    Severity severity,
    String id,
    String message,
    Optional<String> asset,
    Optional<SourceLocation> location,
    List<String> choices) {

  private static final Pattern ID = Pattern.compile("[A-Za-z][A-Za-z0-9]*/[A-Za-z][A-Za-z0-9]*");

  public Problem {
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(asset, "asset");
    Objects.requireNonNull(location, "location");
    if (!ID.matcher(id).matches()) {
      throw new IllegalArgumentException("problem id must look like Namespace/Name: " + id);
    }
    choices = List.copyOf(choices);
  }

  /** An error with the given stable id and message, nothing else known yet. */
  public static Problem error(String id, String message) {
    return new Problem(Severity.ERROR, id, message, Optional.empty(), Optional.empty(), List.of());
  }

  /** A warning with the given stable id and message, nothing else known yet. */
  public static Problem warning(String id, String message) {
    return new Problem(Severity.WARNING, id, message, Optional.empty(), Optional.empty(), List.of());
  }

  /** This problem, concerning {@code newAsset}. */
  public Problem withAsset(String newAsset) {
    return new Problem(severity, id, message, Optional.of(newAsset), location, choices);
  }

  /** This problem, at {@code newLocation}. */
  public Problem at(SourceLocation newLocation) {
    return new Problem(severity, id, message, asset, Optional.of(newLocation), choices);
  }

  /** This problem, with the message completed by the valid choices: {@code (label: "a", "b")}. */
  public Problem withChoices(String label, List<String> newChoices) {
    String withList = Choices.appendTo(message, label, newChoices);
    return new Problem(severity, id, withList, asset, location, newChoices);
  }

  /** This problem as an error: what a strict check (the validator) makes of a warning. */
  public Problem asError() {
    return severity == Severity.ERROR ? this : new Problem(Severity.ERROR, id, message, asset, location, choices);
  }

  /** Whether this is an {@link Severity#ERROR error}. */
  public boolean isError() {
    return severity == Severity.ERROR;
  }

  /** The problem on one line, as in a log: {@code [id] message at location}. */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    out.append('[').append(id).append("] ");
    if (severity == Severity.WARNING) {
      out.append("warning: ");
    }
    out.append(message);
    location.ifPresent(where -> out.append(" at ").append(where));
    return out.toString();
  }
}
