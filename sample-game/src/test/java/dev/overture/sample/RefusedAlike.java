package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code validate} and {@code play} refusing one content alike: the rule every parity test holds them to. */
final class RefusedAlike {

  private RefusedAlike() {}

  /**
   * Asserts that {@code validate} of {@code assets} exits 1 saying {@code refused}, and that {@code
   * play --assets assets} with {@code playArgs} exits 1 saying it too, before the match; returns the
   * play run for what a test checks beside.
   */
  static CommandRun by(Path assets, String refused, String... playArgs) {
    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(1, validate.exit(), validate.all());
    assertTrue(validate.out().contains(refused), validate.out());

    List<String> play = new ArrayList<>(List.of("play", "--assets", assets.toString()));
    play.addAll(List.of(playArgs));
    CommandRun run = CommandRun.of(play.toArray(String[]::new));
    assertEquals(1, run.exit(), run.all());
    assertTrue(run.err().contains(refused), "validate's words, before the match: " + run.all());
    return run;
  }
}
