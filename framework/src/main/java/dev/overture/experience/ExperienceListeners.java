package dev.overture.experience;

import dev.overture.experience.ExperienceManager.Priority;
import dev.overture.experience.ExperienceManager.StateListener;
import dev.overture.experience.ExperienceManager.Transition;
import dev.overture.internal.Failures;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listeners and the timeline of one experience manager: loaded listeners by priority and failure listeners, each
 * called once; state listeners, called on every change until removed. A listener that throws
 * (anything, an {@code AssertionError} too) is logged, naming it, and the others still run; see
 * {@link Failures#isFatal}. Confined to the world's game thread.
 */
final class ExperienceListeners {

  private static final Logger log = LoggerFactory.getLogger(ExperienceListeners.class);

  private final String worldName;
  private final Map<Priority, List<Consumer<ExperienceDefinition>>> loaded = new EnumMap<>(Priority.class);
  private final List<Consumer<ExperienceLoadException>> failed = new ArrayList<>();
  private final List<StateListener> states = new ArrayList<>();
  /** The most transitions the timeline keeps: a load has at most six, each live reload adds two. */
  static final int TIMELINE_LIMIT = 64;

  /** The newest transitions since the current experience was set, at most {@link #TIMELINE_LIMIT}. */
  private final java.util.ArrayDeque<Transition> timeline = new java.util.ArrayDeque<>();

  ExperienceListeners(String worldName) {
    this.worldName = worldName;
    for (Priority priority : Priority.values()) {
      loaded.put(priority, new ArrayList<>());
    }
  }

  void onLoaded(Priority priority, Consumer<ExperienceDefinition> listener) {
    loaded.get(priority).add(listener);
  }

  void onFailed(Consumer<ExperienceLoadException> listener) {
    failed.add(listener);
  }

  void onState(StateListener listener) {
    states.add(listener);
  }

  void removeState(StateListener listener) {
    states.remove(listener);
  }

  /** How many loaded listeners of each priority were waiting at a moment: see {@link #dropSince}. */
  static final class Mark {
    private final int[] counts;

    private Mark(int[] counts) {
      this.counts = counts;
    }
  }

  /** The loaded listeners waiting now, to drop those registered after it ({@link #dropSince}). */
  Mark mark() {
    int[] counts = new int[Priority.values().length];
    for (Priority priority : Priority.values()) {
      counts[priority.ordinal()] = loaded.get(priority).size();
    }
    return new Mark(counts);
  }

  /** Drops the loaded listeners registered since {@code mark}: the actions that registered them were undone. */
  void dropSince(Mark mark) {
    for (Priority priority : Priority.values()) {
      List<Consumer<ExperienceDefinition>> waiting = loaded.get(priority);
      int kept = Math.min(mark.counts[priority.ordinal()], waiting.size());
      waiting.subList(kept, waiting.size()).clear();
    }
  }

  /** Takes the loaded listeners, highest priority first, and drops the failure listeners. */
  List<Consumer<ExperienceDefinition>> takeLoaded() {
    List<Consumer<ExperienceDefinition>> taken = new ArrayList<>();
    for (Priority priority : Priority.values()) {
      taken.addAll(loaded.get(priority));
      loaded.get(priority).clear();
    }
    failed.clear();
    return taken;
  }

  /** Takes the failure listeners; the loaded listeners wait for the next load. */
  List<Consumer<ExperienceLoadException>> takeFailed() {
    List<Consumer<ExperienceLoadException>> taken = List.copyOf(failed);
    failed.clear();
    return taken;
  }

  /** Drops every once-listener: the world has ended. */
  void clearOnce() {
    loaded.values().forEach(List::clear);
    failed.clear();
  }

  List<Transition> timeline() {
    return List.copyOf(timeline);
  }

  void clearTimeline() {
    timeline.clear();
  }

  /**
   * Records {@code transition} in the timeline and tells the state listeners, every one of them: what
   * one throws is logged naming it (see {@link Failures#isFatal}), and a fatal error is thrown on once all
   * have heard.
   */
  void changed(Transition transition) {
    if (timeline.size() == TIMELINE_LIMIT) {
      timeline.removeFirst(); // live reloads add two each, for as long as the experience runs
    }
    timeline.add(transition);
    Throwable fatal = null;
    for (StateListener listener : List.copyOf(states)) {
      try {
        listener.changed(transition);
      } catch (Throwable e) {
        log.error("State listener {} of the experience of world {} threw on {} -> {}; the others still hear it",
            listener, worldName, transition.from(), transition.to(), e);
        fatal = Failures.isFatal(e) && fatal == null ? e : fatal;
      }
    }
    if (fatal != null) {
      Failures.rethrowIfFatal(fatal);
    }
  }

  /**
   * Calls every one of {@code taken} with {@code value}, in order: what one throws is logged naming
   * it and {@code kind} ("loaded", "failure"), and the others are still called; a fatal error is
   * thrown on once all have been.
   */
  <T> void callAll(String kind, List<Consumer<T>> taken, T value) {
    Throwable fatal = null;
    for (Consumer<T> listener : taken) {
      try {
        listener.accept(value);
      } catch (Throwable e) {
        log.error("The {} listener {} of the experience of world {} threw; the others are still called", kind, listener,
            worldName, e);
        fatal = Failures.isFatal(e) && fatal == null ? e : fatal;
      }
    }
    if (fatal != null) {
      Failures.rethrowIfFatal(fatal);
    }
  }

  /** Calls {@code listener} with {@code value}, as {@link #callAll} does. */
  <T> void call(String kind, Consumer<T> listener, T value) {
    callAll(kind, List.of(listener), value);
  }
}
