package dev.overture.sample;

import dev.overture.internal.AtomicFiles;
import dev.overture.internal.FileStamp;
import dev.overture.internal.SqliteUrls;
import dev.overture.persistence.PersistenceException;
import dev.overture.persistence.WorldStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sqlite.SQLiteConfig;

/**
 * The game.db {@code play} runs on: --restore's file is only read, and --save's file is replaced,
 * whole, only when the run succeeds. It is a temporary file beside --save (so the final rename is
 * atomic), or in the temporary folder when only restoring: a copy of --restore's store, or of
 * --save's without the match it held of the world played (which the new match replaces), or empty (a
 * new store). So a save never loses what --save's store held besides that match (other worlds), and
 * never moves its id counter back. Stores are copied as SQLite reads them (a -wal included).
 *
 * <ul>
 *   <li>--save must be new, or a world store of ours that may be written (checked before the game
 *       runs, so nothing is played for nothing); --restore must be a world store of ours.
 *   <li>What a killed run left beside it is removed first, and named on {@code out}.
 *   <li>Messages name the user's file, never the working copy ({@link #name()} is what the store
 *       is called).
 *   <li>What another program wrote to --save's file while the game ran is never lost under the
 *       save: the file is stamped when the game starts, and if it was written, replaced or
 *       created since, or is being written (its SQLite journal is beside it), the save takes a
 *       free name beside it instead ({@code game.conflict-1.db}).
 * </ul>
 *
 * <p>Used by the command's thread only.
 */
final class WorkingCopy implements AutoCloseable {

  private static final String NOT_OURS = "; --save replaces only a game.db that play --save wrote, or makes a new file";

  private final Path file;
  private final Path save;
  private final Path saveTarget;
  /** --save's file as it was when the game started, or as the last {@link #commitSnapshot} left it; null without --save. */
  private FileStamp before;
  private final String name;
  private final PrintWriter err;
  /** Runs right after {@link #commitSnapshot} renamed its copy: a test's second writer, at the worst moment. */
  Runnable afterCommit = () -> {};
  /** Runs when a commit found no conflict, just before its copy takes --save's name: a test's second commit, at the worst moment. */
  Runnable beforeRename = () -> {};

  /** Where {@link #commit} put the save, and, when not at --save's name, why not. */
  record Committed(Path path, String conflict) {}

  private WorkingCopy(Path file, Path save, Path saveTarget, FileStamp before, String name, PrintWriter err) {
    this.file = file;
    this.save = save;
    this.saveTarget = saveTarget;
    this.before = before;
    this.name = name;
    this.err = err;
  }

  /**
   * Checks --save and --restore, then makes the working copy: --restore's store as SQLite reads it,
   * or else --save's existing store without its match of {@code world} (a new match replaces it), or
   * else a new store. So a save keeps what --save's store holds besides that match (other worlds)
   * and never moves its id counter back; a --save store with other worlds than {@code world} is
   * refused when the match comes from another file (--restore), whose store the save is.
   *
   * @throws IllegalArgumentException saying which option names what, and why it cannot be used
   */
  static WorkingCopy create(Path save, Path restore, String world, PrintWriter out, PrintWriter err) {
    Path saveTarget = save == null ? null : checkSaveTarget(save);
    if (restore != null) {
      checkStore("--restore", restore);
    }
    boolean saveExists = saveTarget != null && Files.exists(saveTarget);
    boolean sameFile = saveExists && restore != null && sameFile(restore, saveTarget);
    if (saveExists && restore != null && !sameFile) {
      refuseOtherWorlds(save, saveTarget, restore, world);
    }
    Path beside = saveTarget != null ? saveTarget : Path.of(System.getProperty("java.io.tmpdir"), "overture-restore.db");
    Path copy = null;
    try {
      FileStamp before = saveTarget != null ? FileStamp.of(saveTarget) : null;
      for (AtomicFiles.Leftover leftover : AtomicFiles.removeLeftovers(beside.getParent())) {
        out.println(leftover.describe());
      }
      // A copy of a store is no more readable than the store (a private --restore in /tmp stays private).
      copy = AtomicFiles.newTemporary(beside, restore != null ? restore : saveTarget);
      if (restore != null) {
        copyStore("--restore", restore, copy);
        if (saveExists && !sameFile) {
          keepCounter(save, saveTarget, copy); // the ids --save's store handed out stay handed out
        }
      } else if (saveExists) {
        copyStore("--save", save, copy);
        dropWorld(save, copy, world);
      }
      WorkingCopy made = new WorkingCopy(copy, save, saveTarget, before, (restore != null ? restore : save).toString(), err);
      copy = null;
      return made;
    } catch (IOException e) {
      throw new IllegalArgumentException((save != null ? "--save " + save : "--restore " + restore)
          + ": cannot make the working copy (" + reason(e, null) + ")");
    } finally {
      if (copy != null) {
        deleteQuietly(copy, err);
      }
    }
  }

  private static boolean sameFile(Path restore, Path saveTarget) {
    try {
      return Files.isSameFile(restore, saveTarget);
    } catch (IOException e) {
      return false;
    }
  }

  private static void copyStore(String option, Path file, Path copy) {
    try {
      WorldStore.copy(file, copy);
    } catch (PersistenceException e) {
      throw new IllegalArgumentException(option + " " + e.getMessage());
    }
  }

  /**
   * Refuses --save's store when it holds worlds other than {@code world}: a match restored from
   * another file is saved as that file's store, which would not keep them.
   */
  private static void refuseOtherWorlds(Path save, Path saveTarget, Path restore, String world) {
    List<String> others = new ArrayList<>();
    try (Connection connection = readOnly(saveTarget)) {
      boolean versions = tables(connection).contains("worlds"); // schema 1 had none
      try (PreparedStatement select = connection.prepareStatement((versions ? "SELECT name FROM worlds WHERE name <> ? UNION " : "")
          + "SELECT DISTINCT world FROM actors WHERE world <> ? ORDER BY 1")) {
        select.setString(1, world);
        if (versions) {
          select.setString(2, world);
        }
        try (ResultSet rows = select.executeQuery()) {
          while (rows.next()) {
            others.add(rows.getString(1));
          }
        }
      }
    } catch (SQLException e) {
      throw new IllegalArgumentException("--save " + save + " cannot be read as a world store: " + e.getMessage());
    }
    if (!others.isEmpty()) {
      throw new IllegalArgumentException("--save " + save + " holds other worlds than " + world + " (" + String.join(", ", others)
          + "), which a match restored from " + restore + " would not keep: save it into " + restore + " (--save " + restore
          + ") or into a new file; " + save + " was left as it is");
    }
  }

  /** Moves the working copy's id counter up to --save's store's, so that no id it handed out is handed out again. */
  private static void keepCounter(Path save, Path saveTarget, Path copy) {
    long next;
    try (Connection connection = readOnly(saveTarget)) {
      next = nextFreeId(connection);
    } catch (SQLException e) {
      throw new IllegalArgumentException("--save " + save + " cannot be read as a world store: " + e.getMessage());
    }
    try (Connection connection = DriverManager.getConnection(SqliteUrls.of(copy))) {
      raiseCounter(connection, next);
    } catch (SQLException e) {
      throw new IllegalArgumentException("--save " + save + ": cannot make the working copy (" + e.getMessage() + ")");
    }
  }

  /**
   * Removes {@code world}'s saved match from the working copy of --save's store (the match played
   * now replaces it), first moving the id counter past its actors, so that their ids are not handed
   * out again.
   */
  private static void dropWorld(Path save, Path copy, String world) {
    try (Connection connection = DriverManager.getConnection(SqliteUrls.of(copy))) {
      connection.setAutoCommit(false);
      raiseCounter(connection, nextFreeId(connection));
      for (String delete : List.of(
          "DELETE FROM properties WHERE actor_id IN (SELECT id FROM actors WHERE world = ?)",
          "DELETE FROM components WHERE actor_id IN (SELECT id FROM actors WHERE world = ?)",
          "DELETE FROM actors WHERE world = ?")) {
        try (PreparedStatement statement = connection.prepareStatement(delete)) {
          statement.setString(1, world);
          statement.executeUpdate();
        }
      }
      if (tables(connection).contains("worlds")) {
        try (PreparedStatement statement = connection.prepareStatement("DELETE FROM worlds WHERE name = ?")) {
          statement.setString(1, world);
          statement.executeUpdate();
        }
      }
      connection.commit();
    } catch (SQLException e) {
      throw new IllegalArgumentException("--save " + save + ": cannot make the working copy (" + e.getMessage() + ")");
    }
  }

  /** The first id a store's allocator may hand out: past its counter and past every saved actor. */
  private static long nextFreeId(Connection connection) throws SQLException {
    long next = 1;
    try (Statement sql = connection.createStatement();
        ResultSet counter = sql.executeQuery("SELECT next_id FROM id_allocator WHERE name = 'actors' AND typeof(next_id) = 'integer'")) {
      if (counter.next()) {
        next = Math.max(next, counter.getLong(1));
      }
    }
    try (Statement sql = connection.createStatement();
        ResultSet highest = sql.executeQuery("SELECT MAX(id) FROM actors WHERE typeof(id) = 'integer'")) {
      if (highest.next() && highest.getObject(1) != null && highest.getLong(1) < Long.MAX_VALUE) {
        next = Math.max(next, highest.getLong(1) + 1);
      }
    }
    return next;
  }

  /** Sets the counter to {@code next} unless it is past it already (a counter that is no number is left for the store to refuse). */
  private static void raiseCounter(Connection connection, long next) throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(
            "UPDATE id_allocator SET next_id = ? WHERE name = 'actors' AND typeof(next_id) = 'integer' AND next_id < ?");
        PreparedStatement insert = connection.prepareStatement(
            "INSERT INTO id_allocator (name, next_id) SELECT 'actors', ? WHERE NOT EXISTS (SELECT 1 FROM id_allocator WHERE name = 'actors')")) {
      update.setLong(1, next);
      update.setLong(2, next);
      update.executeUpdate();
      insert.setLong(1, next);
      insert.executeUpdate();
    }
  }

  private static Connection readOnly(Path file) throws SQLException {
    SQLiteConfig config = new SQLiteConfig();
    config.setReadOnly(true);
    return DriverManager.getConnection(SqliteUrls.of(file), config.toProperties());
  }

  private static List<String> tables(Connection connection) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table'")) {
      while (rows.next()) {
        tables.add(rows.getString(1));
      }
    }
    return tables;
  }

  private static void deleteQuietly(Path copy, PrintWriter err) {
    try {
      AtomicFiles.deleteTemporary(copy);
    } catch (IOException e) {
      err.println("overture: could not delete the working copy " + copy + ": " + reason(e, copy));
    }
  }

  /** The file the game's store opens. */
  Path file() {
    return file;
  }

  /** What messages call the store: the user's file. */
  String name() {
    return name;
  }

  /**
   * Gives the save its place: renames the working copy over --save's file (through a link, keeping
   * its permissions), unless another program wrote, replaced or created that file while the game
   * ran, or is writing it now: that file is then left as the other program wrote it, and the save
   * takes the first free name of {@code <name>.conflict-<n>.<extension>} beside it.
   *
   * @return where the save is, and why there when it is not at --save's name
   * @throws IllegalArgumentException when it cannot be written; the file is then as it was
   */
  Committed commit() {
    return commit(file);
  }

  /**
   * Gives --save's file what the working copy holds now, and goes on with the working copy, which
   * the store keeps open: a copy of it takes the file's place as {@link #commit} would, and the
   * file is stamped again, so a later commit replaces it unless another program changed it since.
   *
   * @return where the save is, and why there when it is not at --save's name
   * @throws IllegalArgumentException when it cannot be written; the file is then as it was
   */
  Committed commitSnapshot() {
    Path snapshot = null;
    try {
      snapshot = AtomicFiles.newTemporary(saveTarget);
      Files.copy(file, snapshot, StandardCopyOption.REPLACE_EXISTING);
      // Stamped before it takes the file's name (a rename keeps the file, its size and its time), as
      // the settings' save does: a stamp taken after could be of another program's write right after
      // the rename, which the next commit would then replace unmerged.
      FileStamp written = FileStamp.of(snapshot).as(saveTarget);
      Committed committed = commit(snapshot);
      afterCommit.run();
      if (committed.conflict() == null) {
        before = written;
      }
      return committed;
    } catch (IOException e) {
      throw new IllegalArgumentException("--save " + save + ": cannot write it (" + reason(e, null) + "); it was left as it was");
    } finally {
      if (snapshot != null) {
        deleteQuietly(snapshot, err);
      }
    }
  }

  private Committed commit(Path source) {
    String conflict;
    try {
      conflict = checkedReplace(source);
      if (conflict == null) {
        return new Committed(save, null);
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("--save " + save + ": cannot write it (" + reason(e, save) + "); it was left as it was");
    }
    Path beside = saveTarget.resolveSibling(conflictName(saveTarget.getFileName().toString(), 1));
    for (int n = 2; ; n++) {
      try {
        AtomicFiles.publish(source, beside);
        return new Committed(beside, "--save " + save + ": " + conflict + ", so it was left as that program wrote it; this"
            + " match is saved beside it, in " + beside);
      } catch (FileAlreadyExistsException e) {
        if (n > 1000) {
          throw new IllegalArgumentException("--save " + save + ": " + conflict + ", so it was left as that program wrote it;"
              + " this match could not be saved beside it: the names " + conflictName(saveTarget.getFileName().toString(), 1)
              + " to " + beside.getFileName() + " are all taken");
        }
        beside = saveTarget.resolveSibling(conflictName(saveTarget.getFileName().toString(), n));
      } catch (IOException e) {
        throw new IllegalArgumentException("--save " + save + ": " + conflict + ", so it was left as that program wrote it;"
            + " this match could not be saved beside it either (" + reason(e, null) + ")");
      }
    }
  }

  /** Where a commit of this JVM checks --save's file and renames over it, one at a time (a file lock does not exclude threads). */
  private static final Object COMMITTING = new Object();

  /**
   * Gives {@code source} --save's name unless {@link #conflict} says why not (then returned, and
   * nothing written). The check and the rename are one step for every {@code play --save}: another
   * one's commit waits for this one's, then finds the file changed, rather than both passing the
   * check and the first save vanishing under the second's rename. An existing file is locked
   * meanwhile (a byte past any SQLite lock); a missing one is given its name only if it is still
   * missing, as a link, never over a file that appeared meanwhile.
   */
  private String checkedReplace(Path source) throws IOException {
    synchronized (COMMITTING) {
      String early = conflict();
      if (early != null) {
        return early; // before opening it: a file replaced by a named pipe would block the open
      }
      try (FileChannel locked = lockExisting(saveTarget)) {
        String conflict = conflict();
        if (conflict != null) {
          return conflict;
        }
        beforeRename.run();
        if (locked != null) {
          AtomicFiles.replace(source, saveTarget);
          return null;
        }
        try {
          AtomicFiles.publish(source, saveTarget);
          return null;
        } catch (FileAlreadyExistsException e) {
          return "another program changed it while this match was played (it was created)";
        }
      }
    }
  }

  /**
   * {@code file} open and locked for this process's commit (the lock waits for another's), or null
   * when it is missing; open but unlocked where the file system has no locks.
   */
  private static FileChannel lockExisting(Path file) throws IOException {
    FileChannel channel;
    try {
      channel = FileChannel.open(file, StandardOpenOption.WRITE);
    } catch (NoSuchFileException e) {
      return null;
    }
    try {
      channel.lock(COMMIT_LOCK_BYTE, 1, false);
      return channel;
    } catch (java.nio.channels.FileLockInterruptionException | java.nio.channels.ClosedChannelException e) {
      channel.close();
      throw e;
    } catch (IOException e) {
      // A file system without locks (ENOLCK): the commit goes on unlocked, as it did before the lock,
      // rather than losing the match; only two runs ending at the same moment can then collide.
      return channel;
    } catch (RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /** The byte a commit locks: far past SQLite's lock bytes (from 2^30), so a program using SQLite is never kept waiting. */
  private static final long COMMIT_LOCK_BYTE = Long.MAX_VALUE - 1;

  /**
   * Why the save may not replace --save's file now, or null when it may: another program wrote it
   * since the game started, or is writing it (its SQLite journal is beside it: replacing a database
   * under a journal of another would let SQLite apply that journal to the new file).
   */
  private String conflict() throws IOException {
    String change = before.changeSince();
    if (change != null && !change.equals("it was deleted")) {
      return "another program changed it while this match was played (" + change + ")";
    }
    for (String suffix : List.of("-journal", "-wal")) {
      Path journal = saveTarget.resolveSibling(saveTarget.getFileName() + suffix);
      if (Files.exists(journal, java.nio.file.LinkOption.NOFOLLOW_LINKS) && Files.size(journal) > 0) {
        return "another program is writing it (" + journal.getFileName() + " is beside it)";
      }
    }
    return null;
  }

  /** {@code game.db} as {@code game.conflict-<n>.db}; a name without an extension gets it at its end. */
  static String conflictName(String name, int n) {
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) + ".conflict-" + n + name.substring(dot) : name + ".conflict-" + n;
  }

  /** Deletes the working copy (and its journal), unless it became --save's file. */
  @Override
  public void close() {
    deleteQuietly(file, err);
  }

  /** The file --save replaces (through a link): a new one, or a world store of ours that may be written. */
  private static Path checkSaveTarget(Path save) {
    Path target;
    try {
      target = AtomicFiles.target(save);
      AtomicFiles.checkReplaceable(target);
    } catch (IOException e) {
      throw new IllegalArgumentException("--save " + save + ": " + reason(e, save) + "; it was left as it is");
    }
    if (Files.exists(target)) {
      checkStore("--save", save);
    } else if (!Files.isDirectory(target.getParent())) {
      throw new IllegalArgumentException("--save " + save + ": the folder " + target.getParent() + " does not exist");
    }
    return target;
  }

  private static void checkStore(String option, Path file) {
    try {
      WorldStore.check(file);
    } catch (PersistenceException e) {
      // Which files --save takes, for one that is no world store; a store that cannot be read now says what to do itself.
      boolean notAStore = e.getMessage().contains("not a world store") || e.getMessage().contains("not an Overture world store");
      throw new IllegalArgumentException(option + " " + e.getMessage() + (option.equals("--save") && notAStore ? NOT_OURS : ""));
    }
  }

  /**
   * What went wrong with a file, without the exception's class name: its reason alone when it is
   * about {@code given} (the file the user named), else "file: reason".
   */
  private static String reason(IOException e, Path given) {
    if (e instanceof FileSystemException files) {
      String why = files.getReason() != null ? files.getReason()
          : files instanceof NoSuchFileException ? "no such file or folder"
          : files instanceof AccessDeniedException ? "permission denied"
          : files instanceof FileAlreadyExistsException ? "it already exists"
          : "the file system refused it";
      boolean aboutGiven = given != null && files.getFile() != null
          && Path.of(files.getFile()).toAbsolutePath().normalize().equals(given.toAbsolutePath().normalize());
      return aboutGiven ? why : files.getFile() + ": " + why;
    }
    return e.getMessage();
  }
}
