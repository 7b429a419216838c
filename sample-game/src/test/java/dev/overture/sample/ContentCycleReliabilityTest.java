package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rule: every walk over a graph that content defines (plugin dependencies, action set includes)
 * finds its cycles and reports each once, located, from every command; none ends in a stack
 * overflow (issue 14: {@code describe} on a plugin dependency cycle died with StackOverflowError).
 */
class ContentCycleReliabilityTest {

  @TempDir Path temp;

  private Path copyOfTheContent() throws Exception {
    return SampleCopy.in(temp);
  }

  private static int count(String text, String part) {
    Matcher found = Pattern.compile(Pattern.quote(part)).matcher(text);
    int n = 0;
    while (found.find()) {
      n++;
    }
    return n;
  }

  @Test
  void aPluginDependencyCycle_isOneLocatedProblem_forDescribeValidatePlayAndList() throws Exception {
    Path assets = copyOfTheContent();
    Files.createDirectories(assets.resolve("plugins/Loop"));
    Files.writeString(assets.resolve("plugins/Loop/plugin.json"),
        "{ \"version\": \"1.0.0\", \"dependencies\": [ { \"name\": \"ShooterCore\" } ] }\n");
    Path core = assets.resolve("plugins/ShooterCore/plugin.json");
    Files.writeString(core, Files.readString(core).replace("\"initialState\": \"Registered\",",
        "\"initialState\": \"Registered\",\n  \"dependencies\": [ { \"name\": \"Loop\" } ],"));
    String cycle = "[Overture/PluginCycle] Plugins depend on each other in a cycle: Loop -> ShooterCore -> Loop; none of them can"
        + " activate until one of these dependencies is taken out of its plugin.json" + System.lineSeparator() + "   at " + assets + "/plugins/Loop/plugin.json:1:51 (/dependencies/0/name)";

    CommandRun describe = CommandRun.of("describe", "Elimination", "--assets", assets.toString());
    assertEquals(1, describe.exit(), describe.all());
    assertEquals(1, count(describe.err(), cycle), "the cycle once, located: " + describe.err());
    assertFalse(describe.all().contains("stack overflow") || describe.all().contains("StackOverflow"), describe.all());

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(1, validate.exit(), validate.all());
    assertEquals(1, count(validate.out(), cycle), "the cycle once, though two plugins are on it: " + validate.out());

    CommandRun play = CommandRun.of("play", "--experience", "Elimination", "--assets", assets.toString(), "--ticks", "1");
    assertEquals(1, play.exit(), play.all());
    assertEquals(1, count(play.err(), cycle), play.err());

    CommandRun list = CommandRun.of("list", "--assets", assets.toString());
    assertEquals(0, list.exit(), list.all());
    assertTrue(list.out().contains("  ShooterCore          1.1.0    Error       "), list.out());
    assertTrue(list.out().contains("  Loop                 1.0.0    Error       "), list.out());
  }

  @Test
  void anActionSetIncludeCycle_isALocatedProblem_forDescribeValidateAndPlay() throws Exception {
    Path assets = copyOfTheContent();
    Path hud = assets.resolve("actionsets/StandardHUD.json");
    Files.writeString(hud, Files.readString(hud).replace("\"actions\": [", "\"actionSets\": [\"SharedInput\"],\n  \"actions\": ["));
    Path input = assets.resolve("actionsets/SharedInput.json");
    Files.writeString(input, Files.readString(input).replace("\"actions\": [", "\"actionSets\": [\"StandardHUD\"],\n  \"actions\": ["));
    // One cycle, one problem, in one form whichever of its sets a load starts from (validate loads
    // each set on its own, and reported it twice, once from each end): from the first set by name.
    String cycle = "[Overture/ReferenceCycle] Reference cycle: ActionSet:SharedInput -> ActionSet:StandardHUD ->"
        + " ActionSet:SharedInput; these references must not loop" + System.lineSeparator() + "   at " + assets
        + "/actionsets/StandardHUD.json:";

    CommandRun describe = CommandRun.of("describe", "Elimination", "--assets", assets.toString());
    assertEquals(1, describe.exit(), describe.all());
    assertTrue(describe.err().contains(cycle), describe.err());

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains(cycle), validate.out());
    assertEquals(1, validate.out().split("Reference cycle", -1).length - 1, "reported once: " + validate.out());

    CommandRun play = CommandRun.of("play", "--experience", "Elimination", "--assets", assets.toString(), "--ticks", "1");
    assertEquals(1, play.exit(), play.all());
    assertTrue(play.err().contains(cycle), play.err());
  }

  @Test
  void aLongChainOfActionSetIncludes_isDescribedInLinesOfBoundedLength() throws Exception {
    // describe indented each include two spaces more than the set including it, and loaded each set
    // again with the rest of its chain: a chain of 20,000 sets printed 400 MB and ran past a minute.
    Path assets = copyOfTheContent();
    int chain = 2_000;
    for (int i = 0; i < chain; i++) {
      Files.writeString(assets.resolve("actionsets/Chain" + i + ".json"),
          "{ \"actions\": [], \"actionSets\": [" + (i + 1 < chain ? "\"Chain" + (i + 1) + "\"" : "") + "] }\n");
    }
    SampleCopy.edit(assets.resolve("experiences/Elimination.json"), "\"SharedInput\"", "\"SharedInput\", \"Chain0\"");

    CommandRun describe = CommandRun.of("describe", "Elimination", "--assets", assets.toString());
    assertEquals(0, describe.exit(), head(describe.all()));
    String nl = System.lineSeparator();
    String deepest = "  " + "  ".repeat(DescribeCommand.MAX_INDENT_LEVELS);
    assertTrue(describe.out().contains(nl + "  ActionSet:Chain0" + nl + "    ActionSet:Chain1" + nl), head(describe.out()));
    assertTrue(describe.out().contains(nl + deepest + "ActionSet:Chain16" + nl
        + deepest + "ActionSet:Chain17 (included 17 levels deep)" + nl), head(describe.out()));
    assertTrue(describe.out().contains(nl + deepest + "ActionSet:Chain1999 (included 1999 levels deep)" + nl), head(describe.out()));
    int longest = describe.out().lines().mapToInt(String::length).max().orElseThrow();
    assertTrue(longest < 120, "the longest line has " + longest + " characters");
  }

  /** The start of {@code text}: what a failure shows of an output that may run to megabytes. */
  private static String head(String text) {
    return text.length() <= 4_000 ? text : text.substring(0, 4_000) + "...";
  }
}
