package dev.overture.asset;

import dev.overture.internal.Choices;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * A value in JSON that cannot be bound: a reference (a malformed id, a type the field does not
 * allow, a path that leaves the root), or a number that is not finite. Jackson adds the location and the path as it unwinds; the loader turns it
 * into a problem with {@link #problemId()} and {@link #choices()}.
 */
final class AssetReferenceException extends MismatchedInputException {

  private static final long serialVersionUID = 1L;

  private final String problemId;
  private final transient List<String> choices;
  private String label = "allowed";

  AssetReferenceException(JsonParser parser, String problemId, String message, List<String> choices) {
    super(parser, message);
    this.problemId = problemId;
    this.choices = Choices.copyOf(choices);
  }

  String problemId() {
    return problemId;
  }

  List<String> choices() {
    return choices;
  }

  /** What the choices are called in the message: {@code allowed} unless set. */
  String label() {
    return label;
  }

  AssetReferenceException withLabel(String newLabel) {
    this.label = newLabel;
    return this;
  }
}
