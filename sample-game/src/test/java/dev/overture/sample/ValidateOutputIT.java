package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code overture validate} run as a user runs it, in its own JVM (failsafe, after {@code
 * package}): each problem is said once, in the report. Before the audit of issue 16 the library's
 * log printed every load warning on stderr, once per load that met it, before the report said it
 * again; {@code play} keeps those warnings, since it has no report, and says each once, however many
 * loads share the file.
 */
class ValidateOutputIT {

  private static final Path JAR = Path.of("target", "overture.jar");

  @TempDir Path temp;

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) throws Exception {
    List<String> command = Stream.concat(
        Stream.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()), Stream.of(args)).toList();
    Process process = new ProcessBuilder(command).start();
    CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> {
      try {
        return process.getErrorStream().readAllBytes();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), out);
    return new Run(process.exitValue(), out, new String(err.join(), StandardCharsets.UTF_8));
  }

  /** A copy of the sample's content in the test's folder. */
  private Path copyOfTheContent() throws java.io.IOException {
    Path game = temp.resolve("assets");
    try (Stream<Path> files = Files.walk(Path.of("../assets"))) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path target = game.resolve(Path.of("../assets").relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
    return game;
  }

  /**
   * A parity review: play showed a plugin.json's unknown property twice, the library's log line and
   * then its own list of plugin problems. The library's line stays; play's list leaves it out.
   */
  @Test
  void aDescriptorsWarning_isShownOnceByPlay() throws Exception {
    Path game = copyOfTheContent();
    Path extra = Files.createDirectories(game.resolve("plugins/Extra"));
    Files.writeString(extra.resolve("plugin.json"), "{ \"name\": \"Extra\", \"version\": \"1.0.0\", \"verison\": \"2\" }");

    Run play = run("play", "--assets", game.toString(), "--experience", "Elimination", "--ticks", "1");
    assertEquals(0, play.exit(), play.err());
    assertEquals(1, play.err().split("Unknown property \"verison\"", -1).length - 1, play.err());
  }

  @Test
  void anUnknownProperty_isOneErrorInTheReport_andNothingOnStderr() throws Exception {
    Path game = copyOfTheContent();
    Path elimination = game.resolve("experiences/Elimination.json");
    Files.writeString(elimination, Files.readString(elimination).replace("\"scoreLimit\": 25", "\"scoreLimt\": 25"));

    Run validate = run("validate", "--assets", game.toString());

    assertEquals(1, validate.exit(), validate.out() + validate.err());
    assertEquals("", validate.err(), "nothing before the report");
    assertEquals("""
        Validation found 1 error(s) and 0 warning(s), see the following problem:

        1) [Overture/UnknownProperty] Unknown property "scoreLimt" in ConfigureMatch was ignored; did you mean "scoreLimit"? \
        (known properties: "damage", "respawnTurns", "scoreLimit", "teamSize", "teams", "weaponRange")
           at %s:42:20 (/actions/1/scoreLimt)

        1 problem
        """.formatted(elimination), validate.out());

    Run play = run("play", "--assets", game.toString(), "--ticks", "1", "--view-every", "0");
    assertEquals(0, play.exit(), play.out() + play.err());
    String warning = "warning: Unknown property \"scoreLimt\" in ConfigureMatch was ignored; did you mean \"scoreLimit\"?";
    assertTrue(play.err().contains(warning), "play still warns: " + play.err());
    assertEquals(play.err().indexOf(warning), play.err().lastIndexOf(warning),
        "once, though the experience's definition and its bundle are two loads of the same file: " + play.err());
  }
}
