package dev.overture.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * A library the framework's POM declares optional ({@code <optional>true</optional>}, {@code
 * requires static} in the module): whether it is there, and the Maven coordinates that a message
 * asking for it names. The code that needs one asks first, so that a host without it gets a clear
 * exception instead of a {@link NoClassDefFoundError} from deep inside. Thread-safe.
 */
public enum OptionalDependency {

  /** The SQLite JDBC driver, for the world store's own database files. */
  SQLITE_JDBC("sqlite-jdbc", "org.sqlite.SQLiteDataSource"),

  /** The file watcher of live content (development mode). */
  DIRECTORY_WATCHER("directory-watcher", "io.methvin.watcher.DirectoryWatcher");

  private static final String COORDINATES = "optional-dependencies.properties";

  private final String artifactId;
  private final String probe;

  OptionalDependency(String artifactId, String probe) {
    this.artifactId = artifactId;
    this.probe = probe;
  }

  /** The library's Maven artifact id, {@code sqlite-jdbc}. */
  public String artifactId() {
    return artifactId;
  }

  /**
   * Whether the library's classes can be loaded from the framework (on the class path, or a
   * module the framework reads).
   */
  public boolean isPresent() {
    try {
      Class.forName(probe, false, OptionalDependency.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** The library's Maven coordinates in this build, {@code org.xerial:sqlite-jdbc:3.53.4.0}. */
  public String coordinates() {
    Properties known = new Properties();
    try (InputStream in = OptionalDependency.class.getResourceAsStream(COORDINATES)) {
      if (in == null) {
        throw new IllegalStateException(COORDINATES + " is missing from the framework's jar");
      }
      known.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String coordinates = known.getProperty(artifactId);
    if (coordinates == null) {
      throw new IllegalStateException(COORDINATES + " has no entry for " + artifactId);
    }
    return coordinates;
  }
}
