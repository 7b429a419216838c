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

  /**
   * The most lines of a change's problems, and of what it changed, that are printed: a batch of
   * thousands of files (a pack unpacked into the content) would bury the match under them. The rest
   * are counted; every one stays in the LiveReload a host gets, and validate lists them.
   */
  static final int SHOWN = 20;

  private final Queue<LiveReload> heard = new ConcurrentLinkedQueue<>();
  /** The validate command that lists every problem of the content this run plays. */
  private final String validate;
  private final Handle subscription;
  private final Interruption interruption;
  /** How many reloads applied to a world so far: read to tell whether the world changed since. */
  private int applied;
  /** Prints what a reload that reached the world changes there (the HUD), after its own lines. */
  private Consumer<World> afterApplied = world -> {};

  private Watching(LiveContent live, Interruption interruption, String validate) {
    this.interruption = interruption;
    this.validate = validate;
    this.subscription = live.subscribe(heard::add);
  }

  /**
   * Follows the live content of {@code overture} (built with it on) and prints what it watches;
   * {@code validate} is the command that checks the same content, named when a change's problems are
   * too many to print.
   */
  static Watching start(Overture overture, Interruption interruption, PrintWriter out, String validate) {
    LiveContent live = overture.liveContent().orElseThrow();
    List<Path> folders = live.watchedFolders();
    out.printf("Watching %s for edits; each saved change applies to the running match (Ctrl+C stops)%n",
        String.join(", ", folders.stream().map(Path::toString).toList()));
    out.flush();
    return new Watching(live, interruption, validate);
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
      print(reload, out, validate);
      if (reload.status() == LiveReload.Status.APPLIED && !reload.worlds().isEmpty()) {
        applied++;
        afterApplied.accept(world);
      }
      out.flush();
    }
  }

  /**
   * Prints one reload: its summary, what it changed and its problems, the first {@link #SHOWN} of
   * each (errors first: they are why a change was refused) and how many more, with {@code validate},
   * the command that lists every problem.
   */
  static void print(LiveReload reload, PrintWriter out, String validate) {
    out.println(reload.summary());
    List<String> changes = reload.changes();
    changes.stream().limit(SHOWN).forEach(change -> out.println("  " + change));
    if (changes.size() > SHOWN) {
      out.printf("  and %d more changes%n", changes.size() - SHOWN);
    }
    List<Problem> problems = reload.problems();
    if (problems.size() <= SHOWN) {
      if (!problems.isEmpty()) {
        out.println(Problems.format("  " + label(reload), problems));
      }
      return;
    }
    List<Problem> errorsFirst = new java.util.ArrayList<>(problems);
    errorsFirst.sort(java.util.Comparator.comparing(problem -> !problem.isError())); // stable: each kind in its order
    out.printf("%s; %s lists every one%n", Problems.formatFirst("  " + label(reload), errorsFirst, SHOWN), validate);
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
