package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review D3: a plugin folder without plugin.json at its top (here misspelt Plugin.json) was skipped
 * without a word: validate said "Content is valid", list left it out, play said only that its
 * experience was not indexed. Each now shows the Overture/NotAPlugin warning.
 */
class PluginNearMissCommandsTest {

  @TempDir Path temp;

  @Test
  void aPluginFolderWithAMisspeltDescriptor_isAWarning_inValidateListAndPlay() throws Exception {
    Path assets = SampleCopy.in(temp);
    Path foo = assets.resolve("plugins/Foo");
    Files.createDirectories(foo.resolve("experiences"));
    Files.writeString(foo.resolve("Plugin.json"), "{ \"name\": \"Foo\", \"version\": \"1.0.0\" }");
    Files.writeString(foo.resolve("experiences/FooExp.json"), "{ \"gameFeaturesToEnable\": [\"Foo\"], \"defaultPawnData\": \"HeroPawn\" }");
    String warning = "[Overture/NotAPlugin] warning: Folder " + foo + " holds no plugin.json at its top, so it is not a plugin and"
        + " its content (2 files) is not loaded: its descriptor is named Plugin.json; rename it to plugin.json, in lower case";

    CommandRun validate = CommandRun.of("validate", "--assets", assets.toString());
    assertEquals(0, validate.exit(), validate.all()); // a warning: validate fails on errors only
    assertTrue(validate.out().startsWith("Validation found 0 error(s) and 1 warning(s)"), validate.out());
    assertTrue(validate.out().contains("1) " + warning + "\n   at " + foo + "\n"), validate.out());

    CommandRun list = CommandRun.of("list", "--assets", assets.toString());
    assertEquals(0, list.exit(), list.all());
    assertTrue(list.out().contains("  " + warning + " at " + foo + "\n"), list.out());

    CommandRun play = CommandRun.of("play", "--assets", assets.toString(), "--experience", "FooExp", "--ticks", "1");
    assertEquals(1, play.exit(), play.all());
    assertTrue(play.err().startsWith("warning: 1 plugin problem, see the following problem:\n\n1) " + warning), play.err());
    assertTrue(play.err().contains("1) [Overture/UnknownExperience] No experience Experience:FooExp is indexed (named by"
        + " --experience)"), play.err());
    assertTrue(play.err().contains("2) " + warning), play.err());
  }

}
