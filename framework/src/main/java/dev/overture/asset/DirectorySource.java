package dev.overture.asset;

import dev.overture.internal.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A content root in a folder on disk. Thread-safe: it holds nothing but the root's paths. */
final class DirectorySource implements AssetSource, LinkedFolders {

  private final Path root;
  private final Path realRoot;
  private final SourceFiles.ContainedFiles files;
  private final String name;

  DirectorySource(Path root) {
    Objects.requireNonNull(root, "root");
    if (!Files.isDirectory(root)) {
      throw new IllegalArgumentException(
          "Content root \"" + root + "\" is not a folder (looked in " + root.toAbsolutePath() + ")");
    }
    this.root = root;
    try {
      this.realRoot = root.toRealPath();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not resolve content root \"" + root + "\"", e);
    }
    this.files = new SourceFiles.ContainedFiles(realRoot);
    String shown = root.toString().replace('\\', '/');
    this.name = shown.endsWith("/") ? shown.substring(0, shown.length() - 1) : shown;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public List<String> list(AssetPath folder, boolean recursive) throws IOException {
    return list(folder, recursive, null);
  }

  @Override
  public List<String> list(AssetPath folder, boolean recursive, List<Link> links) throws IOException {
    return SourceFiles.walk(realRoot, realRoot.resolve(folder.value()), recursive, links);
  }

  @Override
  public boolean behindLink(AssetPath folder, AssetPath path) {
    return SourceFiles.behindLink(realRoot.resolve(folder.value()), realRoot.resolve(path.value()));
  }

  @Override
  public Optional<Link> linkAt(AssetPath path) {
    return SourceFiles.linkAt(realRoot, realRoot.resolve(path.value()));
  }

  @Override
  public byte[] read(AssetPath path, int maxBytes) throws IOException {
    return files.read(realRoot.resolve(path.value()), path, () -> displayPath(path), maxBytes);
  }

  @Override
  public Optional<Path> folder() {
    return Optional.of(realRoot);
  }

  @Override
  public boolean isWritable() {
    return true;
  }

  @Override
  public void write(AssetPath path, byte[] bytes) throws IOException {
    Path file = realRoot.resolve(path.value());
    if (Files.isSymbolicLink(file)) {
      // The content the link shows is what is rewritten, as long as it lies inside the root.
      Path real = file.toRealPath();
      if (!real.startsWith(realRoot)) {
        throw new InvalidAssetPathException(displayPath(path) + " links to " + real + ", outside the content root; it is not rewritten");
      }
      file = real;
    }
    AtomicFiles.write(file, bytes);
  }

  @Override
  public boolean exists(AssetPath path) {
    // A special file or a link to nothing exists too, as a walk lists it: reading it is what refuses
    // it, naming what it is (and a reindex of one file agrees with the index of the whole root).
    return SourceFiles.listed(realRoot.resolve(path.value()));
  }

  @Override
  public String toString() {
    return "DirectorySource[" + root + "]";
  }
}
