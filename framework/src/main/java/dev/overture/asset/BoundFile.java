package dev.overture.asset;

import dev.overture.core.Problem;
import java.util.List;
import java.util.Objects;

/**
 * A file read and bound outside the index (a plugin descriptor, a settings file), with the
 * warnings binding it produced. Immutable.
 *
 * @param value the bound value
 * @param warnings warnings such as unknown properties, located in the file
 * @param <T> the bound type
 */
public record BoundFile<T>(T value, List<Problem> warnings) {

  public BoundFile {
    Objects.requireNonNull(value, "value");
    warnings = List.copyOf(warnings);
  }
}
