package dev.overture.sample;

import dev.overture.internal.AtomicFiles;
import dev.overture.internal.FileStamp;
import dev.overture.persistence.PersistenceException;
import dev.overture.persistence.WorldStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The game.db {@code play} runs on: --restore's file is only read, and --save's file is replaced,
 * whole, only when the run succeeds. It is a temporary file beside --save (so the final rename is
 * atomic), or in the temporary folder when only restoring; a copy of --restore's file, or empty (a
 * new store).
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
   * Checks --save and --restore, then makes the working copy.
   *
   * @throws IllegalArgumentException saying which option names what, and why it cannot be used
   */
  static WorkingCopy create(Path save, Path restore, PrintWriter out, PrintWriter err) {
    Path saveTarget = save == null ? null : checkSaveTarget(save);
    if (restore != null) {
      checkStore("--restore", restore);
    }
    Path beside = saveTarget != null ? saveTarget : Path.of(System.getProperty("java.io.tmpdir"), "overture-restore.db");
    try {
      FileStamp before = saveTarget != null ? FileStamp.of(saveTarget) : null;
      for (AtomicFiles.Leftover leftover : AtomicFiles.removeLeftovers(beside.getParent())) {
        out.println(leftover.describe());
      }
      Path copy = AtomicFiles.newTemporary(beside);
      if (restore != null) {
        Files.copy(restore, copy, StandardCopyOption.REPLACE_EXISTING);
      }
      return new WorkingCopy(copy, save, saveTarget, before, (restore != null ? restore : save).toString(), err);
    } catch (IOException e) {
      throw new IllegalArgumentException((save != null ? "--save " + save : "--restore " + restore)
          + ": cannot make the working copy (" + reason(e, null) + ")");
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
      Committed committed = commit(snapshot);
      if (committed.conflict() == null) {
        before = FileStamp.of(saveTarget);
      }
      return committed;
    } catch (IOException e) {
      throw new IllegalArgumentException("--save " + save + ": cannot write it (" + reason(e, null) + "); it was left as it was");
    } finally {
      if (snapshot != null) {
        try {
          Files.deleteIfExists(snapshot);
        } catch (IOException e) {
          err.println("overture: could not delete the working copy " + snapshot + ": " + e.getMessage());
        }
      }
    }
  }

  private Committed commit(Path source) {
    String conflict;
    try {
      conflict = conflict();
      if (conflict == null) {
        AtomicFiles.replace(source, saveTarget);
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
    for (Path leftover : List.of(file, file.resolveSibling(file.getFileName() + "-journal"))) {
      try {
        Files.deleteIfExists(leftover);
      } catch (IOException e) {
        err.println("overture: could not delete the working copy " + leftover + ": " + e.getMessage());
      }
    }
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
      throw new IllegalArgumentException(option + " " + e.getMessage() + (option.equals("--save") ? NOT_OURS : ""));
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
