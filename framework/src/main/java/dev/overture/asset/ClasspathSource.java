package dev.overture.asset;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * A content root in a folder of the classpath, in class folders and jars alike. When several
 * classpath entries hold the same file, the first one in class loader order wins, as with {@link
 * ClassLoader#getResource}. Thread-safe: it holds the loader, the root's name, and the files of each
 * jar it has listed, in concurrent maps.
 */
final class ClasspathSource implements AssetSource, LinkedFolders {

  private final ClassLoader loader;
  private final String root;
  private final java.util.Map<Path, SourceFiles.ContainedFiles> folders = new java.util.concurrent.ConcurrentHashMap<>();
  /** The files under the root of each jar listed so far, by the jar's URL (see {@link #filesOf}). */
  private final java.util.Map<String, List<String>> jarFiles = new java.util.concurrent.ConcurrentHashMap<>();

  ClasspathSource(ClassLoader loader, String root) {
    this.loader = Objects.requireNonNull(loader, "loader");
    Objects.requireNonNull(root, "root");
    int from = 0;
    int to = root.length();
    while (from < to && root.charAt(from) == '/') {
      from++;
    }
    while (to > from && root.charAt(to - 1) == '/') {
      to--;
    }
    String trimmed = root.substring(from, to);
    if (trimmed.isEmpty()) {
      throw new IllegalArgumentException(
          "A classpath content root needs a folder name, for example \"assets\" (got \"" + root + "\")");
    }
    this.root = AssetPath.parse(trimmed).value();
  }

  @Override
  public String name() {
    return "classpath:" + root;
  }

  @Override
  public List<String> list(AssetPath folder, boolean recursive) throws IOException {
    return list(folder, recursive, null);
  }

  @Override
  public List<String> list(AssetPath folder, boolean recursive, List<Link> links) throws IOException {
    String resourceFolder = resource(folder);
    Enumeration<URL> urls = loader.getResources(resourceFolder);
    if (!urls.hasMoreElements()) {
      throw new NoSuchFileException(name() + '/' + folder.value(), null, "no such folder");
    }
    Set<String> files = new LinkedHashSet<>();
    while (urls.hasMoreElements()) {
      URL url = urls.nextElement();
      switch (url.getProtocol()) {
        case "file" -> {
          Path folderPath = Path.of(toUri(url));
          Path rootPath = folderPath;
          for (int depth = segments(folder); depth > 0; depth--) {
            rootPath = rootPath.getParent();
          }
          files.addAll(SourceFiles.walk(rootPath.toRealPath(), folderPath.toRealPath(), recursive, links));
        }
        case "jar" -> listJar(url, folder, recursive, files);
        default -> throw new IOException(
            "Cannot list classpath content at " + url + ": only class folders and jars are supported");
      }
    }
    return new ArrayList<>(files);
  }

  private void listJar(URL url, AssetPath folder, boolean recursive, Set<String> files)
      throws IOException {
    String prefix = folder.value().isEmpty() ? "" : folder.value() + '/';
    for (String file : filesOf(url)) {
      if (file.startsWith(prefix) && (recursive || file.indexOf('/', prefix.length()) < 0)) {
        files.add(file);
      }
    }
  }

  /**
   * Every file under the root in the jar that {@code url} points into, relative to the root, in the
   * jar's order. Read once per jar: a shaded game jar holds thousands of classes, and an index
   * lists a folder per scan rule, so walking the whole jar for each listing was a tenth of a
   * command's start-up. A jar on the class path does not change while the JVM runs (its loader
   * holds it open).
   */
  private List<String> filesOf(URL url) throws IOException {
    URLConnection connection = url.openConnection();
    if (!(connection instanceof JarURLConnection jarConnection)) {
      throw new IOException("Cannot list classpath content at " + url);
    }
    String jarKey = jarConnection.getJarFileURL().toString();
    List<String> listed = jarFiles.get(jarKey);
    if (listed != null) {
      return listed;
    }
    List<String> found = new ArrayList<>();
    jarConnection.setUseCaches(false);
    try (JarFile jar = jarConnection.getJarFile()) {
      String rootPrefix = root + '/';
      Enumeration<JarEntry> entries = jar.entries();
      while (entries.hasMoreElements()) {
        JarEntry entry = entries.nextElement();
        String entryName = entry.getName();
        if (!entry.isDirectory() && entryName.startsWith(rootPrefix)) {
          found.add(entryName.substring(rootPrefix.length()));
        }
      }
    }
    List<String> files = List.copyOf(found);
    List<String> raced = jarFiles.putIfAbsent(jarKey, files);
    return raced != null ? raced : files;
  }

  /**
   * {@inheritDoc} In a class folder, the folders below {@code folder} only: a listing follows the
   * folder itself to where it leads. A jar has no links.
   */
  @Override
  public boolean behindLink(AssetPath folder, AssetPath path) {
    URL url = loader.getResource(resource(path));
    if (url == null || !url.getProtocol().equals("file")) {
      return false;
    }
    Path file = Path.of(toUri(url));
    Path folderPath = file;
    for (int level = segments(folder); level < segments(path); level++) {
      folderPath = folderPath.getParent();
    }
    return SourceFiles.linkBelow(folderPath, file);
  }

  /** {@inheritDoc} In a class folder only: a jar has no links. */
  @Override
  public java.util.Optional<Link> linkAt(AssetPath path) {
    URL url = path.value().isEmpty() ? null : loader.getResource(resource(path));
    if (url == null || !url.getProtocol().equals("file")) {
      return java.util.Optional.empty();
    }
    Path file = Path.of(toUri(url));
    Path rootPath = file;
    for (int level = segments(path); level > 0; level--) {
      rootPath = rootPath.getParent();
    }
    return SourceFiles.linkAt(rootPath, file);
  }

  /** How many folders and file names {@code path} has: 0 for the root. */
  private static int segments(AssetPath path) {
    return path.value().isEmpty() ? 0 : path.value().split("/").length;
  }

  @Override
  public byte[] read(AssetPath path, int maxBytes) throws IOException {
    URL url = loader.getResource(resource(path));
    if (url == null) {
      throw new NoSuchFileException(displayPath(path));
    }
    if (url.getProtocol().equals("file")) {
      Path file = Path.of(toUri(url));
      Path rootPath = file;
      for (int depth = path.value().split("/").length; depth > 0; depth--) {
        rootPath = rootPath.getParent();
      }
      SourceFiles.ContainedFiles contained = folders.get(rootPath);
      if (contained == null) {
        contained = new SourceFiles.ContainedFiles(rootPath.toRealPath());
        folders.put(rootPath, contained);
      }
      return contained.read(file, path, () -> displayPath(path), maxBytes);
    }
    // Reads keep the JDK's cached jar open (as getResourceAsStream does); only listing opens its own.
    URLConnection connection = url.openConnection();
    try (InputStream in = connection.getInputStream()) {
      return SourceFiles.readAtMost(in, connection.getContentLengthLong(), maxBytes, displayPath(path));
    }
  }

  @Override
  public boolean exists(AssetPath path) {
    return loader.getResource(resource(path)) != null;
  }

  private String resource(AssetPath path) {
    return path.value().isEmpty() ? root : root + '/' + path.value();
  }

  private static URI toUri(URL url) {
    try {
      return url.toURI();
    } catch (URISyntaxException e) {
      throw new UncheckedIOException(new IOException("Malformed classpath URL " + url, e));
    }
  }

  @Override
  public String toString() {
    return "ClasspathSource[" + root + "]";
  }
}
