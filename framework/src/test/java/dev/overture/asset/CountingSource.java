package dev.overture.asset;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Wraps a source and counts the reads of each file (to prove single flight and cancellation) and its closes. */
class CountingSource implements AssetSource {

  private final AssetSource delegate;
  private final Map<String, AtomicInteger> reads = new ConcurrentHashMap<>();
  private final AtomicInteger closes = new AtomicInteger();

  CountingSource(AssetSource delegate) {
    this.delegate = delegate;
  }

  /** Forgets the reads so far (the index reads overture.json). */
  void reset() {
    reads.clear();
  }

  int reads(String path) {
    AtomicInteger count = reads.get(path);
    return count == null ? 0 : count.get();
  }

  int totalReads() {
    return reads.values().stream().mapToInt(AtomicInteger::get).sum();
  }

  Map<String, AtomicInteger> allReads() {
    return reads;
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
    reads.computeIfAbsent(path.value(), p -> new AtomicInteger()).incrementAndGet();
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

  /** How many times the source was closed. */
  int closes() {
    return closes.get();
  }

  @Override
  public void close() throws IOException {
    closes.incrementAndGet();
    delegate.close();
  }
}
