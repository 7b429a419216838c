package dev.overture.sample;

import dev.overture.core.Problem;
import dev.overture.core.Problems;
import dev.overture.inject.Overture;
import dev.overture.live.LiveContent;
import dev.overture.live.LiveReload;
import dev.overture.world.Handle;
import dev.overture.world.World;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * What {@code play --watch} adds to a run: live content on (the content folder and the plugins
 * folder watched), each reload printed with what it changed, between turns on the command's thread
 * so its lines never cut into the match's, and, once the match is over, the world kept running
 * until the user presses Ctrl+C, so later edits still apply. Used on the command's thread only;
 * live content hands reloads over from its own thread through a queue.
 */
final class Watching implements AutoCloseable {

  /** How often the world's queued tasks (the reloads among them) run while the match waits. */
  private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

  private final Queue<LiveReload> heard = new ConcurrentLinkedQueue<>();
  private final Handle subscription;
  private final Interruption interruption;
  /** How many reloads applied to a world so far: read to tell whether the world changed since. */
  private int applied;
  /** Prints what a reload that reached the world changes there (the HUD), after its own lines. */
  private Consumer<World> afterApplied = world -> {};

  private Watching(LiveContent live, Interruption interruption) {
    this.interruption = interruption;
    this.subscription = live.subscribe(heard::add);
  }

  /** Follows the live content of {@code overture} (built with it on) and prints what it watches. */
  static Watching start(Overture overture, Interruption interruption, PrintWriter out) {
    LiveContent live = overture.liveContent().orElseThrow();
    List<Path> folders = live.watchedFolders();
    out.printf("Watching %s for edits; each saved change applies to the running match (Ctrl+C stops)%n",
        String.join(", ", folders.stream().map(Path::toString).toList()));
    out.flush();
    return new Watching(live, interruption);
  }

  /** Shows, after a reload applied to a world, what it now looks like. */
  void afterApplied(Consumer<World> show) {
    afterApplied = show;
  }

  /**
   * Prints the reloads heard since the last call (a summary, what changed, the problems), and flushes
   * what the turn printed: a person reads the match as it goes, not when the buffer fills.
   */
  void print(World world, PrintWriter out) {
    out.flush();
    LiveReload reload;
    while ((reload = heard.poll()) != null) {
      out.println(reload.summary());
      reload.changes().forEach(change -> out.println("  " + change));
      List<Problem> problems = reload.problems();
      if (!problems.isEmpty()) {
        out.println(Problems.format("  " + label(reload), problems));
      }
      if (reload.status() == LiveReload.Status.APPLIED && !reload.worlds().isEmpty()) {
        applied++;
        afterApplied.accept(world);
      }
      out.flush();
    }
  }

  /**
   * What the problems of {@code reload} are: why it was refused, why a world rolled it back, what a
   * world could not take of an applied change (an error: a tracked asset the world refused), or
   * warnings.
   */
  static String label(LiveReload reload) {
    if (reload.status() == LiveReload.Status.REFUSED) {
      return "refused:";
    }
    boolean rolledBack = reload.worlds().stream()
        .anyMatch(update -> update.outcome() == dev.overture.experience.ExperienceReload.Outcome.ROLLED_BACK);
    if (rolledBack) {
      return "rolled back:";
    }
    return reload.problems().stream().anyMatch(dev.overture.core.Problem::isError) ? "not taken:" : "warnings:";
  }

  /** How many reloads printed so far applied to a world: a count that moved means the world changed. */
  int applied() {
    return applied;
  }

  /** Keeps {@code world} running (its queued tasks, so reloads apply) and prints reloads until Ctrl+C. */
  void runUntilInterrupted(World world, PrintWriter out, String why) {
    out.printf("%s; still watching for edits until you press Ctrl+C%n", why);
    out.flush();
    while (!interruption.requested()) {
      world.runPendingTasks();
      print(world, out);
      interruption.rest(IDLE_NANOS);
    }
    print(world, out);
  }

  @Override
  public void close() {
    subscription.release();
  }
}
