package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Output that cannot be written (a full disk, {@code > /dev/full}, a closed pipe) fails the run:
 * exit code 1 and one line on the error stream, for every command, never a silent 0 (picocli's
 * writers swallow the error).
 */
class UnwritableOutputTest {

  /** A standard output on a full disk. */
  private static final class FullDisk extends OutputStream {
    @Override
    public void write(int b) throws IOException {
      throw new IOException("No space left on device");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"version", "--version", "list --assets ../assets", "validate --assets ../assets --format json",
      "describe Elimination --assets ../assets", "frontend --assets ../assets", "play --ticks 3 --assets ../assets", "list --help"})
  void aCommandWhoseOutputCannotBeWritten_exits1_sayingSo(String command) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int exit = OvertureCommand.execute(command.split(" "), new FullDisk(), err);

    assertEquals(1, exit, err.toString(StandardCharsets.UTF_8));
    assertEquals("overture: could not write the output (No space left on device)" + System.lineSeparator(),
        err.toString(StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @ValueSource(strings = {"version", "list --assets ../assets"})
  void aCommandWhoseOutputIsWritten_exits0_withNothingOnTheErrorStream(String command) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int exit = OvertureCommand.execute(command.split(" "), out, err);

    assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
    assertEquals("", err.toString(StandardCharsets.UTF_8));
    assertEquals(CommandRun.of(command.split(" ")).out(), out.toString(StandardCharsets.UTF_8));
  }
}
