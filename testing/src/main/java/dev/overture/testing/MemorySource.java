package dev.overture.testing;

import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.asset.AssetTooLargeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Content held in memory: the files of a {@link Content}, copied when the source is made. It lists,
 * reads and refuses like a folder on disk, without touching the disk. Thread-safe (read only).
 */
final class MemorySource implements AssetSource {

  private final String name;
  private final Map<String, byte[]> files = new TreeMap<>();

  MemorySource(String name, Map<String, String> texts) {
    this.name = name;
    texts.forEach((path, text) -> files.put(path, text.getBytes(StandardCharsets.UTF_8)));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public List<String> list(AssetPath folder, boolean recursive) throws NoSuchFileException {
    String prefix = folder.value().isEmpty() ? "" : folder.value() + "/";
    List<String> found = new ArrayList<>();
    boolean folderExists = prefix.isEmpty();
    for (String path : files.keySet()) {
      if (path.startsWith(prefix)) {
        folderExists = true;
        if (recursive || path.indexOf('/', prefix.length()) < 0) {
          found.add(path);
        }
      }
    }
    if (!folderExists) {
      throw new NoSuchFileException(displayPath(folder), null, "no such folder");
    }
    return found;
  }

  @Override
  public byte[] read(AssetPath path, int maxBytes) throws NoSuchFileException, AssetTooLargeException {
    byte[] bytes = files.get(path.value());
    if (bytes == null) {
      throw new NoSuchFileException(displayPath(path));
    }
    if (bytes.length > maxBytes) {
      throw new AssetTooLargeException(displayPath(path), bytes.length, maxBytes);
    }
    return bytes.clone();
  }

  @Override
  public boolean exists(AssetPath path) {
    return files.containsKey(path.value());
  }

  @Override
  public void close() {}

  @Override
  public String toString() {
    return "MemorySource[" + name + ", " + files.size() + " files]";
  }
}
