package dev.overture.feature.internal;

import java.util.List;

/**
 * Where an action's context finds the plugins' extensions: {@code GameFeatures::extensions} for
 * the runtime's actions, none for actions run on their own (tests). Any thread.
 */
@FunctionalInterface
public interface Extensions {

  /** None. */
  Extensions NONE = new Extensions() {
    @Override
    public <T> List<T> of(Class<T> point) {
      return List.of();
    }
  };

  /** The extensions registered for {@code point}. */
  <T> List<T> of(Class<T> point);
}
