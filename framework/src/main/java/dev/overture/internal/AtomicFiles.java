package dev.overture.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes files so that a reader (or a crash) sees the old content or the new, never half of one:
 * the bytes go to a temporary file beside the target, are flushed to the disk, and the temporary
 * file is renamed over the target (atomically where the file system can). On failure the target is
 * untouched and the temporary file removed.
 *
 * <ul>
 *   <li><b>What may be replaced.</b> A missing file, or a regular file that is not read-only. A
 *       folder, a device, a pipe or a socket is refused, and so is a read-only file (not writable,
 *       or without its owner's write permission, so that a file a version control system locked
 *       stays locked even for an administrator).
 *   <li><b>Links.</b> A symbolic link is written through: the file it points to (through further
 *       links) is replaced, atomically, and the link stays a link.
 *   <li><b>Permissions.</b> A file that exists keeps its permissions, and so does its temporary
 *       while it is written; a new one gets the default permissions of the process. A copy (a
 *       backup, a working copy) takes the original's ({@link #newTemporary(Path, Path)}).
 *   <li><b>Temporaries.</b> Named {@code .<target>.overture-<pid>-<random>.tmp} (the target's
 *       name cut short when the whole would pass 255 bytes; SQLite's {@code -journal}, {@code
 *       -wal}, {@code -shm} beside a temporary database), so that they
 *       are recognisably ours and name the process that made them. A process killed mid-write
 *       leaves one behind; {@link #removeLeftovers} removes those whose process is no longer
 *       running, and the first write into a folder in a process does so too, logging each file it
 *       removed. A temporary of a live process (this one included) is never touched.
 * </ul>
 *
 * <p>Crash tests: when the system property {@value #HOLD_PROPERTY} names a file, the first
 * temporary that is about to take its final name creates that file (holding the temporary's path)
 * and then holds its thread forever, so that a test can kill the process at exactly that point.
 *
 * <p>Stateless but for the set of folders already swept; safe from any thread (two threads writing
 * one target at once: one of the two contents wins, whole).
 */
public final class AtomicFiles {

  /** The system property that makes a write hold before its rename (see the class comment). */
  public static final String HOLD_PROPERTY = "overture.test.holdBeforeRename";

  private static final Logger log = LoggerFactory.getLogger(AtomicFiles.class);
  private static final SecureRandom RANDOM = new SecureRandom();
  /** The temporaries this process made and has not renamed or deleted through here yet. */
  private static final Set<Path> IN_PROGRESS = ConcurrentHashMap.newKeySet();
  private static final Pattern TEMPORARY = Pattern.compile("\\.(.+)\\.overture-(\\d+)-([0-9a-f]{16})\\.tmp(-journal|-wal|-shm)?");
  private static final String GLOB = ".*.overture-*.tmp*";
  private static final int MAX_LINKS = 40;
  private static final long PROCESS = ProcessHandle.current().pid();
  private static final Set<Path> SWEPT = ConcurrentHashMap.newKeySet();
  private static final Object HOLD = new Object();
  private static boolean held;

  private AtomicFiles() {}

  /**
   * Whether {@code fileName} is the name of one of the temporaries these writes make (any
   * process's, SQLite's companions of a temporary database included): what a watcher of a folder
   * sees come and go while a file in it is replaced, and no content of its own.
   */
  public static boolean isTemporaryName(String fileName) {
    return TEMPORARY.matcher(fileName).matches();
  }

  /**
   * A temporary file an earlier process left behind and that was removed.
   *
   * @param file the file
   * @param process the id of the process that made it, which is no longer running
   */
  public record Leftover(Path file, long process) {
    /** {@code Removed <file>, left behind by process <n>, which stopped before it finished}. */
    public String describe() {
      return "Removed " + file + ", left behind by process " + process + ", which stopped before it finished";
    }
  }

  /**
   * Replaces {@code target}'s content with {@code bytes} (creating it when missing); a symbolic link
   * is written through.
   *
   * @return the file written, stamped before it took its name (a rename keeps the file, its size
   *     and its time), so that another program's write right after this one never passes for this
   *     one's; stamped as {@link #target target(target)}
   * @throws IOException when it cannot be written (an {@link AccessDeniedException} when it is
   *     read-only, a {@link FileSystemException} when it is a folder or another special file);
   *     {@code target} is then unchanged
   */
  public static FileStamp write(Path target, byte[] bytes) throws IOException {
    Path file = target(target);
    Files.createDirectories(file.getParent());
    checkReplaceable(file);
    Path temporary = newTemporary(file);
    try {
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
      } catch (IOException e) {
        throw failedWriting(file, e);
      }
      FileStamp written = FileStamp.of(temporary).as(file);
      replace(temporary, file);
      return written;
    } finally {
      deleteTemporary(temporary);
    }
  }

  /**
   * The file a write to {@code file} replaces: its absolute path, or, when it is a symbolic link,
   * the file the link points to (through further links; the end may be missing).
   *
   * @throws FileSystemException when the links form a loop or a chain longer than 40
   */
  public static Path target(Path file) throws IOException {
    Path current = file.toAbsolutePath().normalize();
    for (int hops = 0; Files.isSymbolicLink(current); hops++) {
      if (hops == MAX_LINKS) {
        throw new FileSystemException(file.toString(), null, "too many symbolic links (a loop?)");
      }
      current = current.resolveSibling(Files.readSymbolicLink(current)).normalize();
    }
    return current;
  }

  /**
   * Checks that {@code file} (no link: see {@link #target}) may be replaced: it is missing, or a
   * regular file that is not read-only.
   *
   * @throws FileSystemException naming the file and why not ({@link AccessDeniedException} when
   *     it is read-only)
   */
  public static void checkReplaceable(Path file) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return;
    }
    if (attributes.isDirectory()) {
      throw new FileSystemException(file.toString(), null, "it is a folder, not a file");
    }
    if (!attributes.isRegularFile()) {
      throw new FileSystemException(file.toString(), null, "it is not a regular file (a device, a pipe or a socket)");
    }
    if (isReadOnly(file)) {
      throw new AccessDeniedException(file.toString(), null, "the file is read-only");
    }
  }

  /**
   * A new empty temporary file beside {@link #target target(file)}, named as ours (see the class
   * comment), with the permissions of the file it replaces when that exists (so the new content of
   * a private file is never readable by others, not even while it is written), else the process's
   * default permissions. The caller fills it, then gives it its name with {@link #replace} or {@link
   * #publish}, and deletes it if it fails.
   */
  public static Path newTemporary(Path file) throws IOException {
    return newTemporary(file, null);
  }

  /**
   * A new empty temporary file beside {@link #target target(file)}, as {@link #newTemporary(Path)}
   * makes it, but with the permissions of {@code like} (when it exists; else as there): for a copy
   * of {@code like}, a backup or a working copy, which is no more readable than the original. The
   * owner may always read and write it.
   */
  public static Path newTemporary(Path file, Path like) throws IOException {
    Path real = target(file);
    Path folder = real.getParent();
    sweepOnce(folder);
    Set<PosixFilePermission> permissions = permissions(like != null && Files.exists(like) ? like : real);
    for (int attempt = 0; ; attempt++) {
      String suffix = ".overture-" + PROCESS + "-" + HexFormat.of().toHexDigits(RANDOM.nextLong()) + ".tmp";
      Path candidate = folder.resolve("." + shortened(real.getFileName().toString(), suffix) + suffix);
      try {
        if (permissions == null) {
          return inProgress(Files.createFile(candidate));
        }
        // Made private, then given the original's permissions: never more readable than the original.
        Path created = inProgress(Files.createFile(candidate, PosixFilePermissions.asFileAttribute(OWNER_ONLY)));
        Set<PosixFilePermission> writable = EnumSet.copyOf(permissions);
        writable.addAll(OWNER_ONLY);
        Files.setPosixFilePermissions(created, writable);
        return created;
      } catch (FileAlreadyExistsException e) {
        if (attempt == 10) {
          throw e;
        }
      } catch (AccessDeniedException e) {
        // Said of the file the user named and of its folder, as the disk is: the temporary's name is ours, not theirs.
        throw new AccessDeniedException(real.toString(), null, "cannot be written: its folder " + folder
            + " does not let this user create files there (permission denied)");
      } catch (FileSystemException e) {
        // A read-only file system, an immutable folder (chattr +i), a full disk: said of the user's file too.
        throw failedWriting(real, "no file can be made in its folder " + folder + " (" + reasonOf(e) + ")", e);
      }
    }
  }

  /**
   * {@code failure} to write or flush the temporary of {@code file}, said of {@code file}: the
   * system's words for a full disk or an I/O error name no file, and the temporary's name is ours,
   * not the user's.
   */
  private static IOException failedWriting(Path file, IOException failure) {
    return failedWriting(file, reasonOf(failure), failure);
  }

  private static FileSystemException failedWriting(Path file, String reason, IOException cause) {
    FileSystemException said = new FileSystemException(file.toString(), null, "cannot be written: " + reason);
    said.initCause(cause);
    return said;
  }

  /**
   * What the system said of a failure, without the file it names; for one that says nothing, what
   * its kind means (a folder that is not there, a thread interrupted while it wrote), not a disk's
   * fault that did not happen.
   */
  private static String reasonOf(IOException failure) {
    String reason = failure instanceof FileSystemException named ? named.getReason() : failure.getMessage();
    if (reason != null) {
      return reason;
    }
    if (failure instanceof NoSuchFileException) {
      return "no such file or folder";
    }
    if (failure instanceof java.nio.channels.ClosedByInterruptException || failure instanceof java.io.InterruptedIOException) {
      return "the write was interrupted";
    }
    return "an input/output error";
  }

  private static Path inProgress(Path temporary) {
    IN_PROGRESS.add(temporary);
    return temporary;
  }

  /**
   * Deletes the temporaries this process is still writing (with an SQLite journal beside one), for
   * a command that the JVM stops at once on Ctrl+C or a termination signal, from its shutdown hook:
   * what each was to replace is then as it was, and nothing of ours is left in the user's folder.
   * Never for a command that goes on writing while it stops (play ends its match and saves first).
   */
  public static void removeTemporariesInProgress() {
    for (Path temporary : IN_PROGRESS) {
      try {
        deleteTemporary(temporary);
      } catch (IOException | RuntimeException e) {
        // the next run of any command here removes it (removeLeftovers)
      }
    }
  }

  /**
   * Deletes {@code temporary}, made by {@link #newTemporary}, with an SQLite journal beside it,
   * when its writer is done with it without giving it a name (a failed write, a working copy
   * closed): each is tried, and this process no longer counts it as in progress.
   *
   * @throws IOException the first deletion that failed
   */
  public static void deleteTemporary(Path temporary) throws IOException {
    IN_PROGRESS.remove(temporary);
    IOException first = null;
    for (String suffix : List.of("", "-journal", "-wal", "-shm")) {
      try {
        Files.deleteIfExists(suffix.isEmpty() ? temporary : temporary.resolveSibling(temporary.getFileName() + suffix));
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }

  private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

  /** {@code file}'s POSIX permissions, or null when it is missing or the file system has none. */
  private static Set<PosixFilePermission> permissions(Path file) throws IOException {
    try {
      return Files.getPosixFilePermissions(file);
    } catch (NoSuchFileException | UnsupportedOperationException e) {
      return null;
    }
  }

  /**
   * Gives {@code copy} the permissions of {@code original}, exactly, and its owner where this
   * process may (an administrator's backup of a user's file stays the user's).
   */
  public static void copyPermissions(Path original, Path copy) throws IOException {
    Set<PosixFilePermission> permissions = permissions(original);
    if (permissions != null) {
      Files.setPosixFilePermissions(copy, permissions);
    }
    try {
      java.nio.file.attribute.UserPrincipal owner = Files.getOwner(original);
      if (!owner.equals(Files.getOwner(copy))) {
        Files.setOwner(copy, owner);
      }
    } catch (IOException | UnsupportedOperationException e) {
      log.debug("Cannot give {} the owner of {}: {}", copy, original, e.toString());
    }
  }

  /** The longest file name most file systems take, in bytes. */
  private static final int MAX_NAME_BYTES = 255;
  /** Room for SQLite's suffixes ({@code -journal}) beside a temporary database. */
  private static final int SQLITE_SUFFIX_BYTES = "-journal".length();

  /**
   * {@code name}, cut (at a character's end) so that the temporary's name, {@code .name} and {@code
   * suffix}, stays within {@value #MAX_NAME_BYTES} bytes: a target whose own name is near the limit
   * could otherwise not be written at all.
   */
  static String shortened(String name, String suffix) {
    int room = MAX_NAME_BYTES - 1 - suffix.getBytes(java.nio.charset.StandardCharsets.UTF_8).length - SQLITE_SUFFIX_BYTES;
    if (name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= room) {
      return name;
    }
    int bytes = 0;
    int end = 0;
    while (end < name.length()) {
      int codePoint = name.codePointAt(end);
      int size = new String(Character.toChars(codePoint)).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
      if (bytes + size > room) {
        break;
      }
      bytes += size;
      end += Character.charCount(codePoint);
    }
    return name.substring(0, end);
  }

  /**
   * Flushes {@code temporary} to the disk and renames it over {@code target} (written through a
   * link), atomically where the file system can; an existing target keeps its permissions.
   *
   * @throws IOException when the target may not be replaced ({@link #checkReplaceable}) or the
   *     rename fails; the target is then unchanged and the temporary still there
   */
  public static void replace(Path temporary, Path target) throws IOException {
    Path file = target(target);
    checkReplaceable(file);
    try {
      force(temporary);
    } catch (IOException e) {
      throw failedWriting(file, e);
    }
    if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      try {
        Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(file));
      } catch (UnsupportedOperationException e) {
        // Not a POSIX file system: the file system's defaults apply.
      }
    }
    holdIfAsked(temporary);
    try {
      Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
    }
    IN_PROGRESS.remove(temporary);
    forceFolder(file.getParent());
  }

  /**
   * Flushes {@code temporary} to the disk and gives it the name {@code name}, only if that name is
   * free: an existing file is never replaced. Where the file system has hard links the name appears
   * atomically, complete.
   *
   * @throws FileAlreadyExistsException when {@code name} exists; the temporary is then still there
   */
  public static void publish(Path temporary, Path name) throws IOException {
    try {
      force(temporary);
    } catch (IOException e) {
      throw failedWriting(name, e);
    }
    holdIfAsked(temporary);
    try {
      Files.createLink(name, temporary);
      Files.delete(temporary);
    } catch (UnsupportedOperationException e) {
      // No hard links here: a rename that refuses an existing name does nearly as well.
      Files.move(temporary, name);
    }
    IN_PROGRESS.remove(temporary);
    forceFolder(name.toAbsolutePath().getParent());
  }

  /**
   * Removes the temporary files in {@code folder} (not below it) that a process which is no longer
   * running left behind, and returns them. A missing folder holds none.
   *
   * @throws IOException when the folder cannot be listed or a leftover cannot be removed
   */
  public static List<Leftover> removeLeftovers(Path folder) throws IOException {
    Path absolute = folder.toAbsolutePath().normalize();
    SWEPT.add(absolute);
    List<Leftover> removed = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(absolute, GLOB)) {
      for (Path entry : entries) {
        Matcher name = TEMPORARY.matcher(entry.getFileName().toString());
        if (!name.matches() || !Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
          continue;
        }
        long process;
        try {
          process = Long.parseLong(name.group(2));
        } catch (NumberFormatException e) {
          continue; // not a process id of ours
        }
        if (process == PROCESS || ProcessHandle.of(process).map(ProcessHandle::isAlive).orElse(false)) {
          continue; // its writer may still be at work
        }
        if (Files.deleteIfExists(entry)) {
          removed.add(new Leftover(entry, process));
        }
      }
    } catch (NoSuchFileException | NotDirectoryException e) {
      return List.of();
    }
    return removed;
  }

  /** {@link #removeLeftovers} in {@code root} and every folder below it (links are not followed). */
  public static List<Leftover> removeLeftoversUnder(Path root) throws IOException {
    List<Path> folders;
    try (Stream<Path> walk = Files.walk(root)) {
      folders = walk.filter(path -> Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)).toList();
    } catch (NoSuchFileException e) {
      return List.of();
    }
    List<Leftover> removed = new ArrayList<>();
    for (Path folder : folders) {
      removed.addAll(removeLeftovers(folder));
    }
    return removed;
  }

  /** The first write into a folder in this process removes what crashed writers left there. */
  private static void sweepOnce(Path folder) {
    if (SWEPT.contains(folder)) {
      return;
    }
    try {
      removeLeftovers(folder).forEach(leftover -> log.warn("{}", leftover.describe()));
    } catch (IOException e) {
      log.warn("Could not look for temporary files left behind in {}: {}", folder, Failures.describe(e));
    }
  }

  private static void force(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
  }

  /** Makes the rename itself durable; some systems cannot open a folder, and lose only that. */
  private static void forceFolder(Path folder) {
    try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      log.debug("Cannot flush folder {}: {}", folder, e.toString());
    }
  }

  /**
   * Whether {@code file} is marked read-only: not writable, or (so that a file a version control
   * system locked stays locked even for an administrator) without its owner's write permission.
   */
  public static boolean isReadOnly(Path file) throws IOException {
    if (!Files.isWritable(file)) {
      return true;
    }
    try {
      return !Files.getPosixFilePermissions(file).contains(PosixFilePermission.OWNER_WRITE);
    } catch (UnsupportedOperationException e) {
      return false;
    }
  }

  /** The crash-test hook of the class comment: announces the temporary, then holds forever. */
  private static void holdIfAsked(Path temporary) throws IOException {
    String marker = System.getProperty(HOLD_PROPERTY);
    if (marker == null) {
      return;
    }
    synchronized (HOLD) {
      if (held) {
        return;
      }
      held = true;
    }
    Path announce = Path.of(marker);
    Path partial = announce.resolveSibling(announce.getFileName() + ".partial");
    Files.writeString(partial, temporary.toAbsolutePath().toString(), StandardCharsets.UTF_8);
    Files.move(partial, announce, StandardCopyOption.ATOMIC_MOVE);
    while (true) {
      LockSupport.park(HOLD);
    }
  }
}
