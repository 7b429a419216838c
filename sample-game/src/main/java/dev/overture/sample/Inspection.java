package dev.overture.sample;

import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.core.ReportKind;
import dev.overture.core.Reports;
import dev.overture.inject.Overture;
import dev.overture.inspector.Inspector;
import dev.overture.world.World;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What {@code play --inspect} adds to a run: the inspector serving the runtime's page, the turns
 * at a pace a person can follow, and, once the match is over (or the load failed), serving on until
 * the user presses Ctrl+C. While it waits it keeps running the world's queued tasks, since the
 * inspector reads the world on its game thread. Used on the command's thread only.
 */
final class Inspection implements AutoCloseable {

  /** How often the world's queued tasks run while nothing else happens: the page is refreshed ten times a second. */
  private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

  private final Inspector inspector;
  private final Interruption interruption;
  private final Reports reports;

  private Inspection(Inspector inspector, Interruption interruption, Reports reports) {
    this.inspector = inspector;
    this.interruption = interruption;
    this.reports = reports;
  }

  /**
   * Starts the inspector of {@code overture} on {@code port} of {@code address} (the loopback address
   * when null; any other gets a random token, carried by the address printed) and prints where it is.
   */
  static Inspection start(Overture overture, int port, InetAddress address, Interruption interruption, PrintWriter out) {
    Inspector.Builder builder = Inspector.builder(overture).port(port);
    if (address != null) {
      builder.bindAddress(address);
      if (!address.isLoopbackAddress()) {
        builder.randomToken();
      }
    }
    Inspector inspector = builder.start();
    out.printf("Inspector: %s (Ctrl+C stops)%n", inspector.uri());
    out.flush();
    return new Inspection(inspector, interruption, overture.reports());
  }

  /**
   * Reports why the run could not set up its experience (no such experience or tile, a map the rules
   * refuse, a save that cannot be restored) to the runtime's reports, as a failed load is reported,
   * so the page shows it, located when it is a problem report.
   */
  void report(RuntimeException failure, World world) {
    String where = " (world " + world.name() + ")";
    if (failure instanceof ProblemException problems) {
      reports.publish(ReportKind.LOAD_FAILED, problems.heading() + where, problems.problems());
    } else {
      reports.publish(ReportKind.LOAD_FAILED, "Could not set up the experience" + where,
          List.of(Problem.error("Sample/CannotPlay", failure.getMessage())));
    }
  }

  /** Serves until the user asks to stop, keeping the page live. */
  void serveUntilInterrupted(World world, PrintWriter out, String why) {
    out.printf("%s; the inspector goes on serving at %s until you press Ctrl+C%n", why, inspector.uri());
    out.flush();
    while (!interruption.requested()) {
      world.runPendingTasks();
      interruption.rest(IDLE_NANOS);
    }
  }

  @Override
  public void close() {
    inspector.close();
  }

  /**
   * The pace of turns: at most {@code turnsPerSecond}, or as fast as the machine goes when null. Between
   * turns it runs the world's queued tasks, so an inspector's page keeps up with the match.
   */
  record Pace(long turnNanos, Interruption interruption) {

    static Pace of(Double turnsPerSecond, Interruption interruption) {
      return new Pace(turnsPerSecond == null ? 0 : Math.round(1e9 / turnsPerSecond), interruption);
    }

    /** Waits until {@code deadline} (System.nanoTime), running {@code world}'s queued tasks meanwhile. */
    void awaitTurn(World world, long deadline) {
      if (turnNanos == 0) {
        return;
      }
      long left;
      while ((left = deadline - System.nanoTime()) > 0 && !interruption.requested()) {
        world.runPendingTasks();
        interruption.rest(Math.min(left, IDLE_NANOS));
      }
    }
  }
}
