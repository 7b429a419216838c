package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A value an option cannot take is a usage mistake, for every option of every command: exit code
 * 2, a message naming the option, and no Java class name (picocli adds the exception's class to the
 * message of any converter that throws something other than its own conversion exception).
 */
class UsageErrorsTest {

  private static final Pattern CLASS_NAME =
      Pattern.compile("\\b(?:java|javax|jdk|sun|tools|com|org|dev)\\.[a-z]\\w*\\.|(?<!/)\\b[A-Z]\\w*(?:Exception|Error)\\b");

  /** Types whose every text is a value: a path or a text is refused later, by what uses it, if at all. */
  private static final List<Class<?>> ANY_TEXT = List.of(String.class, Path.class, InetAddress.class);

  @Test
  void aValueNoTypedOptionCanTake_exits2_namingTheOption_withoutAClassName() {
    List<String> checked = new ArrayList<>();
    for (Map.Entry<String, CommandLine> command : OvertureCommand.commandLine().getSubcommands().entrySet()) {
      for (OptionSpec option : command.getValue().getCommandSpec().options()) {
        Class<?> type = option.typeInfo().getType();
        if (option.typeInfo().isBoolean() || ANY_TEXT.contains(type) || option.arity().max() == 0) {
          continue;
        }
        String[] args = {command.getKey(), option.longestName(), "no-such-value!"};

        CommandRun run = CommandRun.of(args);

        String said = String.join(" ", args) + " printed:\n" + run.err() + run.out();
        assertEquals(2, run.exit(), said);
        String first = run.err().lines().findFirst().orElse("");
        assertTrue(first.contains(option.longestName()) || first.contains("no-such-value!"), said);
        assertFalse(CLASS_NAME.matcher(first).find(), said);
        checked.add(command.getKey() + " " + option.longestName());
      }
    }
    // The check has to have met the typed options it is for: numbers, enums and converted ids.
    assertTrue(checked.containsAll(List.of("play --ticks", "play --experience", "play --net-mode", "migrate-ids --to",
        "validate --format", "update-local-version --cl")), checked.toString());
  }

  /**
   * Review defect 8: an empty path was the current folder ({@code list --assets ''} listed it, {@code
   * schemas --out ''} wrote into it). Every path option and parameter of every command refuses it.
   */
  @Test
  void anEmptyPath_isAUsageError_forEveryPathOption() {
    List<String> checked = new ArrayList<>();
    for (Map.Entry<String, CommandLine> command : OvertureCommand.commandLine().getSubcommands().entrySet()) {
      List<CommandLine> lines = new ArrayList<>(List.of(command.getValue()));
      lines.addAll(command.getValue().getSubcommands().values());
      for (CommandLine line : lines) {
        for (OptionSpec option : line.getCommandSpec().options()) {
          if (option.typeInfo().getType() != Path.class) {
            continue;
          }
          List<String> args = new ArrayList<>(List.of(line.getCommandSpec().qualifiedName(" ").split(" ")));
          args.remove(0); // "overture"
          args.addAll(List.of(option.longestName(), ""));

          CommandRun run = CommandRun.of(args.toArray(String[]::new));

          assertEquals(2, run.exit(), args + " printed:\n" + run.all());
          assertEquals("Invalid value for option '" + option.longestName() + "': an empty path names no file or folder (. is the current"
              + " folder)", run.err().lines().findFirst().orElse(""), args.toString());
          checked.add(args.get(0) + " " + option.longestName());
        }
      }
    }
    assertTrue(checked.containsAll(List.of("list --assets", "list --plugins", "schemas --out", "play --save", "play --restore",
        "validate --settings", "migrate-ids --db", "update-local-version --file")), checked.toString());
    CommandRun positional = CommandRun.of("archive", "inspect", "");
    assertEquals(2, positional.exit(), positional.all());
  }
}
