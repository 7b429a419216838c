package dev.overture.sample;

import dev.overture.core.ProblemException;
import dev.overture.internal.Failures;
import dev.overture.version.BuildVersion;
import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine;

/**
 * The {@code overture} command line: the sample game and the content tools. Errors a user can
 * cause are printed as Overture's numbered problem reports, never as stack traces; the exit code
 * is 1 for a content or loading failure and 2 for a usage mistake. A Java {@code Error} (out of
 * memory, a stack overflow) is reported in one line too, exit code 1; only {@code --debug} adds
 * the stack trace.
 *
 * <p>Each command runs on the thread that calls {@code execute}.
 */
@Command(
    name = "overture",
    addMethodSubcommands = false,
    mixinStandardHelpOptions = true,
    versionProvider = OvertureCommand.Version.class,
    description = "The Overture sample game and content tools.")
public final class OvertureCommand {

  /**
   * The subcommands by their {@code @Command} names, in the order the help lists them. Named here
   * too so that choosing the one to build reads no annotation of the others (a test checks that
   * each name is its command's).
   */
  private static final Map<String, Class<?>> SUBCOMMANDS = subcommands(
      "list", ListCommand.class,
      "play", PlayCommand.class,
      "frontend", FrontendCommand.class,
      "describe", DescribeCommand.class,
      "version", VersionCommand.class,
      "resave", ResaveCommand.class,
      "update-local-version", UpdateLocalVersionCommand.class,
      "validate", ValidateCommand.class,
      "schemas", SchemasCommand.class,
      "migrate-ids", MigrateIdsCommand.class,
      "archive", ArchiveCommand.class,
      "help", CommandLine.HelpCommand.class);

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
        "what it saves can be read by builds from " + build.compatibleVersion().toDisplayString() + " on",
        "build " + build.displayBuildVersion() + (build.buildId().isEmpty() ? "" : ", id " + build.buildId())
      };
    }
  }

  /** The configured command line with every subcommand, for tests and for the help. */
  public static CommandLine commandLine() {
    return configure(List.copyOf(SUBCOMMANDS.values()));
  }

  /**
   * The command line that runs {@code args}. picocli reflects over every option of every
   * subcommand it is given, which costs a start-up a tenth of a second and more; when the first
   * argument names a subcommand (other than help), only that one is built: it parses the rest of
   * the arguments, and prints its help and its errors, exactly as the full command line would.
   * Anything else (no arguments, an option first, help, a mistyped name that deserves the list of
   * commands) gets the full command line.
   */
  static CommandLine commandLine(String[] args) {
    Class<?> subcommand = args.length > 0 ? SUBCOMMANDS.get(args[0]) : null;
    if (subcommand != null && subcommand != CommandLine.HelpCommand.class) {
      return configure(List.of(subcommand));
    }
    return commandLine();
  }

  /**
   * Runs {@code args} writing to {@code stdout} and {@code stderr}, as {@code main} does: the exit
   * code of the command, except that output that could not be written (a full disk, a closed pipe)
   * is a failure, said in one line on {@code stderr}, exit code 1 (or the command's own when it
   * failed too). picocli's writers swallow such errors, so without this a run whose output was lost
   * would look like a success.
   */
  static int execute(String[] args, OutputStream stdout, OutputStream stderr) {
    OutputFailures out = new OutputFailures(stdout);
    CommandLine commandLine = commandLine(args);
    commandLine.setOut(writer(out, "sun.stdout.encoding"));
    commandLine.setErr(writer(stderr, "sun.stderr.encoding"));
    int exit = commandLine.execute(args);
    commandLine.getOut().flush();
    if (out.failure() != null || commandLine.getOut().checkError()) {
      String reason = out.failure() == null ? "" : " (" + Failures.describe(out.failure()) + ")";
      commandLine.getErr().println("overture: could not write the output" + reason);
      commandLine.getErr().flush();
      return exit == 0 ? FAILED : exit;
    }
    return exit;
  }

  /**
   * A writer as picocli makes its own (the stream's encoding from the JVM's property, else the
   * default; flushed by println), showing control characters as escapes ({@link VisibleControls}):
   * every command prints content values, and none may steer the terminal.
   */
  private static PrintWriter writer(OutputStream stream, String encodingProperty) {
    String encoding = System.getProperty(encodingProperty);
    Charset charset = encoding != null && Charset.isSupported(encoding) ? Charset.forName(encoding) : Charset.defaultCharset();
    return new PrintWriter(new VisibleControls(new BufferedWriter(new OutputStreamWriter(stream, charset))), true);
  }

  private static Map<String, Class<?>> subcommands(Object... namesAndClasses) {
    Map<String, Class<?>> byName = new LinkedHashMap<>();
    for (int i = 0; i < namesAndClasses.length; i += 2) {
      byName.put((String) namesAndClasses[i], (Class<?>) namesAndClasses[i + 1]);
    }
    return Collections.unmodifiableMap(byName);
  }

  private static CommandLine configure(List<Class<?>> subcommands) {
    CommandLine commandLine = new CommandLine(new OvertureCommand());
    subcommands.forEach(commandLine::addSubcommand);
    // The help in plain text on a terminal too (set after the subcommands, so it reaches them): the
    // writers show an ESC as an escape (VisibleControls), so the help's colours would show as text.
    commandLine.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
    // Every path option of every command (registered after the subcommands, so it reaches them): an
    // empty one would be the current folder, silently, which no one means by typing ''.
    commandLine.registerConverter(java.nio.file.Path.class, OvertureCommand::path);
    // picocli hands the handler below only Exceptions: an Error would leave execute() and end the
    // JVM with a stack trace. Wrap it, so it is reported like any failure.
    CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
    commandLine.setExecutionStrategy(parseResult -> {
      try {
        return run.execute(parseResult);
      } catch (Error e) {
        CommandLine failed = parseResult.commandSpec().commandLine();
        for (CommandLine.ParseResult sub = parseResult.subcommand(); sub != null; sub = sub.subcommand()) {
          failed = sub.commandSpec().commandLine();
        }
        throw new CommandLine.ExecutionException(failed, describe(e), e);
      }
    });
    commandLine.setExecutionExceptionHandler(
        (exception, line, parseResult) -> {
          PrintWriter err = line.getErr();
          boolean debug = false;
          for (CommandLine.ParseResult result = parseResult; result != null; result = result.subcommand()) {
            debug |= result.hasMatchedOption("--debug");
          }
          if (exception instanceof CommandLine.ExecutionException wrapped && wrapped.getCause() instanceof Error) {
            err.println("overture: " + wrapped.getMessage() + (debug ? "" : " (run with --debug for the stack trace)"));
            if (debug) {
              wrapped.getCause().printStackTrace(err);
            }
            err.flush();
            return FAILED;
          }
          err.println(message(exception));
          if (debug) {
            exception.printStackTrace(err);
          }
          err.flush();
          return FAILED;
        });
    return commandLine;
  }

  /**
   * Refuses a file option given as a folder ({@code --save sub/}): the path it becomes has lost its
   * trailing slash and would name a file called {@code sub}.
   *
   * @throws IllegalArgumentException naming the option and a file to give instead
   */
  static void refuseFolderName(picocli.CommandLine.Model.CommandSpec spec, String option, String example) {
    picocli.CommandLine.Model.OptionSpec given = spec.commandLine().getParseResult().matchedOption(option);
    if (given == null || given.stringValues().isEmpty()) {
      return;
    }
    String value = given.stringValues().get(given.stringValues().size() - 1);
    if (value.endsWith("/") || value.endsWith(java.io.File.separator)) {
      throw new IllegalArgumentException(option + " " + value + " names a folder; give a file, for example " + value + example);
    }
  }

  /**
   * What a command's failure says: a problem report as it is, the message of a user's mistake
   * (a bad option value, a store or archive that cannot be read) after {@code overture: }, and
   * anything else described in one line.
   */
  static String message(Exception exception) {
    if (exception instanceof ProblemException problems) {
      return problems.getMessage();
    }
    if (exception instanceof IllegalArgumentException || exception instanceof IllegalStateException
        || exception instanceof dev.overture.persistence.PersistenceException
        || exception instanceof dev.overture.archive.ArchiveFormatException) {
      return "overture: " + exception.getMessage();
    }
    return "overture: " + Failures.describe(exception);
  }

  /** A path option's value: any text but an empty one. */
  static java.nio.file.Path path(String value) {
    if (value.isEmpty()) {
      throw new CommandLine.TypeConversionException("an empty path names no file or folder (. is the current folder)");
    }
    try {
      return java.nio.file.Path.of(value);
    } catch (java.nio.file.InvalidPathException e) {
      throw new CommandLine.TypeConversionException("'" + value + "' is not a path (" + e.getReason() + ")");
    }
  }

  /** One line for an Error, in words a player can pass on. */
  static String describe(Error error) {
    String detail = error.getMessage() == null ? "" : " (" + error.getMessage() + ")";
    if (error instanceof OutOfMemoryError) {
      return "the command ran out of memory" + detail + "; give Java more (java -Xmx2g -jar overture.jar ...) or smaller input";
    }
    if (error instanceof StackOverflowError) {
      return "the command failed: " + Failures.STACK_OVERFLOW;
    }
    return "the command failed with an internal error" + (detail.isEmpty() ? " without a message" : detail);
  }
}
