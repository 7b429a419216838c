package dev.overture.asset;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Wraps a source and counts the reads of each file (to prove single flight, cancellation, a file
 * read once) and its closes. Safe from any thread.
 */
public class CountingSource extends ForwardingSource {

  private final Map<String, AtomicInteger> reads = new ConcurrentHashMap<>();
  private final AtomicInteger closes = new AtomicInteger();

  public CountingSource(AssetSource delegate) {
    super(delegate);
  }

  /** Forgets the reads so far (the index reads overture.json). */
  public void reset() {
    reads.clear();
  }

  /** How many times {@code path} was read. */
  public int reads(String path) {
    AtomicInteger count = reads.get(path);
    return count == null ? 0 : count.get();
  }

  /** How many reads there were, of any file. */
  public int totalReads() {
    return reads.values().stream().mapToInt(AtomicInteger::get).sum();
  }

  /** The reads by file. */
  public Map<String, AtomicInteger> allReads() {
    return reads;
  }

  @Override
  public byte[] read(AssetPath path, int maxBytes) throws IOException {
    reads.computeIfAbsent(path.value(), p -> new AtomicInteger()).incrementAndGet();
    return super.read(path, maxBytes);
  }

  /** How many times the source was closed. */
  public int closes() {
    return closes.get();
  }

  @Override
  public void close() throws IOException {
    closes.incrementAndGet();
    super.close();
  }
}
