package dev.overture.experience;

import dev.overture.core.Problem;
import dev.overture.internal.Failures;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * Something a world takes together with a change of its content, all or nothing: the map it plays
 * on, which live content hands it beside the reload of its experience ({@link
 * ExperienceReload#apply(List)}). When one part refuses, the parts taken before it are given back,
 * last first, and the reload of the experience rolls back, so that the world does not run half of
 * the change.
 *
 * <p><b>Threading.</b> Every method is called on the world's game thread, in the reload's task.
 */
public interface ReloadPart {

  /**
   * Takes the new value. Throws to refuse it, having changed nothing: anything but a fatal error
   * (see {@link Failures#isFatal}) is a refusal, an {@code AssertionError} too.
   */
  void take();

  /**
   * Puts back the value {@link #take()} replaced: a part taken after it refused the change, or the
   * world moved on while taking it. Reports its own failure (with the change) rather than throw.
   */
  void giveBack();

  /** The problem reporting {@code refusal}, which {@link #take()} threw. */
  Problem refused(Throwable refusal);

  /**
   * Takes {@code parts} in order. When one refuses, gives back those taken before it, last first,
   * and returns its problem; null when every part was taken. A fatal error is thrown on once the
   * parts taken are given back.
   */
  static Problem takeAll(List<? extends ReloadPart> parts) {
    for (int i = 0; i < parts.size(); i++) {
      try {
        parts.get(i).take();
      } catch (Throwable refusal) {
        giveBack(parts.subList(0, i));
        Failures.rethrowIfFatal(refusal);
        return parts.get(i).refused(refusal);
      }
    }
    return null;
  }

  /** Gives back {@code taken}, last first; a part that throws is logged, the others are still given back. */
  static void giveBack(List<? extends ReloadPart> taken) {
    for (int i = taken.size() - 1; i >= 0; i--) {
      try {
        taken.get(i).giveBack();
      } catch (Throwable e) {
        LoggerFactory.getLogger(ReloadPart.class).error("Giving back {} failed: {}", taken.get(i), Failures.describe(e), e);
        Failures.rethrowIfFatal(e);
      }
    }
  }
}
