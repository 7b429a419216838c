package dev.overture.asset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A folder of another source seen as a source of its own (a feature plugin's folder as its content
 * root). Paths are joined to the folder, and since both are normalized asset paths the join cannot
 * climb out of it. The parent owns whatever is open; closing this does nothing. Thread-safe as its
 * parent is.
 */
final class FolderSource implements AssetSource, LinkedFolders {

  private final AssetSource parent;
  private final AssetPath folder;
  private final String prefix;

  FolderSource(AssetSource parent, AssetPath folder) {
    this.parent = Objects.requireNonNull(parent, "parent");
    this.folder = Objects.requireNonNull(folder, "folder");
    if (folder.value().isEmpty()) {
      throw new IllegalArgumentException("a folder source needs a folder, not the root of " + parent.name());
    }
    this.prefix = folder.value() + '/';
  }

  private AssetPath inParent(AssetPath path) {
    return path.value().isEmpty() ? folder : new AssetPath(prefix + path.value());
  }

  @Override
  public String name() {
    return parent.displayPath(folder);
  }

  @Override
  public Optional<Path> folder() {
    return parent.folder().map(root -> root.resolve(folder.value()));
  }

  @Override
  public List<String> list(AssetPath path, boolean recursive) throws IOException {
    return list(path, recursive, null);
  }

  /** The parent's listing of the folder, and the links it passed over, relative to the folder. */
  @Override
  public List<String> list(AssetPath path, boolean recursive, List<Link> links) throws IOException {
    List<Link> parentLinks = links == null ? null : new ArrayList<>();
    List<String> listed = parent instanceof LinkedFolders noting
        ? noting.list(inParent(path), recursive, parentLinks)
        : parent.list(inParent(path), recursive);
    List<String> files = new ArrayList<>();
    for (String file : listed) {
      if (file.startsWith(prefix)) {
        files.add(file.substring(prefix.length()));
      }
    }
    if (links != null) {
      for (Link link : parentLinks) {
        if (link.path().startsWith(prefix)) {
          links.add(new Link(link.path().substring(prefix.length()), link.target()));
        }
      }
    }
    return files;
  }

  @Override
  public boolean behindLink(AssetPath path, AssetPath file) {
    return parent instanceof LinkedFolders noting && noting.behindLink(inParent(path), inParent(file));
  }

  @Override
  public Optional<Link> linkAt(AssetPath path) {
    if (!(parent instanceof LinkedFolders noting) || path.value().isEmpty()) {
      return Optional.empty();
    }
    return noting.linkAt(inParent(path)).map(link -> new Link(link.path().substring(prefix.length()), link.target()));
  }

  @Override
  public byte[] read(AssetPath path, int maxBytes) throws IOException {
    return parent.read(inParent(path), maxBytes);
  }

  @Override
  public boolean exists(AssetPath path) {
    return parent.exists(inParent(path));
  }

  @Override
  public boolean isWritable() {
    return parent.isWritable();
  }

  @Override
  public void write(AssetPath path, byte[] bytes) throws IOException {
    parent.write(inParent(path), bytes);
  }

  @Override
  public String displayPath(AssetPath path) {
    return parent.displayPath(inParent(path));
  }

  @Override
  public String toString() {
    return "FolderSource[" + name() + "]";
  }
}
