package dev.overture.sample;

import dev.overture.core.ProblemException;
import dev.overture.version.BuildVersion;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code overture} command line: the sample game and the content tools. Errors a user can
 * cause are printed as Overture's numbered problem reports, never as stack traces; the exit code
 * is 1 for a content or loading failure and 2 for a usage mistake.
 *
 * <p>Each command runs on the thread that calls {@code execute}.
 */
@Command(
    name = "overture",
    mixinStandardHelpOptions = true,
    versionProvider = OvertureCommand.Version.class,
    description = "The Overture sample game and content tools.",
    subcommands = {
      ListCommand.class,
      PlayCommand.class,
      FrontendCommand.class,
      DescribeCommand.class,
      VersionCommand.class,
      ResaveCommand.class,
      UpdateLocalVersionCommand.class,
      ValidateCommand.class,
      SchemasCommand.class,
      MigrateIdsCommand.class,
      ArchiveCommand.class,
      CommandLine.HelpCommand.class
    })
public final class OvertureCommand {

  @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Print the stack trace of an error too.")
  boolean debug;

  /** Exit code of a failure the content or the load caused. */
  public static final int FAILED = 1;

  /** {@code --version}: the build version this jar runs as. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      BuildVersion build = SampleBuild.version();
      return new String[] {
        "Overture sample game " + build.engineVersion(),
        "what it saves can be read by builds from " + build.compatibleVersion().toDisplayString() + " on"
            + (build.buildId().isEmpty() ? "" : "; build " + build.buildId())
      };
    }
  }

  /** The configured command line, for {@link Main} and for tests. */
  public static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new OvertureCommand());
    commandLine.setExecutionExceptionHandler(
        (exception, line, parseResult) -> {
          PrintWriter err = line.getErr();
          boolean debug = false;
          for (CommandLine.ParseResult result = parseResult; result != null; result = result.subcommand()) {
            debug |= result.hasMatchedOption("--debug");
          }
          if (exception instanceof ProblemException problems) {
            err.println(problems.getMessage());
          } else if (exception instanceof IllegalArgumentException || exception instanceof IllegalStateException
              || exception instanceof dev.overture.persistence.PersistenceException
              || exception instanceof dev.overture.archive.ArchiveFormatException) {
            err.println("overture: " + exception.getMessage());
          } else {
            err.println("overture: " + exception);
          }
          if (debug) {
            exception.printStackTrace(err);
          }
          err.flush();
          return FAILED;
        });
    return commandLine;
  }
}
