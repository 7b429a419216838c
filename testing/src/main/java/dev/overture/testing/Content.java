package dev.overture.testing;

import dev.overture.asset.AssetSource;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A content tree for tests: a few files by path (JSON strings, usually), put in memory, on disk, in
 * a zip or in a jar.
 *
 * <pre>{@code
 * Content content = Content.of()
 *     .file("experiences/Arena.json", "{ \"gameFeaturesToEnable\": [\"Combat\"] }")
 *     .file("plugins/Combat/plugin.json", "{ \"version\": \"1.0.0\" }");
 * AssetSource source = content.source();
 * }</pre>
 *
 * Not thread-safe while files are added; the sources made from it are copies.
 */
public final class Content {

  private final Map<String, String> files = new LinkedHashMap<>();

  /** Empty content, as {@link #of()} gives. */
  public Content() {}

  /** Empty content. */
  public static Content of() {
    return new Content();
  }

  /**
   * Adds (or replaces) the file at {@code path}, relative to the content root, with {@code text}.
   * The path is read as content names files ({@link dev.overture.asset.AssetPath#parse}: {@code
   * ./a.json} is {@code a.json}), so content in memory and on disk hold the same files.
   *
   * @throws IllegalArgumentException when {@code path} is no file inside a content root (absolute,
   *     climbing out with {@code ..}, a backslash), saying why
   */
  public Content file(String path, String text) {
    files.put(contentPath(path), text);
    return this;
  }

  /**
   * Adds an entry kept exactly as {@code path} is written, unchecked: for a test of how a source
   * refuses a hostile name (an archive entry {@code modes/../../Evil.json}). Such content goes
   * into {@link #source()} and {@link #zip}; {@link #writeTo} refuses it, since its files would
   * land outside the folder.
   */
  public Content entry(String path, String text) {
    files.put(java.util.Objects.requireNonNull(path, "path"), text);
    return this;
  }

  /**
   * {@code path} as content names it.
   *
   * @throws IllegalArgumentException when it is no file inside a content root
   */
  static String contentPath(String path) {
    try {
      return dev.overture.asset.AssetPath.parse(path).value();
    } catch (dev.overture.asset.InvalidAssetPathException e) {
      throw new IllegalArgumentException("\"" + path + "\" is not a file inside the content: " + e.getMessage(), e);
    }
  }

  /** The files, by path, in the order they were added. */
  public Map<String, String> files() {
    return files;
  }

  /** The files as an in-memory content source named {@code memory}: nothing touches the disk. */
  public AssetSource source() {
    return new MemorySource("memory", files);
  }

  /** Writes the files under {@code root}, creating folders. */
  public Path writeTo(Path root) {
    try {
      for (Map.Entry<String, String> file : files.entrySet()) {
        Path target = root.resolve(contentPath(file.getKey())); // an entry() that climbs out is refused here
        Files.createDirectories(target.getParent());
        Files.writeString(target, file.getValue(), StandardCharsets.UTF_8);
      }
      return root;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A zip holding the files at its top level. */
  public Path zip(Path archive) {
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(archive))) {
      for (String folder : folders("")) {
        out.putNextEntry(new ZipEntry(folder));
        out.closeEntry();
      }
      for (Map.Entry<String, String> file : files.entrySet()) {
        out.putNextEntry(new ZipEntry(file.getKey()));
        out.write(file.getValue().getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
      }
      return archive;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A jar holding the files under the folder {@code root}, with folder entries as jar tools write. */
  public Path jar(Path archive, String root) {
    try (OutputStream raw = Files.newOutputStream(archive);
        JarOutputStream out = new JarOutputStream(raw)) {
      out.putNextEntry(new JarEntry(root + "/"));
      out.closeEntry();
      for (String folder : folders(root + "/")) {
        out.putNextEntry(new JarEntry(folder));
        out.closeEntry();
      }
      for (Map.Entry<String, String> file : files.entrySet()) {
        out.putNextEntry(new JarEntry(root + "/" + file.getKey()));
        out.write(file.getValue().getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
      }
      return archive;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private TreeSet<String> folders(String prefix) {
    TreeSet<String> folders = new TreeSet<>();
    for (String path : files.keySet()) {
      int slash = path.indexOf('/');
      while (slash > 0) {
        folders.add(prefix + path.substring(0, slash + 1));
        slash = path.indexOf('/', slash + 1);
      }
    }
    return folders;
  }

  /** A class loader that sees only {@code entries}. */
  public static URLClassLoader loaderOf(Path... entries) {
    try {
      URL[] urls = new URL[entries.length];
      for (int i = 0; i < entries.length; i++) {
        urls[i] = entries[i].toUri().toURL();
      }
      return new URLClassLoader(urls, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
