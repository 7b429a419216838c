package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code overture update-local-version}, as a user sees it: the build version file it rewrites, its
 * options (the seed's {@code UpdateLocalVersion}), and what it refuses, leaving the file as it was.
 */
class UpdateLocalVersionCommandTest {

  private final CommandRun.Session cli = new CommandRun.Session(true);

  private List<String> lines() {
    return cli.out().lines().toList();
  }

  @Test
  void updateLocalVersion_updatesTheFile_asUnrealsCommandDoes(@TempDir Path temp) throws Exception {
    Path file = temp.resolve("Build.version");
    Files.copy(Path.of("../build/Build.version"), file);

    assertEquals(0, cli.run("update-local-version", "--file", file.toString(), "--cl", "1234", "--compatible-cl", "1200",
        "--licensee", "--branch", "//Overture/Release-0.2", "--build", "nightly"), cli.err());

    assertEquals(file + ": 0.1.0-" + (0x8000_0000L + 1234) + "+++Overture+Release-0.2 (compatible with 0.1.0-1200 (licensee)),"
        + " build version nightly", lines().get(0));
    String text = Files.readString(file);
    assertTrue(text.contains("\"Changelist\": 1234,"), text);
    assertTrue(text.contains("\"IsLicenseeVersion\": 1,"), text);
    assertTrue(text.contains("\"BranchName\": \"++Overture+Release-0.2\","), text);
    assertTrue(text.contains("\"BuildId\": \"\","), "seed 000: -Build sets the build version string, never the BuildId: " + text);
    assertTrue(text.contains("\"BuildVersion\": \"nightly\""), text);
  }

  /** Seed 000: "RunUAT.bat UpdateLocalVersion [-CL=INT] [-CompatibleCL=INT] [-Build=STRING] [-Licensee] [-Promoted=BOOL] [-Branch=STRING]". */
  @Test
  void updateLocalVersion_hasTheSeedsOptions() {
    CommandLine command = OvertureCommand.commandLine().getSubcommands().get("update-local-version");
    List<String> options = command.getCommandSpec().options().stream().map(CommandLine.Model.OptionSpec::longestName).toList();

    for (String option : List.of("--cl", "--compatible-cl", "--build", "--licensee", "--promoted", "--branch")) {
      assertTrue(options.contains(option), option + " in " + options);
    }
  }

  @Test
  void updateLocalVersion_withoutTheFile_saysWhere(@TempDir Path temp) {
    assertEquals(1, cli.run("update-local-version", "--file", temp.resolve("none").toString(), "--cl", "1"));
    assertTrue(cli.err().contains("No build version file at " + temp.resolve("none")), cli.err());
  }

  @Test
  void updateLocalVersion_refusesAJsonFileThatIsNotAVersionFile_andLeavesItAsItWas(@TempDir Path temp) throws Exception {
    Path file = Files.writeString(temp.resolve("package.json"), "{\"name\":\"my-app\",\"version\":\"1.0.0\"}");

    assertEquals(1, cli.run("update-local-version", "--file", file.toString(), "--branch", "x"));

    assertTrue(cli.err().contains("[Overture/NotAVersionFile] " + file + " gives no \"MajorVersion\": a build version file gives"
        + " \"MajorVersion\", \"MinorVersion\" and \"PatchVersion\"; is it one?"), cli.err());
    assertEquals("{\"name\":\"my-app\",\"version\":\"1.0.0\"}", Files.readString(file));
  }

  @Test
  void updateLocalVersion_aChangelistOutOfRange_isAUsageMistake_andTheFileIsUnchanged(@TempDir Path temp) throws Exception {
    Path file = temp.resolve("Build.version");
    Files.copy(Path.of("../build/Build.version"), file);
    byte[] before = Files.readAllBytes(file);

    assertEquals(2, cli.run("update-local-version", "--file", file.toString(), "--cl", "-1"));
    assertTrue(cli.err().startsWith("--cl: 0 to 2147483647, not -1"), cli.err());
    assertEquals(2, cli.run("update-local-version", "--file", file.toString(), "--compatible-cl", "9223372036854775807"));
    assertTrue(cli.err().contains("\n--compatible-cl: 0 to 2147483647, not 9223372036854775807"), cli.err());
    assertArrayEquals(before, Files.readAllBytes(file));
  }

  /**
   * A hostile review: a --build of 70,000 characters was written (exit 0) into a file that every
   * reader then refused, this command included. Refused before writing; and a name with a control
   * character is a usage mistake.
   */
  @Test
  void updateLocalVersion_refusesAFileNoReaderWouldTake_andControlCharacters_leavingTheFileAsItWas(@TempDir Path temp)
      throws Exception {
    Path file = temp.resolve("Build.version");
    Files.copy(Path.of("../build/Build.version"), file);
    byte[] before = Files.readAllBytes(file);

    assertEquals(1, cli.run("update-local-version", "--file", file.toString(), "--build", "x".repeat(70_000)));
    assertTrue(cli.err().contains(file + ": updated, it would be "), cli.err());
    assertTrue(cli.err().contains(" bytes; a version file is read up to 65536 bytes (BuildVersion.MAX_FILE_BYTES): give a shorter"
        + " BuildVersion (70000 characters) or BranchName ("), cli.err());
    assertTrue(cli.err().contains("the file was left as it was"), cli.err());
    assertArrayEquals(before, Files.readAllBytes(file));

    assertEquals(2, cli.run("update-local-version", "--file", file.toString(), "--branch", "Main\nEvil"));
    assertTrue(cli.err().contains("--branch: no control characters, but character 5 is U+000A"), cli.err());
    assertEquals(2, cli.run("update-local-version", "--file", file.toString(), "--build", "\u001b[31mred"));
    assertTrue(cli.err().contains("--build: no control characters, but character 1 is U+001B"), cli.err());
    assertArrayEquals(before, Files.readAllBytes(file));
    assertEquals(0, cli.run("update-local-version", "--file", file.toString(), "--cl", "2000"), "the file still reads: " + cli.err());
  }

  /**
   * Review: update-local-version --cl 10 said "CompatibleChangelist 1000 is above Changelist 10" without the file or the
   * way out; --file . left out "see the following problem:" (its heading ended with the name's '.').
   */
  @Test
  void updateLocalVersion_namesTheFileAndTheOptionThatFixesAnUnreadableSave(@TempDir Path temp) throws Exception {
    Path file = temp.resolve("Build.version");
    Files.copy(Path.of("../build/Build.version"), file);
    byte[] before = Files.readAllBytes(file);

    CommandRun cl = CommandRun.of("update-local-version", "--file", file.toString(), "--cl", "10");
    CommandRun compatible = CommandRun.of("update-local-version", "--file", file.toString(), "--compatible-cl", "2000");
    CommandRun folder = CommandRun.of("update-local-version", "--file", ".", "--cl", "10");

    assertEquals(1, cl.exit(), cl.all());
    assertEquals("overture: " + file + ": CompatibleChangelist 1000 (the file's) would be above Changelist 10 (--cl), so this build"
        + " could not read what it saves; give --compatible-cl 10 or lower with it; the file was left as it was"
        + System.lineSeparator(), cl.err());
    assertEquals(1, compatible.exit(), compatible.all());
    assertEquals("overture: " + file + ": CompatibleChangelist 2000 (--compatible-cl) would be above Changelist 1000 (the file's), so"
        + " this build could not read what it saves; give --compatible-cl 1000 or lower, or a --cl of 2000 or more; the file was"
        + " left as it was" + System.lineSeparator(), compatible.err());
    assertArrayEquals(before, Files.readAllBytes(file));
    assertEquals(1, folder.exit(), folder.all());
    assertTrue(folder.err().startsWith("Could not read the build version file ., see the following problem:" + System.lineSeparator()
        + System.lineSeparator() + "1) [Overture/NotARegularFile] . is a folder, not a regular file"), folder.err());
  }
}
