package dev.overture.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The runner's command line refuses what it does not know before any section runs (a whole run lasts
 * an hour): before, {@code --help} and a mistyped option ran every benchmark, and {@code --only} with
 * an unknown section ran none and printed an empty table.
 */
class RunnerCommandLineTest {

  @TempDir Path temp;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine line = Runner.commandLine(args);
    line.setOut(new PrintWriter(out, true));
    line.setErr(new PrintWriter(err, true));
    return line.execute(args);
  }

  @Test
  void help_printsTheOptionsAndTheSections_andRunsNothing() {
    assertEquals(0, run("--help"));
    assertTrue(out.toString().startsWith("Usage: benchmarks [-h]"), out.toString());
    assertTrue(out.toString().replaceAll("\\s+", " ").contains("startup, cold, bundle, scale, index, activation, switch, memory, jmh"),
        out.toString());
    assertEquals("", err.toString());
  }

  @Test
  void anUnknownSection_isRefused_withTheSectionsThereAre() {
    assertEquals(2, run("--only", "cold,nonsense"));
    assertTrue(err.toString().startsWith("Invalid value for option '--only' (SECTION): no section 'nonsense': the sections are"
        + " startup, cold, bundle, scale, index, activation, switch, memory, jmh\n"), err.toString());
  }

  @Test
  void anUnknownOption_isRefused() {
    assertEquals(2, run("--quik"));
    assertTrue(err.toString().startsWith("Unknown option: '--quik'"), err.toString());
  }

  @Test
  void aCountBelowOne_isRefused() {
    assertEquals(2, run("--only", "cold", "--cold-items", "0"));
    assertTrue(err.toString().startsWith("--cold-items must be at least 1: 0\n"), err.toString());
  }

  @Test
  void theStartUpRows_needTheSampleBuilt_andSaySo() {
    Path game = temp.resolve("target");
    assertEquals(2, run("--only", "startup", "--game", game.toString()));
    assertTrue(err.toString().startsWith("--game " + game + " holds no launcher (overture) and jar (overture.jar): build them with"
        + " mvn -B -q -DskipTests package, or name the folder that holds them\n"), err.toString());
  }
}
