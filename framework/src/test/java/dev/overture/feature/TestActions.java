package dev.overture.feature;

import dev.overture.world.ActorComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Actions and components the feature and experience tests use. */
public final class TestActions {

  private TestActions() {}

  /** What Record actions did, in order, across all worlds. */
  public static final List<String> LOG = Collections.synchronizedList(new ArrayList<>());

  /** The pauses Record actions asked for, to complete by hand. */
  public static final List<Runnable> PAUSES = Collections.synchronizedList(new ArrayList<>());

  /**
   * Logs its activation and deactivation; can pause deactivation or fail activation.
   *
   * @param name what to log
   * @param pause whether deactivation pauses until a test completes it
   * @param fail whether activating throws
   */
  public record Record(String name, boolean pause, boolean fail) implements GameFeatureAction {
    @Override
    public void onActivating(FeatureContext context) {
      if (fail) {
        throw new IllegalStateException(name + " refuses to activate");
      }
      LOG.add("activate " + name + " in " + context.world().name());
      context.keepUndo(() -> LOG.add("undo " + name + " in " + context.world().name()));
    }

    @Override
    public void onDeactivating(FeatureContext context) {
      LOG.add("deactivate " + name + " in " + context.world().name());
      if (pause) {
        PAUSES.add(context.pauseDeactivationUntilComplete(name));
      }
    }

    @Override
    public void onUnregistering() {
      LOG.add("unregister " + name);
    }
  }

  /** How many more times Flaky actions fail to register. */
  public static final java.util.concurrent.atomic.AtomicInteger FLAKY_FAILURES = new java.util.concurrent.atomic.AtomicInteger();

  /**
   * Fails to register while {@link #FLAKY_FAILURES} is positive.
   *
   * @param name what to log
   */
  public record Flaky(String name) implements GameFeatureAction {
    @Override
    public void onRegistering() {
      if (FLAKY_FAILURES.getAndDecrement() > 0) {
        throw new IllegalStateException(name + " cannot register yet");
      }
      LOG.add("register " + name);
    }
  }

  /** A component content can name. */
  public static class Score extends ActorComponent {}

  /** Another component content can name. */
  public static class Health extends ActorComponent {}
}
