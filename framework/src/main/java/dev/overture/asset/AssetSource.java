package dev.overture.asset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where a content root's files come from: a folder on disk, the classpath, a zip archive, or
 * anything a host implements. The index lists a source's files; loads read them.
 *
 * <p>Built-in sources: {@link #directory(Path)}, {@link #classpath(ClassLoader, String)} and {@link
 * #zip(Path)}. All three behave the same for the same content, including refusing paths that leave
 * the root.
 *
 * <p>Implementations must be safe to call from many threads at once: loads read files on every
 * worker of the pool.
 */
public interface AssetSource extends AutoCloseable {

  /** A folder on disk. Symbolic links inside it are followed only while they stay inside it. */
  static AssetSource directory(Path root) {
    return new DirectorySource(root);
  }

  /**
   * The folder {@code root} on the classpath of {@code loader}, in class folders and in jars (for
   * hosts that ship content inside their jar). Jars must hold folder entries, as those built by
   * Maven and {@code jar} do.
   */
  static AssetSource classpath(ClassLoader loader, String root) {
    return new ClasspathSource(loader, root);
  }

  /**
   * The folder {@code folder} of {@code parent} as a source of its own, for a feature plugin's
   * folder. Paths stay inside the folder; closing it leaves the parent open.
   */
  static AssetSource within(AssetSource parent, AssetPath folder) {
    return new FolderSource(parent, folder);
  }

  /** A zip archive; it stays open until {@link #close()}. */
  static AssetSource zip(Path archive) throws IOException {
    return new ZipSource(archive);
  }

  /**
   * A zip archive read from {@code copy}, a copy of {@code original} that messages and {@link
   * #name()} name instead (a plugin jar the runtime copied so that rebuilding the jar does not
   * pull it from under the running game); it stays open until {@link #close()}.
   */
  static AssetSource zipCopy(Path copy, Path original) throws IOException {
    return new ZipSource(copy, original);
  }

  /**
   * How the source is shown to users, for example {@code assets}, {@code classpath:game} or {@code
   * content.zip}.
   */
  String name();

  /**
   * The files in {@code folder} (and, when {@code recursive}, in the folders below it), as paths
   * relative to the root with {@code /} between folders, exactly as stored. The index checks each
   * with {@link AssetPath#parse} and reports those that are not valid.
   *
   * @throws java.nio.file.NoSuchFileException when {@code folder} does not exist
   */
  List<String> list(AssetPath folder, boolean recursive) throws IOException;

  /**
   * The bytes of the file at {@code path}.
   *
   * @param maxBytes the largest file accepted; larger ones fail before they are read
   * @throws java.nio.file.NoSuchFileException when there is no such file
   * @throws AssetTooLargeException when the file is larger than {@code maxBytes}
   * @throws InvalidAssetPathException when the file lies outside the root (through a link)
   * @throws java.nio.file.FileSystemException when it is a folder, a named pipe, a device or a socket;
   *     the built-in sources refuse such a file from its attributes, without opening it (opening a
   *     named pipe blocks until something writes to it), with a message that says what it is
   */
  byte[] read(AssetPath path, int maxBytes) throws IOException;

  /**
   * Whether there is a file at {@code path}, not a folder. A special file (a named pipe, say)
   * counts: {@link #read} is what refuses it, naming what it is.
   */
  boolean exists(AssetPath path);

  /**
   * Whether {@link #write} can replace files: folders on disk can; the classpath and archives
   * cannot.
   */
  default boolean isWritable() {
    return false;
  }

  /**
   * Replaces the file at {@code path} with {@code bytes} atomically: a reader (or a crash) sees the
   * old file or the new one, never a mix. Used by resave.
   *
   * @throws UnsupportedOperationException when the source cannot be written
   * @throws IOException when the file cannot be written; it is then unchanged
   */
  default void write(AssetPath path, byte[] bytes) throws IOException {
    throw new UnsupportedOperationException(name() + " cannot be written (it is not a folder on disk)");
  }

  /** How a file of this source is shown to users: {@code assets/textures/icon.png}. */
  default String displayPath(AssetPath path) {
    return name() + '/' + path.value();
  }

  /**
   * The folder on disk whose files this source reads, as a real path (links resolved), when it is
   * one: what a watcher of live content watches. The classpath, archives and hosts' own sources
   * have none (the default).
   */
  default Optional<Path> folder() {
    return Optional.empty();
  }

  /** Releases what the source holds open (an archive); the default does nothing. */
  @Override
  default void close() throws IOException {}
}
