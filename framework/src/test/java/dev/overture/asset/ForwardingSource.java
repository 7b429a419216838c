package dev.overture.asset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A source that hands every call to another, for a test to change one of them (count the reads,
 * interrupt a read, fail a listing). Forwards what every source has: its name, listing, reading,
 * existence, display paths, folder and close; a writable source's writes are the subclass's to add.
 * As thread-safe as the source it forwards to and the subclass's changes.
 */
public abstract class ForwardingSource implements AssetSource {

  /** The source the calls go to. */
  protected final AssetSource delegate;

  protected ForwardingSource(AssetSource delegate) {
    this.delegate = delegate;
  }

  @Override
  public String name() {
    return delegate.name();
  }

  @Override
  public List<String> list(AssetPath folder, boolean recursive) throws IOException {
    return delegate.list(folder, recursive);
  }

  @Override
  public byte[] read(AssetPath path, int maxBytes) throws IOException {
    return delegate.read(path, maxBytes);
  }

  @Override
  public boolean exists(AssetPath path) {
    return delegate.exists(path);
  }

  @Override
  public String displayPath(AssetPath path) {
    return delegate.displayPath(path);
  }

  @Override
  public Optional<Path> folder() {
    return delegate.folder();
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }
}
