package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * Issue 20: {@code Main} builds only the subcommand its first argument names, to start faster; what
 * the user sees must be exactly what the full command line prints, help and errors included.
 */
class StartupCommandLineTest {

  private record Run(int exit, String out, String err) {}

  private static Run run(CommandLine commandLine, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    commandLine.setOut(new PrintWriter(out));
    commandLine.setErr(new PrintWriter(err));
    int exit = commandLine.execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "play --help",
      "play --ticks many",
      "play --nope",
      "validate --format yaml",
      "--debug play --ticks -1",
      "help play",
      "plya",
      "list --help",
      "version",
      "--help"})
  void theCommandLineForTheArguments_printsWhatTheFullOnePrints(String line) {
    String[] args = line.split(" ");

    Run full = run(OvertureCommand.commandLine(), args);
    Run chosen = run(OvertureCommand.commandLine(args), args);

    assertEquals(full, chosen);
  }

  @Test
  void eachSubcommandFirst_buildsThatSubcommandOnly() {
    // Every subcommand of the full command line, by the name it answers to: Main finds them by name.
    for (String name : OvertureCommand.commandLine().getSubcommands().keySet()) {
      if (name.equals("help")) {
        continue;
      }
      CommandLine chosen = OvertureCommand.commandLine(new String[] {name, "--help"});

      assertEquals(List.of(name), List.copyOf(chosen.getSubcommands().keySet()), name);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"help", "--debug", "nope"})
  void anythingElseFirst_buildsEverySubcommand(String first) {
    CommandLine chosen = OvertureCommand.commandLine(new String[] {first, "play"});

    assertEquals(OvertureCommand.commandLine().getSubcommands().keySet(), chosen.getSubcommands().keySet());
    assertTrue(chosen.getSubcommands().containsKey("play"));
  }

  /** The full command line and every subcommand below it. */
  private static List<CommandLine> everyCommand() {
    List<CommandLine> every = new ArrayList<>();
    ArrayDeque<CommandLine> commands = new ArrayDeque<>(List.of(OvertureCommand.commandLine()));
    while (!commands.isEmpty()) {
      CommandLine command = commands.pop();
      commands.addAll(command.getSubcommands().values());
      every.add(command);
    }
    return every;
  }

  @Test
  void everyCommandOfOurs_isNotSearchedForMethodSubcommands() {
    // picocli otherwise lists every method of each command class it builds and reads each one's
    // annotations, looking for @Command methods: work a start-up does for nothing (issue 20).
    // None of ours has such a method; a new command class must say so too.
    List<String> searched = new ArrayList<>();
    int ours = 0;
    for (CommandLine command : everyCommand()) {
      Class<?> type = command.getCommand().getClass();
      if (!type.getPackageName().startsWith("dev.overture")) {
        continue; // picocli's own help command
      }
      ours++;
      if (type.getAnnotation(CommandLine.Command.class).addMethodSubcommands()) {
        searched.add(type.getSimpleName());
      }
    }

    assertTrue(ours > 12, "commands of ours: " + ours);
    assertEquals(List.of(), searched);
  }

  @Test
  void noOptionOrParameter_needsAConverterMainLeavesOut() {
    // Main tells picocli not to register its converters for java.time's and java.sql's types (they
    // initialize java.time's formatters on every start); a command with such a type would then fail.
    List<String> excluded = List.of(Main.UNUSED_CONVERTERS.split(","));
    List<String> offending = new ArrayList<>();
    int seen = 0;
    for (CommandLine command : everyCommand()) {
      List<CommandLine.Model.ArgSpec> args = command.getCommandSpec().args();
      for (CommandLine.Model.ArgSpec arg : args) {
        seen++;
        List<Class<?>> types = new ArrayList<>(List.of(arg.auxiliaryTypes()));
        types.add(arg.type());
        for (Class<?> type : types) {
          if (excluded.stream().anyMatch(type.getName()::matches)) {
            offending.add(command.getCommandName() + " " + arg + ": " + type.getName());
          }
        }
      }
    }

    assertTrue(seen > 30, "options and parameters seen: " + seen);
    assertEquals(List.of(), offending);
    for (String left : List.of("java.time.Duration", "java.time.ZonedDateTime", "java.sql.Timestamp", "java.sql.Connection")) {
      assertTrue(excluded.stream().anyMatch(left::matches), left);
    }
    assertTrue(excluded.stream().noneMatch("java.nio.file.Path"::matches), "Path's converter is kept");
  }
}
