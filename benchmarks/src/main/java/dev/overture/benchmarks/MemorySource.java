package dev.overture.benchmarks;

import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.asset.AssetTooLargeException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Content held in memory, so that a benchmark measures the framework without any file IO. Filled
 * before use, then only read (safe from many threads once filled).
 */
final class MemorySource implements AssetSource {

  private final Map<String, byte[]> files = new TreeMap<>();

  MemorySource put(String path, String text) {
    files.put(path, text.getBytes(StandardCharsets.UTF_8));
    return this;
  }

  @Override
  public String name() {
    return "memory";
  }

  @Override
  public List<String> list(AssetPath folder, boolean recursive) throws IOException {
    String prefix = folder.value().isEmpty() ? "" : folder.value() + "/";
    List<String> found = new ArrayList<>();
    for (String path : files.keySet()) {
      if (path.startsWith(prefix) && (recursive || path.indexOf('/', prefix.length()) < 0)) {
        found.add(path);
      }
    }
    if (found.isEmpty()) {
      throw new NoSuchFileException(folder.value());
    }
    return found;
  }

  @Override
  public byte[] read(AssetPath path, int maxBytes) throws IOException {
    byte[] bytes = files.get(path.value());
    if (bytes == null) {
      throw new NoSuchFileException(path.value());
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
}
