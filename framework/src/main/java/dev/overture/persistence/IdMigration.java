package dev.overture.persistence;

import dev.overture.archive.ArchiveFormatException;
import dev.overture.archive.ArchiveHeader;
import dev.overture.archive.ArchiveReader;
import dev.overture.archive.IdArchives;
import dev.overture.internal.AtomicFiles;
import dev.overture.internal.Failures;
import dev.overture.internal.SqliteUrls;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * Rewrites the id blobs of a world store from the legacy layouts to a newer one, as the seed's
 * migration does: every property value that is an id archive in UniqueID v2 (or v3) becomes v3 (or
 * StableId v0), the values unchanged (a null legacy id becomes the new layout's null).
 *
 * <ul>
 *   <li>Rows are read in the order of their key (actor, component, property) and rewritten in
 *       batches, each batch one transaction: a run that is stopped leaves whole batches behind, and
 *       running again finishes the job.
 *   <li>It is idempotent: a second run finds everything current and changes nothing.
 *   <li>A blob it cannot parse is left untouched and reported with the reason, never dropped. So is
 *       a blob holding an id whose value the target layout reads as null (the smallest 64-bit
 *       integer going to v3, a legacy id of 0 going to StableId): it would become null.
 *   <li>A store written by a newer schema is refused before anything is done.
 *   <li>Before it writes anything, it makes a backup copy of the database ({@code VACUUM INTO}, a
 *       consistent snapshot), unless told not to or nothing needs converting. The copy is made
 *       under a temporary name, checked ({@code PRAGMA integrity_check} and the row counts) and
 *       flushed to the disk before it gets its name: a backup that exists is complete, and a
 *       failed or killed backup leaves none (the temporary file is removed, or, after a kill, by
 *       the next run, which says so).
 * </ul>
 *
 * <p>It runs on an SQLite file ({@link #run(Path, Target, boolean, boolean, int)}, which makes the
 * backup) or on any world store's {@link DataSource}, PostgreSQL included ({@link #run(DataSource,
 * Target, boolean, int)}), where backing up the database is the operator's job.
 *
 * <p>Run it with the game stopped. Stateless; each run uses its own connection.
 *
 * <p>Threading: one migration runs on the calling thread, a batch to a transaction (see above); do not run two on one database
 * at once.
 */
public final class IdMigration {

  private static final Logger log = LoggerFactory.getLogger(IdMigration.class);

  private IdMigration() {}

  /** The layout to migrate to. */
  public enum Target {
    /** UniqueID v3: v2 blobs are rewritten, v3 and StableId ones are current. */
    V3("v3"),
    /** StableId v0: v2 and v3 blobs are rewritten. */
    STABLE_ID("stable-id");

    private final String option;

    Target(String option) {
      this.option = option;
    }

    /** {@code v3} or {@code stable-id}. */
    public String option() {
      return option;
    }

    /**
     * The target named {@code text}.
     *
     * @throws IllegalArgumentException naming the choices
     */
    public static Target parse(String text) {
      for (Target target : values()) {
        if (target.option.equals(text.toLowerCase(Locale.ROOT))) {
          return target;
        }
      }
      throw new IllegalArgumentException("'" + text + "' is not a target (v3, stable-id)");
    }
  }

  /**
   * A blob left as it is.
   *
   * @param actorId the actor it belongs to
   * @param component its component ({@code ""} for the actor)
   * @param property the property
   * @param reason why it could not be read
   */
  public record Refusal(long actorId, String component, String property, String reason) {}

  /**
   * What a run did (or, dry, would do).
   *
   * @param rowsRead property rows read
   * @param converted id blobs rewritten (or to rewrite)
   * @param alreadyCurrent id blobs already in the target layout (or newer)
   * @param otherValues blobs that hold no id (other properties), untouched
   * @param refused blobs that could not be read, untouched
   * @param dryRun whether nothing was written
   * @param backup the backup copy made first, if one was
   * @param leftovers temporary files an earlier run that was stopped left behind, removed first
   */
  public record Report(int rowsRead, int converted, int alreadyCurrent, int otherValues, List<Refusal> refused, boolean dryRun,
      Optional<Path> backup, List<Path> leftovers) {

    public Report {
      refused = List.copyOf(refused);
      leftovers = List.copyOf(leftovers);
    }

    /** The report for people. */
    public String format() {
      List<String> lines = new ArrayList<>();
      leftovers.forEach(path -> lines.add("Removed " + path + ", left behind by an earlier run that was stopped"));
      backup.ifPresent(path -> lines.add("Backup: " + path));
      lines.add("Rows read: " + rowsRead);
      lines.add((dryRun ? "Would convert: " : "Converted: ") + converted);
      lines.add("Already current: " + alreadyCurrent);
      lines.add("Not ids: " + otherValues);
      lines.add("Refused: " + refused.size());
      for (Refusal refusal : refused) {
        lines.add("  actor " + refusal.actorId + ", " + (refusal.component.isEmpty() ? "" : "component " + refusal.component + ", ")
            + "property " + refusal.property + ": " + refusal.reason);
      }
      if (dryRun) {
        lines.add("Dry run: nothing was written.");
      }
      return String.join(System.lineSeparator(), lines);
    }
  }

  /**
   * Migrates the SQLite database {@code file}.
   *
   * @param backup whether to copy the database first (not in a dry run, nor when nothing needs
   *     converting)
   * @throws PersistenceException when the database cannot be used, is no world store, was written
   *     by a newer schema, or cannot be backed up (then nothing was changed); batches already
   *     committed stay
   * @throws dev.overture.core.MissingDependencyException when sqlite-jdbc is not on the class path
   */
  public static Report run(Path file, Target target, boolean dryRun, boolean backup, int batchSize) {
    return run(file, target, dryRun, backup, batchSize, name -> {});
  }

  /** A step run just before the checked backup copy takes its name: a test takes the name there, as another run could. */
  @FunctionalInterface
  interface BeforeNaming {
    void run(Path name) throws IOException;
  }

  /** {@link #run(Path, Target, boolean, boolean, int)}, with {@code beforeNaming} run just before the backup takes its name. */
  static Report run(Path file, Target target, boolean dryRun, boolean backup, int batchSize, BeforeNaming beforeNaming) {
    if (Files.isDirectory(file)) {
      throw new PersistenceException(file + " is a folder, not a database");
    }
    if (!Files.isRegularFile(file)) {
      throw new PersistenceException(Files.exists(file, LinkOption.NOFOLLOW_LINKS)
          ? file + " is not a regular file (a device, a pipe or a socket, or a link to nothing), not a database"
          : "No database at " + file);
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch size < 1: " + batchSize);
    }
    SqliteDriver.require("IdMigration.run(Path, ...)", "migrate over a DataSource of your own (IdMigration.run(dataSource, ...))");
    // Waits for another writer as the store does, rather than failing at once with "database is locked".
    org.sqlite.SQLiteConfig config = new org.sqlite.SQLiteConfig();
    config.setBusyTimeout(WorldStore.SQLITE_BUSY_MILLIS);
    if (!dryRun) {
      // Each batch reads, then writes: begun as a reader, it could not wait for another writer (SQLite
      // refuses at once to turn a read into a write while one holds the lock). Begun as a writer, it waits.
      config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
    }
    SQLiteDataSource sqlite = new SQLiteDataSource(config);
    sqlite.setUrl(SqliteUrls.of(file)); // a ? in the name is part of it, not connection options
    if (!dryRun) {
      rollBackUnfinished(sqlite, file);
    }
    WorldStore.check(file); // an SQLite file of our own, as play --save asks
    requireStore(sqlite, file.toString());
    if (!dryRun) {
      requireWritable(file, backup);
    }
    List<Path> leftovers = new ArrayList<>();
    if (!dryRun) { // a dry run writes nothing, and removes nothing either: the leftovers wait for a real run
      try {
        for (AtomicFiles.Leftover leftover : AtomicFiles.removeLeftovers(file.toAbsolutePath().getParent())) {
          log.info("{}", leftover.describe());
          leftovers.add(leftover.file());
        }
      } catch (IOException e) {
        log.warn("Could not look for files an earlier run left behind beside {}: {}", file, Failures.describe(e));
      }
    }
    Path copy = null;
    if (backup && !dryRun && needsConverting(sqlite, file.toString(), target, batchSize)) {
      copy = backUp(sqlite, file, beforeNaming);
    }
    Report report = run(sqlite, file.toString(), target, dryRun, batchSize);
    return new Report(report.rowsRead, report.converted, report.alreadyCurrent, report.otherValues, report.refused, dryRun,
        Optional.ofNullable(copy), leftovers);
  }

  /**
   * Refuses a database that is not a world store (no {@code overture_store}, as {@link
   * WorldStore#check} and opening a store refuse it), or that a newer schema wrote, before anything
   * (a backup) is done: a {@code properties} table of another program is not rewritten.
   */
  private static void requireStore(DataSource dataSource, String name) {
    try (Connection connection = dataSource.getConnection()) {
      List<String> tables = StoreDatabase.tables(connection, name);
      if (!tables.contains("overture_store")) {
        throw new PersistenceException(name + " is not an Overture world store: it holds "
            + (tables.isEmpty() ? "no table" : "the tables " + String.join(", ", tables) + " but no overture_store") + "; it was left as it is");
      }
      StoreDatabase.checkSchema(connection, name);
    } catch (SQLException e) {
      throw new PersistenceException("Cannot read " + name + ": " + e.getMessage(), e);
    }
  }

  /**
   * Refuses, before a backup is made, a file the migration could not rewrite: a read-only one (not
   * writable, or without its owner's write permission, as {@code play --save} refuses it, for an
   * administrator too), or one in a folder where SQLite cannot make its journal (nor this run its
   * backup). Each run would otherwise copy the whole database, then fail.
   */
  private static void requireWritable(Path file, boolean backup) {
    try {
      if (AtomicFiles.isReadOnly(file)) {
        throw new PersistenceException(file + " is read-only, and migrate-ids rewrites it in place: make it writable (chmod u+w "
            + file + ") and run it again; nothing was changed");
      }
      for (Path folder : new java.util.LinkedHashSet<>(List.of(AtomicFiles.target(file).getParent(), file.toAbsolutePath().getParent()))) {
        if (!Files.isWritable(folder)) {
          throw new PersistenceException("The folder " + folder + " cannot be written, and migrate-ids writes SQLite's journal"
              + (backup ? " and the backup" : "") + " of " + file + " there; nothing was changed");
        }
      }
    } catch (IOException e) {
      throw new PersistenceException("Cannot tell whether " + file + " may be written: " + Failures.describe(e) + "; nothing was changed", e);
    }
  }

  /** Whether any row would be rewritten: without one, a run changes nothing and needs no backup. */
  private static boolean needsConverting(DataSource dataSource, String name, Target target, int batchSize) {
    Row after = null;
    try (Connection connection = dataSource.getConnection()) {
      while (true) {
        List<Row> batch = readBatch(connection, after, batchSize);
        if (batch.isEmpty()) {
          return false;
        }
        for (Row row : batch) {
          if (classify(row, target, new int[4], new ArrayList<>()) != null) {
            return true;
          }
        }
        after = batch.get(batch.size() - 1);
      }
    } catch (SQLException e) {
      throw new PersistenceException("Cannot read " + name + ": " + e.getMessage(), e);
    }
  }

  /**
   * Copies the database to its backup name: made under a temporary name, checked and flushed, then
   * given the name (never over an existing file). On failure no backup exists and the temporary is
   * gone. The name is the first free one when the copy starts; a file that takes it meanwhile
   * (another run's backup of the same store) is never replaced, and the run stops, saying so.
   */
  private static Path backUp(DataSource dataSource, Path file, BeforeNaming beforeNaming) {
    Path name = backupPath(file);
    Path temporary = null;
    try {
      temporary = AtomicFiles.newTemporary(name, file); // never more readable than the store
      try (Connection connection = dataSource.getConnection();
          PreparedStatement vacuum = connection.prepareStatement("VACUUM INTO ?")) {
        vacuum.setString(1, temporary.toString());
        vacuum.execute();
        verifyCopy(connection, temporary);
      }
      AtomicFiles.copyPermissions(file, temporary);
      beforeNaming.run(name);
      AtomicFiles.publish(temporary, name);
      return name;
    } catch (SQLException | IOException | PersistenceException e) {
      String why = e instanceof FileAlreadyExistsException taken && name.toString().equals(taken.getFile())
          ? "that name was taken while the copy was being made (another migrate-ids run on the same store?), and an existing"
              + " file is never replaced: let the other run finish, then run migrate-ids again"
          : e instanceof IOException io ? Failures.describe(io) : e.getMessage();
      throw new PersistenceException("Could not back up " + file + " to " + name + ": " + why
          + "; no backup was made and nothing was changed", e);
    } finally {
      if (temporary != null) {
        try {
          AtomicFiles.deleteTemporary(temporary);
        } catch (IOException e) {
          log.warn("Could not remove {}: {}", temporary, e.toString());
        }
      }
    }
  }

  /**
   * A run killed in the middle of a batch (or another program that stopped while writing) leaves a
   * journal beside the store, which only a connection that may write rolls back: the check that
   * follows reads, and would refuse the store. Rolled back here, as SQLite itself does on any
   * writing open (never while a live writer holds its lock), the store is as the last whole batch
   * left it, and this run goes on from there, as the command promises.
   */
  private static void rollBackUnfinished(SQLiteDataSource sqlite, Path file) {
    Path journal = file.resolveSibling(file.getFileName() + "-journal");
    if (!Files.exists(journal, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Connection connection = sqlite.getConnection();
        Statement sql = connection.createStatement();
        ResultSet read = sql.executeQuery("PRAGMA schema_version")) {
      read.next();
      log.info("{}: rolled back the unfinished transaction its journal held", file);
    } catch (SQLException e) {
      log.debug("{}: its journal could not be rolled back here; the check says why", file, e);
    }
  }

  /** Checks that {@code copy} is a whole database with as many rows as the original. */
  private static void verifyCopy(Connection original, Path copy) throws SQLException {
    SQLiteConfig config = new SQLiteConfig();
    config.setReadOnly(true);
    SQLiteDataSource copied = new SQLiteDataSource(config);
    copied.setUrl(SqliteUrls.of(copy));
    try (Connection connection = copied.getConnection();
        Statement sql = connection.createStatement();
        ResultSet check = sql.executeQuery("PRAGMA integrity_check")) {
      String verdict = check.next() ? check.getString(1) : "no answer";
      if (!"ok".equals(verdict)) {
        throw new PersistenceException("the copy failed its integrity check (" + verdict + ")");
      }
      for (String table : StoreDatabase.tables(original, copy.toString())) {
        long expected = count(original, table);
        long found = count(connection, table);
        if (expected != found) {
          throw new PersistenceException("the copy's table " + table + " holds " + found + " rows, not " + expected);
        }
      }
    }
  }

  private static long count(Connection connection, String table) throws SQLException {
    try (Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery("SELECT COUNT(*) FROM \"" + table.replace("\"", "\"\"") + "\"")) {
      rows.next();
      return rows.getLong(1);
    }
  }

  private static Path backupPath(Path file) {
    Path candidate = file.resolveSibling(file.getFileName() + ".before-migrate-ids");
    for (int n = 2; Files.exists(candidate, LinkOption.NOFOLLOW_LINKS); n++) {
      candidate = file.resolveSibling(file.getFileName() + ".before-migrate-ids-" + n);
    }
    return candidate;
  }

  /**
   * Migrates the store behind {@code dataSource}, SQLite or PostgreSQL. It makes no backup: on a
   * database server that is the operator's job (for example {@code pg_dump}), done before.
   *
   * @throws PersistenceException when the database cannot be used, is no world store or was written
   *     by a newer schema; batches already committed stay
   */
  public static Report run(DataSource dataSource, Target target, boolean dryRun, int batchSize) {
    return run(dataSource, "the data source", target, dryRun, batchSize);
  }

  /**
   * Migrates the store behind {@code dataSource}, as {@link #run(DataSource, Target, boolean, int)}
   * does, naming it {@code name} in messages (its URL, without credentials).
   */
  public static Report run(DataSource dataSource, String name, Target target, boolean dryRun, int batchSize) {
    Objects.requireNonNull(target, "target");
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch size < 1: " + batchSize);
    }
    requireStore(dataSource, name);
    int[] counts = new int[4]; // read, converted, current, other
    List<Refusal> refused = new ArrayList<>();
    Row after = null;
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      while (true) {
        List<Row> batch = readBatch(connection, after, batchSize);
        if (batch.isEmpty()) {
          connection.commit();
          break;
        }
        try (PreparedStatement update = connection.prepareStatement(
            "UPDATE properties SET value = ? WHERE actor_id = ? AND component = ? AND name = ?")) {
          for (Row row : batch) {
            counts[0]++;
            byte[] rewritten = classify(row, target, counts, refused);
            if (rewritten != null && !dryRun) {
              update.setBytes(1, rewritten);
              update.setLong(2, row.actorId);
              update.setString(3, row.component);
              update.setString(4, row.property);
              update.executeUpdate();
            }
          }
        }
        if (dryRun) {
          connection.rollback();
        } else {
          connection.commit();
        }
        after = batch.get(batch.size() - 1);
      }
    } catch (SQLException e) {
      throw new PersistenceException("The id migration of " + name + " stopped " + (after == null ? "at its first batch" : "after " + after.describe())
          + ": " + e.getMessage() + " (the batches before it are committed; run it again to finish)", e);
    }
    return new Report(counts[0], counts[1], counts[2], counts[3], refused, dryRun, Optional.empty(), List.of());
  }

  /** A property row, named by its key. */
  private record Row(long actorId, String component, String property, byte[] value) {
    String describe() {
      return "actor " + actorId + ", " + (component.isEmpty() ? "" : "component " + component + ", ") + "property " + property;
    }
  }

  /** The {@code size} rows after {@code after} (from the first when null), in key order. */
  private static List<Row> readBatch(Connection connection, Row after, int size) throws SQLException {
    List<Row> rows = new ArrayList<>();
    String order = " ORDER BY actor_id, component, name LIMIT ?";
    try (PreparedStatement select = connection.prepareStatement(after == null
        ? "SELECT actor_id, component, name, value FROM properties" + order
        : "SELECT actor_id, component, name, value FROM properties WHERE (actor_id, component, name) > (?, ?, ?)" + order)) {
      int parameter = 1;
      if (after != null) {
        select.setLong(parameter++, after.actorId);
        select.setString(parameter++, after.component);
        select.setString(parameter++, after.property);
      }
      select.setInt(parameter, size);
      try (ResultSet result = select.executeQuery()) {
        while (result.next()) {
          rows.add(new Row(result.getLong(1), result.getString(2), result.getString(3), result.getBytes(4)));
        }
      }
    }
    return rows;
  }

  /** The blob to write instead of {@code row}'s, or null to leave it; counts what it found. */
  private static byte[] classify(Row row, Target target, int[] counts, List<Refusal> refused) {
    byte[] value = row.value == null ? new byte[0] : row.value;
    try {
      ArchiveHeader header = ArchiveHeader.read(new ArchiveReader(value));
      if (!IdArchives.holdsIds(header)) {
        counts[3]++;
        return null;
      }
      IdArchives.Decoded decoded = IdArchives.decode(value);
      boolean legacy = target == Target.V3
          ? decoded.layout() == IdArchives.Layout.LEGACY_V2
          : decoded.layout() != IdArchives.Layout.STABLE_ID;
      if (!legacy) {
        counts[2]++;
        return null;
      }
      IdArchives.Layout layout = target == Target.V3 ? IdArchives.Layout.LEGACY_V3 : IdArchives.Layout.STABLE_ID;
      byte[] rewritten;
      try {
        rewritten = IdArchives.reencode(layout, decoded); // a licensee's or a mod's custom version stays
      } catch (IllegalArgumentException e) {
        // The seed's null of the target layout is a real id here: written, it would become null.
        refused.add(new Refusal(row.actorId, row.component, row.property,
            "it cannot become " + IdArchives.describe(layout) + ": " + e.getMessage() + "; it was left as it is"));
        return null;
      }
      counts[1]++;
      return rewritten;
    } catch (dev.overture.archive.ArchiveVersionException e) {
      refused.add(new Refusal(row.actorId, row.component, row.property, "a newer build wrote it (" + e.getMessage() + ")"));
      return null;
    } catch (ArchiveFormatException e) {
      refused.add(new Refusal(row.actorId, row.component, row.property, e.getMessage()));
      return null;
    }
  }
}
