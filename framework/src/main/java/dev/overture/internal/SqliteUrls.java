package dev.overture.internal;

import java.nio.file.Path;

/**
 * The sqlite-jdbc URL of a database file. sqlite-jdbc reads what follows a {@code ?} in {@code
 * jdbc:sqlite:PATH} as connection options ({@code game.db?journal_mode=WAL} opened {@code game.db}
 * and switched it to WAL), so a path is never pasted after {@code jdbc:sqlite:}: it goes as a {@code
 * file:} URI, where {@code ?}, {@code #} and {@code %} are percent-encoded and so name the file.
 * Stateless; any thread.
 */
public final class SqliteUrls {

  private SqliteUrls() {}

  /** {@code jdbc:sqlite:file:///...}, the absolute {@code file} and nothing else. */
  public static String of(Path file) {
    return "jdbc:sqlite:" + file.toAbsolutePath().toUri();
  }
}
