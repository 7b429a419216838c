package dev.overture.internal;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Checks of what a caller passes to a public method, with messages that name the parameter and
 * where a null is, instead of a NullPointerException from deep inside saying which internal
 * variable was null. Stateless; any thread.
 */
public final class Arguments {

  private Arguments() {}

  /**
   * {@code values} as an unmodifiable list, in order.
   *
   * @throws NullPointerException "{@code name} must not be null", or "{@code name} holds null at
   *     index N"
   */
  public static <T> List<T> noNulls(Collection<T> values, String name) {
    Objects.requireNonNull(values, () -> name + " must not be null");
    int index = 0;
    for (T value : values) {
      if (value == null) {
        throw new NullPointerException(name + " holds null at index " + index + ": " + values);
      }
      index++;
    }
    return List.copyOf(values);
  }
}
