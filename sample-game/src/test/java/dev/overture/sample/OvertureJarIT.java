package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The built jar, run as a newcomer runs it, in its own JVM (failsafe runs this after {@code
 * package} made {@code target/overture.jar}): the default experience plays with plain lines when
 * the output is not a terminal, and prints the same bytes for one seed; a bad id exits 1 with its
 * message, a usage error exits 2.
 */
class OvertureJarIT {

  private static final Path JAR = Path.of("target", "overture.jar");

  private record Run(int exit, String output) {}

  private static Run run(String... args) throws Exception {
    assertTrue(Files.exists(JAR), "run after package: " + JAR.toAbsolutePath());
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toString()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), output);
    return new Run(process.exitValue(), output);
  }

  @Test
  void theDefaultExperiencePlays() throws Exception {
    Run play = run("play", "--ticks", "40", "--seed", "3");

    assertEquals(0, play.exit(), play.output());
    assertTrue(play.output().startsWith("Experience Experience:Elimination, chosen by "), play.output());
    assertTrue(play.output().contains("Plugins activated: ShooterCore"), play.output());
    assertTrue(play.output().contains("Result: no team reached 25 by turn 40"), play.output());
    assertTrue(!play.output().contains("\r"), "plain lines when the output is not a terminal: " + play.output());
  }

  /** Issue 19: off a terminal the output has no wall-clock times, so two runs of one seed print the same bytes, events included. */
  @Test
  void twoRunsOfOneSeed_printTheSameBytes_whenTheOutputIsNotATerminal() throws Exception {
    Run first = run("play", "--experience", "Control", "--seed", "7", "--ticks", "300");
    Run second = run("play", "--experience", "Control", "--seed", "7", "--ticks", "300");

    assertEquals(0, first.exit(), first.output());
    assertEquals(first.output(), second.output());
    assertTrue(first.output().contains("] capture: "), "event lines by default off a terminal: " + first.output());
    assertTrue(!first.output().contains(" ms  "), "no wall-clock times: " + first.output());
  }

  @Test
  void aBadExperienceId_exits1_andAUsageError_exits2() throws Exception {
    Run bad = run("play", "--experience", "Nope");
    assertEquals(1, bad.exit(), bad.output());
    assertTrue(bad.output().contains("[Overture/UnknownExperience] No experience Experience:Nope is indexed"), bad.output());
    assertTrue(!bad.output().contains("\tat "), "no stack trace without --debug: " + bad.output());

    Run usage = run("play", "--ticks", "many");
    assertEquals(2, usage.exit(), usage.output());
  }
}
