package dev.overture.sample;

import dev.overture.internal.AtomicFiles;
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
 * </ul>
 *
 * <p>Used by the command's thread only.
 */
final class WorkingCopy implements AutoCloseable {

  private static final String NOT_OURS = "; --save replaces only a game.db that play --save wrote, or makes a new file";

  private final Path file;
  private final Path save;
  private final Path saveTarget;
  private final String name;
  private final PrintWriter err;

  private WorkingCopy(Path file, Path save, Path saveTarget, String name, PrintWriter err) {
    this.file = file;
    this.save = save;
    this.saveTarget = saveTarget;
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
      for (AtomicFiles.Leftover leftover : AtomicFiles.removeLeftovers(beside.getParent())) {
        out.println(leftover.describe());
      }
      Path copy = AtomicFiles.newTemporary(beside);
      if (restore != null) {
        Files.copy(restore, copy, StandardCopyOption.REPLACE_EXISTING);
      }
      return new WorkingCopy(copy, save, saveTarget, (restore != null ? restore : save).toString(), err);
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
   * Renames the working copy over --save's file (through a link, keeping its permissions).
   *
   * @throws IllegalArgumentException when it cannot; the file is then as it was
   */
  void commit() {
    try {
      AtomicFiles.replace(file, saveTarget);
    } catch (IOException e) {
      throw new IllegalArgumentException("--save " + save + ": cannot write it (" + reason(e, save) + "); it was left as it was");
    }
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
