package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * docs/cli.md shows every command's help exactly as the tool prints it; this test fails when a
 * command, option or description changes and the page does not. To update the page, replace its
 * part from {@code ## `overture`} on with the expected text of the failure.
 */
class CliReferenceTest {

  private static void collect(CommandLine command, List<CommandLine> all) {
    all.add(command);
    command.getSubcommands().values().stream()
        .filter(sub -> !sub.getCommandName().equals("help"))
        .distinct()
        .forEach(sub -> collect(sub, all));
  }

  static String reference() {
    List<CommandLine> commands = new ArrayList<>();
    collect(OvertureCommand.commandLine(), commands);
    StringBuilder page = new StringBuilder();
    for (CommandLine command : commands) {
      String name = command.getCommandSpec().qualifiedName(" ");
      page.append("## `").append(name).append("`\n\n```\n")
          .append(command.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing()).append("\n```\n\n");
    }
    return page.toString();
  }

  @Test
  void theReference_isWhatTheToolPrints() throws Exception {
    String page = Files.readString(Path.of("../docs/cli.md"));
    String generated = reference();
    int start = page.indexOf("## `overture`");
    String actual = start < 0 ? "" : page.substring(start);
    assertEquals(generated, actual, "docs/cli.md is out of date: replace everything from \"## `overture`\" on with the expected text");
  }
}
