package dev.overture.sample;

import dev.overture.core.ProblemException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code overture} command line: the sample game and the content tools. Errors a user can
 * cause are printed as Overture's numbered problem reports, never as stack traces; the exit code
 * is 1 for a content or loading failure and 2 for a usage mistake.
 */
@Command(
    name = "overture",
    mixinStandardHelpOptions = true,
    version = "Overture 0.1.0",
    description = "The Overture sample game and content tools.",
    subcommands = {ListCommand.class, PlayCommand.class, CommandLine.HelpCommand.class})
public final class OvertureCommand {

  /** Exit code of a failure the content or the load caused. */
  public static final int FAILED = 1;

  /** The configured command line, for {@link Main} and for tests. */
  public static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new OvertureCommand());
    commandLine.setExecutionExceptionHandler(
        (exception, line, parseResult) -> {
          PrintWriter err = line.getErr();
          if (exception instanceof ProblemException problems) {
            err.println(problems.getMessage());
          } else if (exception instanceof IllegalArgumentException || exception instanceof IllegalStateException) {
            err.println("overture: " + exception.getMessage());
          } else {
            err.println("overture: " + exception);
          }
          err.flush();
          return FAILED;
        });
    return commandLine;
  }
}
