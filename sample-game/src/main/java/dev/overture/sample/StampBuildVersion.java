package dev.overture.sample;

import dev.overture.core.ProblemException;
import dev.overture.version.BuildVersion;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Run by the sample's Maven build (exec-maven-plugin, after compiling): copies {@code
 * build/Build.version} into the jar's classes, with a new unique BuildId when the file's is empty
 * ({@link BuildVersion#stamp}). Not part of the command line.
 */
public final class StampBuildVersion {

  private StampBuildVersion() {}

  /**
   * @param args the source version file and the copy to write
   * @throws IOException when the copy cannot be written
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: StampBuildVersion SOURCE TARGET (got " + args.length + " arguments)");
    }
    try {
      BuildVersion.stamp(Path.of(args[0]), Path.of(args[1]));
    } catch (ProblemException e) {
      // Maven shows the message; the numbered report names the file and the place.
      throw new IllegalStateException(e.getMessage(), e);
    }
  }
}
