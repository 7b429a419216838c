package dev.overture.sample;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * The training run of the start-up archive ({@link StartupArchive}): runs, in one JVM, the commands
 * whose classes the archive should hold, their output thrown away. Exits 1, printing the command
 * and its output, when one fails: the jar it runs from is then broken, and the build must say so.
 * Not part of the command line.
 */
final class StartupTraining {

  /** What a player and a content author run most: the default experience, the plugin jar's, validation, the list. */
  static final List<List<String>> COMMANDS = List.of(
      List.of("play", "--ticks", "0"),
      List.of("play", "--ticks", "60"),
      List.of("play", "--experience", "TopDownArena", "--ticks", "30"),
      List.of("validate"),
      List.of("list"));

  private StartupTraining() {}

  public static void main(String[] args) {
    // What every command's preload thread does beside it (Preload): its classes in the archive too.
    Preload.warmJackson();
    for (List<String> command : COMMANDS) {
      StringWriter output = new StringWriter();
      String[] arguments = command.toArray(String[]::new);
      CommandLine line = OvertureCommand.commandLine(arguments);
      line.setOut(new PrintWriter(output, true));
      line.setErr(new PrintWriter(output, true));
      int exit = line.execute(arguments);
      if (exit != 0) {
        System.err.println("overture " + String.join(" ", command) + " exited " + exit + ":\n" + output);
        System.exit(1);
      }
    }
  }
}
