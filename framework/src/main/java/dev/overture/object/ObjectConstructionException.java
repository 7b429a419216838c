package dev.overture.object;

/**
 * An object that could not be built: no usable constructor, a dependency missing, a default
 * subobject misused or overridden wrongly, a constructor that threw. The message names the class
 * and, where it matters, the subobject and the classes involved.
 */
public class ObjectConstructionException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** @param message what went wrong, naming the classes involved */
  ObjectConstructionException(String message) {
    super(message);
  }

  /**
   * @param message what went wrong
   * @param cause why
   */
  ObjectConstructionException(String message, Throwable cause) {
    super(message, cause);
  }
}
