package dev.overture.sample;

import dev.overture.version.BuildVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The sample game's build version: {@code Build.version} in the jar, copied there from {@code
 * build/Build.version} when the jar is built (like Unreal's {@code Build/Build.version}).
 *
 * <p>Read once per process, on whichever thread asks first (the {@linkplain Preload start-up
 * preload} usually), and shared; a read that fails is not kept, so the next caller reads again and
 * meets the same failure itself. Thread-safe.
 */
final class SampleBuild {

  private static volatile BuildVersion read;

  private SampleBuild() {}

  /** The version this build runs as. */
  static BuildVersion version() {
    BuildVersion version = read;
    if (version == null) {
      synchronized (SampleBuild.class) {
        version = read;
        if (version == null) {
          version = readFromJar();
          read = version;
        }
      }
    }
    return version;
  }

  private static BuildVersion readFromJar() {
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
