package dev.overture.sample;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * One run of the tool in the test's own JVM, as a user runs it: its exit code and what it printed
 * on each stream. Each run builds its own command line, so runs share nothing; safe from any thread.
 */
record CommandRun(int exit, String out, String err) {

  /** Runs {@code overture args...}. */
  static CommandRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine command = OvertureCommand.commandLine();
    command.setOut(new PrintWriter(out));
    command.setErr(new PrintWriter(err));
    int exit = command.execute(args);
    return new CommandRun(exit, out.toString(), err.toString());
  }

  /** Both streams, standard output first. */
  String all() {
    return out + err;
  }

  /**
   * Runs of the tool one after another in one test, what each printed readable after it: a run
   * replaces what the one before printed, unless the session keeps everything (then {@link #clear}
   * empties it). Not thread-safe: one test's thread.
   */
  static final class Session {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final boolean keeps;

    /** A session whose each run replaces what the last printed. */
    Session() {
      this(false);
    }

    /** A session that keeps everything printed when {@code keeps}, until {@link #clear}. */
    Session(boolean keeps) {
      this.keeps = keeps;
    }

    /** Runs {@code overture args...}, returning its exit code. */
    int run(String... args) {
      return run(OvertureCommand.commandLine(), args);
    }

    /** Runs {@code args} on {@code command} (the tool's, changed by the test), returning its exit code. */
    int run(CommandLine command, String... args) {
      if (!keeps) {
        clear();
      }
      command.setOut(new PrintWriter(out));
      command.setErr(new PrintWriter(err));
      return command.execute(args);
    }

    /** What the runs printed on standard output. */
    String out() {
      return out.toString();
    }

    /** What the runs printed on standard error. */
    String err() {
      return err.toString();
    }

    /** Forgets what the runs printed on standard output. */
    void clearOut() {
      out.getBuffer().setLength(0);
    }

    /** Forgets what the runs printed on standard error. */
    void clearErr() {
      err.getBuffer().setLength(0);
    }

    /** Forgets what the runs printed. */
    void clear() {
      clearOut();
      clearErr();
    }
  }
}
