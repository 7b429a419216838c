package dev.overture.asset;

import dev.overture.internal.SpecialFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A content root in a zip archive. Entries are listed once when the archive opens. Thread-safe:
 * {@link ZipFile} allows concurrent reads and the entry table never changes.
 */
final class ZipSource implements AssetSource {

  private final ZipFile zip;
  private final String name;
  private final Map<String, ZipEntry> files = new TreeMap<>();

  ZipSource(Path archive) throws IOException {
    this(archive, archive);
  }

  /** Reads {@code archive}, named {@code shownAs} to users (the archive it is a copy of). */
  ZipSource(Path archive, Path shownAs) throws IOException {
    Objects.requireNonNull(archive, "archive");
    Objects.requireNonNull(shownAs, "shownAs");
    // A named pipe would block the open below until someone wrote to it.
    SpecialFiles.requireRegularFile(archive);
    this.zip = new ZipFile(archive.toFile());
    this.name = shownAs.toString().replace('\\', '/');
    Enumeration<? extends ZipEntry> entries = zip.entries();
    while (entries.hasMoreElements()) {
      ZipEntry entry = entries.nextElement();
      if (!entry.isDirectory() && files.put(entry.getName(), entry) != null) {
        // Which of the two a reader takes is up to the reader: what a reviewer unpacks and what the
        // game loads could differ.
        zip.close();
        throw new java.util.zip.ZipException(name + " holds " + entry.getName() + " twice, and which one is read depends on"
            + " the program reading it; build the archive again with each file once");
      }
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String displayPath(AssetPath path) {
    return name + "!/" + path.value();
  }

  @Override
  public List<String> list(AssetPath folder, boolean recursive) throws IOException {
    String prefix = folder.value().isEmpty() ? "" : folder.value() + '/';
    if (!prefix.isEmpty() && files.keySet().stream().noneMatch(entry -> relative(entry).startsWith(prefix))) {
      throw new NoSuchFileException(name + "!/" + folder.value(), null, "no such folder");
    }
    List<String> listed = new ArrayList<>();
    for (String entry : files.keySet()) {
      String relative = relative(entry);
      if (relative.startsWith(prefix) && (recursive || relative.indexOf('/', prefix.length()) < 0)) {
        // Listed as it is named: an absolute entry ("/experiences/Abs.json") is then refused by the
        // indexer as Overture/InvalidPath, as "..", "./", "//" and "\\" are, rather than missed unsaid.
        listed.add(entry);
      }
    }
    return listed;
  }

  /** An entry's name without the slashes it may start with, for finding the folder it is in. */
  private static String relative(String entry) {
    int start = 0;
    while (start < entry.length() && entry.charAt(start) == '/') {
      start++;
    }
    return entry.substring(start);
  }

  @Override
  public byte[] read(AssetPath path, int maxBytes) throws IOException {
    ZipEntry entry = files.get(path.value());
    if (entry == null) {
      throw new NoSuchFileException(displayPath(path));
    }
    try (InputStream in = zip.getInputStream(entry)) {
      return SourceFiles.readAtMost(in, entry.getSize(), maxBytes, displayPath(path));
    }
  }

  @Override
  public boolean exists(AssetPath path) {
    return files.containsKey(path.value());
  }

  @Override
  public void close() throws IOException {
    zip.close();
  }

  @Override
  public String toString() {
    return "ZipSource[" + name + ", " + files.size() + " files]";
  }
}
