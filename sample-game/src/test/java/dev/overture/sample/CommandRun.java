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
}
