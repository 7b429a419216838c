package dev.overture.sample;

import dev.overture.version.BuildVersion;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code overture update-local-version}: updates the build version file as Unreal's {@code
 * UpdateLocalVersion} does, option for option ({@code -CL}, {@code -CompatibleCL}, {@code -Build},
 * {@code -Licensee}, {@code -Promoted}, {@code -Branch}). Without {@code --cl} the changelist stays
 * (there is no Perforce to ask); {@code --licensee} is written every time (absent means 0), as in
 * Unreal. There is no {@code -SkipHeader}: Overture has no generated source header, the game reads
 * the file itself. The BuildId is not an option: left empty, each build gets a new one.
 */
@Command(
    name = "update-local-version", mixinStandardHelpOptions = true, addMethodSubcommands = false,
    description = "Update the build version file (Build.version), as Unreal's UpdateLocalVersion does.")
final class UpdateLocalVersionCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--file", paramLabel = "FILE", defaultValue = "build/Build.version",
      description = "The build version file (default: ${DEFAULT-VALUE}).")
  Path file;

  @Option(names = "--cl", paramLabel = "N", description = "Changelist.")
  Long changelist;

  @Option(names = "--compatible-cl", paramLabel = "N", description = "CompatibleChangelist: the oldest changelist that can read what this build saves.")
  Long compatibleChangelist;

  @Option(names = "--build", paramLabel = "S",
      description = "BuildVersion, the build version string (default when empty: branch-CL-changelist). The BuildId is not set here: left empty, each build gets a new one.")
  String build;

  @Option(names = "--licensee", description = "IsLicenseeVersion 1 (0 when absent).")
  boolean licensee;

  @Option(names = "--promoted", paramLabel = "0|1", description = "IsPromotedBuild: 1 for any number but 0.")
  Integer promoted;

  @Option(names = "--branch", paramLabel = "B", description = "BranchName; each / becomes +.")
  String branch;

  @Override
  public Integer call() throws IOException {
    changelist("--cl", changelist);
    changelist("--compatible-cl", compatibleChangelist);
    printable("--build", build);
    printable("--branch", branch);
    refuseUnreadableSaves();
    BuildVersion updated = BuildVersion.update(file,
        new BuildVersion.Update(changelist, compatibleChangelist, build, licensee, promoted, branch));
    PrintWriter out = spec.commandLine().getOut();
    out.printf("%s: %s (compatible with %s), build version %s%n", file, updated.engineVersion(),
        updated.compatibleVersion().toDisplayString(), updated.displayBuildVersion());
    out.println("Rebuild the jar (mvn package) for the game to run as this version.");
    out.flush();
    return 0;
  }

  /**
   * A CompatibleChangelist above the Changelist would stamp saves that this very build cannot read:
   * refused before the file is written, naming the file, which value came from where, and the
   * option that fixes it.
   */
  private void refuseUnreadableSaves() {
    if (changelist == null && compatibleChangelist == null) {
      return;
    }
    BuildVersion current = BuildVersion.read(file);
    long cl = changelist != null ? changelist : current.changelist();
    long compatible = compatibleChangelist != null ? compatibleChangelist : current.compatibleChangelist();
    if (cl != 0 && compatible > cl) {
      throw new IllegalArgumentException(file + ": CompatibleChangelist " + compatible
          + (compatibleChangelist != null ? " (--compatible-cl)" : " (the file's)") + " would be above Changelist " + cl
          + (changelist != null ? " (--cl)" : " (the file's)") + ", so this build could not read what it saves; give --compatible-cl"
          + " " + cl + " or lower" + (changelist == null ? ", or a --cl of " + compatible + " or more" : " with it")
          + "; the file was left as it was");
    }
  }

  /**
   * A name with a control character (a newline, an escape) would be stamped into every build and
   * shown wherever the version is: a usage mistake, refused before the file is read.
   */
  private void printable(String option, String value) {
    if (value == null) {
      return;
    }
    for (int i = 0; i < value.length(); i++) {
      if (Character.isISOControl(value.charAt(i))) {
        throw new ParameterException(spec.commandLine(), option + ": no control characters, but character " + (i + 1)
            + " is U+" + String.format("%04X", (int) value.charAt(i)));
      }
    }
  }

  /** A changelist option out of the range a version holds is a usage mistake: refused before the file is read. */
  private void changelist(String option, Long value) {
    // 31 bits: an engine version keeps the 32nd for the licensee flag.
    if (value != null && (value < 0 || value > Integer.MAX_VALUE)) {
      throw new ParameterException(spec.commandLine(), option + ": 0 to " + Integer.MAX_VALUE + ", not " + value);
    }
  }
}
