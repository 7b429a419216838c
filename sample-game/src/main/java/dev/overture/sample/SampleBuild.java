package dev.overture.sample;

import dev.overture.version.BuildVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The sample game's build version: {@code Build.version} in the jar, copied there from {@code
 * build/Build.version} when the jar is built (like Unreal's {@code Build/Build.version}).
 */
final class SampleBuild {

  private SampleBuild() {}

  /** The version this build runs as. */
  static BuildVersion version() {
    try (InputStream in = SampleBuild.class.getResourceAsStream("/Build.version")) {
      if (in == null) {
        throw new IllegalStateException("Build.version is missing from the jar; rebuild it with mvn package");
      }
      return BuildVersion.read(in, "Build.version (in the jar)");
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read Build.version from the jar", e);
    }
  }
}
