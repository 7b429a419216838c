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

  /**
   * How a failure of {@code action} names the plugin whose code its class is, after the action's
   * label: {@code " (plugin Boom, plugins/boom.jar)"}, or "" when it is no plugin's (or the label
   * names the plugin already, as a plugin's own actions' do).
   */
  default String whose(Object action) {
    return "";
  }
}
