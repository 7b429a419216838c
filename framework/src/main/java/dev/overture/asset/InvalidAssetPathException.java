package dev.overture.asset;

/**
 * Thrown when a path would leave its content root or is not a path at all: absolute, climbing above
 * the root with {@code ..}, using {@code \}, or reaching outside the root through a symbolic link.
 * The message names the path and says what to write instead.
 */
public final class InvalidAssetPathException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  /** @param message what is wrong with the path, naming it */
  public InvalidAssetPathException(String message) {
    super(message);
  }
}
