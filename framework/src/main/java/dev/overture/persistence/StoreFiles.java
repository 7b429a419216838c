package dev.overture.persistence;

import dev.overture.internal.Failures;
import dev.overture.internal.NotARegularFileException;
import dev.overture.internal.SpecialFiles;
import dev.overture.internal.SqliteUrls;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * What a tool does to a world store's SQLite file before opening it as a store: {@link
 * WorldStore#check} (is it one this build reads) and {@link WorldStore#copy} (a copy as SQLite reads
 * it), and SQLite's errors in a user's words. Stateless; any thread.
 */
final class StoreFiles {

  private static final byte[] SQLITE_MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

  private StoreFiles() {}

  /** The files SQLite opens beside a database, by the suffix of their name. */
  private static final List<String> COMPANIONS = List.of("", "-journal", "-wal", "-shm");

  /**
   * Checks, from their attributes and without opening them, that {@code file} and the journal, log
   * and shared-memory files SQLite opens beside it are each missing or a regular file (links
   * followed, as SQLite follows them): SQLite opening a named pipe waits for a writer forever.
   *
   * @throws PersistenceException naming the file and what it is ({@code game.db-wal is a named
   *     pipe, not a regular file; it was not opened})
   */
  static void requireNoSpecialFiles(Path file) {
    for (String suffix : COMPANIONS) {
      Path companion = suffix.isEmpty() ? file : file.resolveSibling(file.getFileName() + suffix);
      try {
        SpecialFiles.requireRegularFile(companion);
      } catch (NotARegularFileException e) {
        throw new PersistenceException(e.getMessage() + (suffix.isEmpty() ? "" : " (SQLite opens it beside " + file.getFileName()
            + "; remove it)"), e);
      } catch (IOException e) {
        // Missing (SQLite makes it when it needs it), or unreadable: SQLite says why when it opens it.
      }
    }
  }

  /** See {@link WorldStore#check}. */
  static void check(Path file) {
    if (Files.isDirectory(file)) {
      throw new PersistenceException(file + " is a folder, not a world store");
    }
    if (!Files.isRegularFile(file)) {
      throw new PersistenceException(Files.exists(file, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(file)
          ? file + " is not a regular file (a device, a pipe or a socket, or a link to nothing), not a world store"
          : file + ": no such file");
    }
    requireNoSpecialFiles(file);
    byte[] head = new byte[SQLITE_MAGIC.length];
    int read;
    try (InputStream in = Files.newInputStream(file)) {
      read = in.readNBytes(head, 0, head.length);
    } catch (NoSuchFileException e) {
      throw new PersistenceException(file + ": no such file");
    } catch (IOException e) {
      throw new PersistenceException(file + " cannot be read: " + Failures.describe(e), e);
    }
    if (read < head.length || !Arrays.equals(head, SQLITE_MAGIC)) {
      throw new PersistenceException(file + " is not a world store: it is " + (read == 0 ? "empty" : "not an SQLite database"));
    }
    SqliteDriver.require("WorldStore.check(Path)", null);
    SQLiteConfig config = new SQLiteConfig();
    config.setReadOnly(true);
    SQLiteDataSource sqlite = new SQLiteDataSource(config);
    sqlite.setUrl(SqliteUrls.of(file));
    try (Connection connection = sqlite.getConnection()) {
      List<String> tables = StoreDatabase.tables(connection, file.toString());
      if (!tables.contains("overture_store")) {
        throw new PersistenceException(file + " is an SQLite database but not an Overture world store"
            + (tables.isEmpty() ? " (it holds no table)" : " (it holds the tables " + String.join(", ", tables) + ")"));
      }
      StoreDatabase.checkSchema(connection, file.toString());
    } catch (SQLException e) {
      throw new PersistenceException(file + " cannot be read as a world store: " + sqliteProblem(file, e), e);
    }
  }

  /** See {@link WorldStore#copy}. */
  static void copy(Path file, Path into) {
    SqliteDriver.require("WorldStore.copy(Path, Path)", null);
    SQLiteConfig config = new SQLiteConfig();
    config.setReadOnly(true);
    config.setBusyTimeout(WorldStore.SQLITE_BUSY_MILLIS);
    SQLiteDataSource sqlite = new SQLiteDataSource(config);
    sqlite.setUrl(SqliteUrls.of(file));
    boolean copying = false;
    try (Connection connection = sqlite.getConnection();
        java.sql.PreparedStatement vacuum = connection.prepareStatement("VACUUM INTO ?")) {
      vacuum.setString(1, into.toAbsolutePath().toString());
      copying = true;
      vacuum.execute();
    } catch (SQLException e) {
      if (copying && isWriteFailure(e) && sqliteProblem(file, e).equals(e.getMessage())) {
        // Where the copy goes, not the store: a full disk there is no fault of file's.
        throw new PersistenceException(file + " cannot be copied: the copy cannot be written in "
            + into.toAbsolutePath().getParent() + " (" + e.getMessage() + "); " + file + " was left as it is", e);
      }
      throw new PersistenceException(file + " cannot be read: " + sqliteProblem(file, e), e);
    }
    SQLiteDataSource copied = new SQLiteDataSource();
    copied.setUrl(SqliteUrls.of(into));
    try (Connection connection = copied.getConnection(); java.sql.Statement sql = connection.createStatement()) {
      sql.execute("PRAGMA journal_mode = DELETE"); // a WAL store's copy would keep its saves beside the file, in a -wal
    } catch (SQLException e) {
      throw new PersistenceException("The copy of " + file + " cannot be written: " + e.getMessage(), e);
    }
  }

  /**
   * Whether {@code e}, of a {@code VACUUM INTO} from a database opened read-only, failed writing the
   * copy: a full disk, a copy that cannot be opened or written, a failed write or flush. Reading the
   * original fails otherwise (a corrupt page, a file that is no database, a hot journal).
   */
  private static boolean isWriteFailure(SQLException e) {
    if (!(e instanceof org.sqlite.SQLiteException sqlite)) {
      return false;
    }
    return switch (sqlite.getResultCode()) {
      case SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_IOERR_WRITE, SQLITE_IOERR_FSYNC, SQLITE_IOERR_TRUNCATE -> true;
      default -> false;
    };
  }

  /**
   * What an SQLite error reading {@code file} means for its user, in words: a hot journal (a
   * writer stopped in the middle of a transaction) says what to do; anything else is SQLite's
   * message.
   */
  static String sqliteProblem(Path file, SQLException e) {
    if (e instanceof org.sqlite.SQLiteException sqlite && (sqlite.getResultCode() == org.sqlite.SQLiteErrorCode.SQLITE_READONLY_ROLLBACK
        || String.valueOf(e.getMessage()).startsWith("[" + org.sqlite.SQLiteErrorCode.SQLITE_READONLY_ROLLBACK.name() + "]"))) {
      return "a program that was writing it stopped before it finished (" + file.getFileName() + "-journal is beside it);"
          + " open it once with a program that writes it (for example sqlite3 " + file + " \"PRAGMA quick_check\") so that"
          + " SQLite rolls the unfinished transaction back, then try again; it was left as it is";
    }
    return e.getMessage();
  }
}
