package dev.overture.sample;

import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import java.io.PrintWriter;
import java.util.concurrent.TimeUnit;

/**
 * Prints the loading timeline: a line per state, with the wall-clock milliseconds since the load
 * began when asked (they differ from run to run), and on a terminal a bar redrawn in place. No world
 * time: the world is not ticked while it loads (loading time does not count as turns), so it would
 * read 0.000 s on every line.
 *
 * <p><b>Threading.</b> Not thread-safe; used on the world's game thread, which the command drives.
 */
final class LoadingDisplay {
  private static final int WIDTH = 20;
  private final PrintWriter out;
  private final boolean bar;
  private final boolean timings;
  private boolean drawn;
  private LoadState state = LoadState.UNLOADED;
  private double done;
  private int shown = -1;

  LoadingDisplay(PrintWriter out, boolean bar, boolean timings) {
    this.out = out;
    this.bar = bar;
    this.timings = timings;
  }

  void show(ExperienceManager.Transition change) {
    clear();
    if (timings) {
      out.printf("  %+6d ms  %s%n", TimeUnit.NANOSECONDS.toMillis(change.sinceStartNanos()), change.to());
    } else {
      out.printf("  %s%n", change.to());
    }
    state = change.to();
    if (state != LoadState.LOADED && state != LoadState.FAILED) {
      draw();
    }
    out.flush();
  }

  /** The load's aggregate progress ({@link ExperienceManager#loadProgress()}); redraws the bar when it moved. */
  void progress(double done) {
    int percent = (int) Math.round(done * 100);
    if (percent != shown && state != LoadState.LOADED && state != LoadState.FAILED) {
      this.done = done;
      clear();
      draw();
      out.flush();
    }
  }

  private void draw() {
    if (!bar) {
      return;
    }
    int filled = (int) Math.round(done * WIDTH);
    shown = (int) Math.round(done * 100);
    out.printf("\r  [%s%s] %3d%% %s", "#".repeat(filled), ".".repeat(WIDTH - filled), shown, state);
    drawn = true;
  }

  void done() {
    clear();
    out.flush();
  }

  private void clear() {
    if (drawn) {
      out.print("\r" + " ".repeat(WIDTH + 32) + "\r");
      drawn = false;
    }
  }
}
