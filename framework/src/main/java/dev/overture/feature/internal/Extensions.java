package dev.overture.feature.internal;

import java.util.List;

/**
 * Where an action's context finds the plugins' extensions: {@code GameFeatures::extensions} for
 * the runtime's actions, none for actions run on their own (tests). Any thread.
 */
@FunctionalInterface
public interface Extensions {

  /** None: for actions run on their own. */
  static Extensions none() {
    return None.INSTANCE;
  }

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

  /**
   * The extensions of no plugin. A class of its own rather than a constant of this interface: an
   * interface with a static initializer and a default method ({@link #whose}) keeps its method
   * references ({@code GameFeatures::extensions}) linked by the JDK's factory at run time, since the
   * build's lambda rewrite leaves those alone (the sample's {@code InlineLambdas}), and that linking
   * is start-up time.
   */
  final class None implements Extensions {
    private static final None INSTANCE = new None();

    private None() {}

    @Override
    public <T> List<T> of(Class<T> point) {
      return List.of();
    }
  }
}
