package dev.overture.asset;

import dev.overture.internal.NotARegularFileException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** File helpers the built-in sources share. Stateless. */
final class SourceFiles {

  private SourceFiles() {}

  /**
   * The files below {@code folder} (one level, or all when {@code recursive}), relative to {@code
   * root} with '/' separators: the files {@link #listed} takes (regular files, special files and
   * links to either or to nothing, which reads refuse by name); links to folders are not followed.
   */
  static List<String> walk(Path root, Path folder, boolean recursive) throws IOException {
    return walk(root, folder, recursive, null);
  }

  /**
   * {@link #walk(Path, Path, boolean)}, adding to {@code links}, when not null, each link to a folder
   * it passed over: {@code folder} itself when it is one, and every one below it when {@code recursive}
   * (a listing of one level lists no folder's files anyway).
   */
  static List<String> walk(Path root, Path folder, boolean recursive, List<LinkedFolders.Link> links) throws IOException {
    if (!Files.isDirectory(folder)) {
      throw new java.nio.file.NoSuchFileException(folder.toString(), null, "no such folder");
    }
    List<String> files = new ArrayList<>();
    Files.walkFileTree(
        folder,
        EnumSet.noneOf(java.nio.file.FileVisitOption.class),
        recursive ? Integer.MAX_VALUE : 1,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
            if (listed(file, attributes)) {
              files.add(relative(root, file));
            } else if (links != null && attributes.isSymbolicLink() && (recursive || file.equals(folder))
                && Files.isDirectory(file)) {
              links.add(new LinkedFolders.Link(file.equals(root) ? "" : relative(root, file), target(file)));
            }
            return FileVisitResult.CONTINUE;
          }
        });
    return files;
  }

  /**
   * Whether {@link #walk} of {@code folder} passes over {@code file}, below it: {@code folder} itself,
   * or a folder between it and the file, is a symbolic link (a walk does not follow one).
   */
  static boolean behindLink(Path folder, Path file) {
    return Files.isSymbolicLink(folder) || linkBelow(folder, file);
  }

  /**
   * Whether a folder between {@code folder} (not counted) and {@code file} is a symbolic link: what
   * a walk that followed {@code folder} itself to where it leads (a class folder's) passes over.
   */
  static boolean linkBelow(Path folder, Path file) {
    Path parent = file.getParent();
    if (parent.equals(folder)) {
      return false;
    }
    Path at = folder;
    for (Path part : folder.relativize(parent)) {
      at = at.resolve(part);
      if (Files.isSymbolicLink(at)) {
        return true;
      }
    }
    return false;
  }

  /** {@code file}, relative to {@code root}, when it is a symbolic link to a folder, as {@link #walk} records one. */
  static java.util.Optional<LinkedFolders.Link> linkAt(Path root, Path file) {
    if (!Files.isSymbolicLink(file) || !Files.isDirectory(file)) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(new LinkedFolders.Link(file.equals(root) ? "" : relative(root, file), target(file)));
  }

  /** Where the link {@code link} leads, as written in it; its own path when that cannot be read. */
  private static String target(Path link) {
    try {
      return Files.readSymbolicLink(link).toString();
    } catch (IOException | UnsupportedOperationException e) {
      return link.toString();
    }
  }

  /**
   * Whether {@code file} (its own attributes, links not followed) is content a walk lists: not a
   * folder nor a link to one. Special files (named pipes, devices, sockets) and links to nothing
   * (dangling, or a loop) are listed, so that the read that refuses them names them, located,
   * instead of their asset silently not existing; but not a link to nothing that is hidden (its
   * name starts with a dot): that is an editor's lock (Emacs's {@code .#Base.json} beside a file
   * with unsaved edits), not content.
   */
  static boolean listed(Path file, BasicFileAttributes attributes) {
    if (!attributes.isSymbolicLink()) {
      return !attributes.isDirectory();
    }
    if (Files.isDirectory(file)) {
      return false;
    }
    return Files.exists(file) || !file.getFileName().toString().startsWith(".");
  }

  /** {@link #listed} for a path whose attributes are read here; false when it is not there at all. */
  static boolean listed(Path file) {
    try {
      return listed(file, Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
    } catch (IOException e) {
      return false;
    }
  }

  static String relative(Path root, Path file) {
    // The walk yields paths that start with the root's own text: cutting it off is a tenth of the
    // cost of relativize(), which showed in profiles of indexing 100,000 files.
    String rootText = root.toString();
    String fileText = file.toString();
    String separator = root.getFileSystem().getSeparator();
    if (separator.equals("/") && fileText.startsWith(rootText)) {
      int start = rootText.endsWith("/") ? rootText.length() : rootText.length() + 1;
      if (start < fileText.length() && (start == rootText.length() || fileText.charAt(rootText.length()) == '/')) {
        return fileText.substring(start);
      }
    }
    Path relative = root.relativize(file);
    StringBuilder out = new StringBuilder();
    for (Path segment : relative) {
      if (out.length() > 0) {
        out.append('/');
      }
      out.append(segment);
    }
    return out.toString();
  }

  /**
   * Reads the files of one folder root, refusing any whose real location is outside it, and any
   * that is not a regular file (from its attributes, before opening it: opening a named pipe blocks
   * until something writes to it). Folders are checked once (their real path resolved and cached);
   * a file's own attributes are read without following links, which also gives its size, so the
   * common case costs one status call and one plain read; only a file that is itself a link is
   * resolved. A folder swapped for a link, or a file for a pipe, after its check is not noticed: the
   * guard is against content that points outside the root or at a special file, not against a
   * concurrent local attacker. Thread-safe.
   */
  static final class ContainedFiles {
    private static final Set<OpenOption> READ_NOT_FOLLOWING_LINKS =
        Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

    private final Path realRoot;
    /**
     * Folders checked, by their path relative to the root ({@code ""} for the root itself). Keyed
     * by that text rather than by the folder's {@code Path}: taking the parent of every file read
     * and hashing it was a fifth of the time of reading a bundle's small files.
     */
    private final Map<String, Boolean> checkedFolders = new ConcurrentHashMap<>();

    ContainedFiles(Path realRoot) {
      this.realRoot = realRoot;
    }

    /**
     * @param file the file to read, {@code relative} resolved against the root
     * @param relative the file relative to the root
     * @param display how the file is shown in errors; asked only when one is thrown (building the
     *     text for every read of a bundle showed in profiles)
     * @throws NotARegularFileException when it is a folder, a pipe, a device or a socket (not opened)
     */
    byte[] read(Path file, AssetPath relative, java.util.function.Supplier<String> display, int maxBytes)
        throws IOException {
      String path = relative.value();
      String folderKey = path.substring(0, Math.max(0, path.lastIndexOf('/')));
      Boolean inside = checkedFolders.get(folderKey);
      if (inside == null) {
        inside = file.getParent().toRealPath().startsWith(realRoot);
        checkedFolders.put(folderKey, inside);
      }
      if (inside) {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!attributes.isSymbolicLink()) {
          return readRegular(file, attributes, READ_NOT_FOLLOWING_LINKS, display, maxBytes);
        }
        // A link: allowed only while it stays inside the root.
      }
      Path real;
      try {
        real = file.toRealPath();
      } catch (java.nio.file.FileSystemException e) {
        throw leadingNowhere(file, display, e);
      }
      if (!real.startsWith(realRoot)) {
        throw new InvalidAssetPathException(
            "Asset path \""
                + display.get()
                + "\" resolves outside its content root through a symbolic link (to \""
                + real
                + "\")");
      }
      return readRegular(real, Files.readAttributes(real, BasicFileAttributes.class), Set.of(StandardOpenOption.READ), display,
          maxBytes);
    }
  }

  /**
   * The failure of a file that is a symbolic link whose target cannot be resolved: one to nothing
   * (its target missing) or a loop of links, said as what the file is, so that it is not reported
   * as missing while it is listed in its folder. Any other failure is {@code failure} itself.
   */
  private static IOException leadingNowhere(Path file, java.util.function.Supplier<String> display,
      java.nio.file.FileSystemException failure) {
    Path target;
    try {
      target = Files.readSymbolicLink(file);
    } catch (IOException | UnsupportedOperationException notALink) {
      return failure; // not a link itself: a folder above it changed, or it went away
    }
    String kind = failure instanceof java.nio.file.NoSuchFileException
        ? "a symbolic link to nothing (to \"" + target + "\", which does not exist)"
        : "a symbolic link that does not lead to a file (to \"" + target + "\": a loop of links, or one too many)";
    return new NotARegularFileException(display.get(), kind);
  }

  private static byte[] readRegular(Path file, BasicFileAttributes attributes, Set<OpenOption> options,
      java.util.function.Supplier<String> display, int maxBytes) throws IOException {
    if (!attributes.isRegularFile()) {
      throw new NotARegularFileException(display.get(), NotARegularFileException.kindOf(file, attributes));
    }
    if (attributes.size() > maxBytes) {
      throw new AssetTooLargeException(display.get(), attributes.size(), maxBytes);
    }
    try (FileChannel channel = FileChannel.open(file, options)) {
      return readFully(channel, attributes.size());
    }
  }

  /** Reads the {@code size} bytes {@code channel}'s attributes gave (a file that grows meanwhile is read as it was). */
  private static byte[] readFully(FileChannel channel, long size) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate((int) size);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer) < 0) {
        break;
      }
    }
    return buffer.position() == size ? buffer.array() : Arrays.copyOf(buffer.array(), buffer.position());
  }

  /**
   * Reads {@code in} fully, failing as soon as it holds more than {@code maxBytes}; {@code
   * sizeHint} (or -1) sizes the first buffer.
   */
  static byte[] readAtMost(InputStream in, long sizeHint, int maxBytes, String display)
      throws IOException {
    if (sizeHint > maxBytes) {
      throw new AssetTooLargeException(display, sizeHint, maxBytes);
    }
    // Never larger than the limit: the limit is checked when the buffer is full.
    byte[] buffer = new byte[(int) Math.min(maxBytes, Math.max(64, sizeHint >= 0 ? sizeHint : 8192))];
    int length = 0;
    while (true) {
      if (length == buffer.length) {
        if (length >= maxBytes) {
          if (in.read() < 0) {
            break;
          }
          throw new AssetTooLargeException(display, -1, maxBytes);
        }
        buffer = Arrays.copyOf(buffer, (int) Math.min((long) buffer.length * 2, maxBytes));
      }
      int read = in.read(buffer, length, buffer.length - length);
      if (read < 0) {
        break;
      }
      length += read;
    }
    return length == buffer.length ? buffer : Arrays.copyOf(buffer, length);
  }
}
