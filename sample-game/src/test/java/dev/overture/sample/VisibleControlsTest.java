package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review: {@code play} wrote content values raw to the terminal, so a title or a plugin name
 * holding an ESC ({@code "\u001b[31mRED"}) recoloured it (terminal injection). The commands'
 * writers now show every control character but newline, tab and carriage return as its escape.
 */
class VisibleControlsTest {

  @TempDir Path temp;

  private static final char ESC = '\u001b';

  private Path contentWith(String file, String from, String to) throws IOException {
    Path assets = temp.resolve("assets");
    SampleCopy.copy(Path.of("..", "assets").toAbsolutePath(), assets);
    Path changed = assets.resolve(file);
    String text = Files.readString(changed);
    assertTrue(text.contains(from), text);
    Files.writeString(changed, text.replace(from, to));
    return assets;
  }

  @Test
  void aTitleWithControlCharacters_isPrintedWithThemEscaped() throws IOException {
    Path assets = contentWith("maps/Arena.json", "\"title\": \"Arena\"", "\"title\": \"\\u001b[31mRED\\u0007\\u202e\"");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int exit = OvertureCommand.execute(new String[] {"play", "--assets", assets.toString(), "--ticks", "3"}, out, err);

    String printed = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
    assertTrue(printed.contains("\nMap Map:Arena: \\u001b[31mRED\\u0007\\u202e (19x11)\n"), printed);
    assertFalse(printed.chars().anyMatch(c -> c == ESC || c == 7 || c == '\u202e'), printed);
  }

  @Test
  void aPluginNameWithAnEscape_isEscapedOnTheErrorStreamToo() throws IOException {
    Path assets = contentWith("experiences/Elimination.json", "\"ShooterCore\"", "\"\\u001b[31mRED\"");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int exit = OvertureCommand.execute(new String[] {"play", "--assets", assets.toString(), "--ticks", "3"}, out, err);

    String said = err.toString(StandardCharsets.UTF_8);
    assertEquals(1, exit, said);
    assertTrue(said.contains("[Overture/InvalidValue] Invalid plugin name \"\\u001b[31mRED\" (the \"name\" in a plugin.json"), said);
    assertFalse(said.chars().anyMatch(c -> c == ESC), said);
  }

  /**
   * Review: the library's log (SLF4J's simple logger) writes to System.err itself, past the
   * commands' writers, and its warning about an unknown property quoted the property's name as the
   * file spelled it: an ESC in a content file recoloured the terminal. Main now puts System.err
   * behind the same rule.
   */
  @Test
  void aLogLineQuotingAnEscapeFromAContentFile_isEscapedOnStderr() throws IOException {
    Path assets = contentWith("experiences/Elimination.json", "\"scoreLimit\": 25", "\"\\u001b]0;owned\\u0007\\u001b[31mscoreLimt\": 25");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream original = System.err;
    int exit;
    try (PrintStream visible = Main.visibleErrors(new PrintStream(err, true, StandardCharsets.UTF_8))) {
      System.setErr(visible);
      exit = OvertureCommand.execute(new String[] {"play", "--assets", assets.toString(), "--ticks", "1", "--view-every", "0"}, out, visible);
    } finally {
      System.setErr(original);
    }

    byte[] said = err.toByteArray();
    String text = new String(said, StandardCharsets.UTF_8);
    assertEquals(0, exit, text);
    assertTrue(text.contains("[WARN] [Overture/UnknownProperty] warning: Unknown property \"\\u001b]0;owned\\u0007\\u001b[31mscoreLimt\" in"
        + " ConfigureMatch was ignored"), text);
    for (byte b : said) {
      assertTrue(b != ESC && b != 7, text);
    }
  }

  @Test
  void aCharacterSplitAcrossWrites_andControlsInOtherScripts_reachStderrWhole() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream visible = VisibleErrors.over(err, StandardCharsets.UTF_8);
    byte[] bytes = "é\u001b[2J\u202e→\n\t".getBytes(StandardCharsets.UTF_8);
    for (byte b : bytes) {
      visible.write(b);
    }
    visible.flush();

    assertEquals("é\\u001b[2J\\u202e→\n\t", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void newlineTabAndTheProgressBarsCarriageReturn_passAsTheyAre() throws IOException {
    StringWriter written = new StringWriter();
    try (VisibleControls writer = new VisibleControls(written)) {
      writer.write("\r  [##..]  50% Loading\tx\n");
      writer.write('\u0008');
      writer.write("a\u009bb\u007f".toCharArray(), 1, 3);
    }

    assertEquals("\r  [##..]  50% Loading\tx\n\\u0008\\u009bb\\u007f", written.toString());
  }
}
