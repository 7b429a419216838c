package dev.overture.asset;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An immutable map in the order its keys were added, whose {@link #with} and {@link #without}
 * cost the same however large it is: the content roots of a {@link ContentIndex.State}, which every
 * plugin that registers or unregisters replaces. Copying the map each time (a {@code
 * LinkedHashMap} of every root) made registering 6,000 plugins take time growing with their square.
 *
 * <p>The maps of one lineage share a log of the puts, each stamped with the version of the map it
 * made and the version of the map that removed it; a map sees the puts its own version covers, so
 * one that a reader holds never changes. Adding costs the same however many entries there are.
 * Removing copies the live puts to a new log, so that the newest map holds nothing removed: a
 * removed plugin's root names its asset classes, and a log that kept it kept the plugin's class
 * loader (what PluginUnloadReliabilityTest checks).
 *
 * <p>Any thread may read any map. {@code with} and {@code without} are called one at a time (the
 * index's lock), normally on the newest map; called on an older one they copy it first.
 */
final class LogMap<K, V> extends AbstractMap<K, V> {

  private static final long ABSENT = Long.MAX_VALUE;

  /** One put: its key and value, the versions that added and removed it, the key's put before it. */
  private static final class Put<K, V> {
    final K key;
    final V value;
    final long added;
    /** {@link #ABSENT} while no later version removed it; set once, by the one writer. */
    volatile long removed = ABSENT;
    final Put<K, V> older;

    Put(K key, V value, long added, Put<K, V> older) {
      this.key = key;
      this.value = value;
      this.added = added;
      this.older = older;
    }
  }

  /** What the maps of one lineage share; written only by {@code with} and {@code without}. */
  private static final class Log<K, V> {
    Put<K, V>[] puts;
    int length;
    long version;
    /** The newest put of each key, which links to the key's older ones. */
    final Map<K, Put<K, V>> newest = new ConcurrentHashMap<>();
    /** Puts copied to a new log in all, over the lineage: what a test bounds. */
    long copied;

    @SuppressWarnings("unchecked")
    Log(int capacity, long copied) {
      this.puts = (Put<K, V>[]) new Put<?, ?>[Math.max(capacity, 8)];
      this.copied = copied;
    }
  }

  private final Log<K, V> log;
  private final Put<K, V>[] puts;
  /** The puts of {@link #puts} this map may see: those before it was made. */
  private final int length;
  private final long version;
  private final int size;

  private LogMap(Log<K, V> log, long version, int size) {
    this.log = log;
    this.puts = log.puts;
    this.length = log.length;
    this.version = version;
    this.size = size;
  }

  /** An empty map, the first of a lineage of its own. */
  static <K, V> LogMap<K, V> empty() {
    return new LogMap<>(new Log<>(0, 0), 0, 0);
  }

  /** The put of {@code key} this map sees, or null. */
  private Put<K, V> visible(Object key) {
    Put<K, V> put = log.newest.get(key);
    while (put != null && put.added > version) {
      put = put.older;
    }
    return put != null && put.removed > version ? put : null;
  }

  @Override
  public V get(Object key) {
    Put<K, V> put = visible(key);
    return put == null ? null : put.value;
  }

  @Override
  public boolean containsKey(Object key) {
    return visible(key) != null;
  }

  @Override
  public int size() {
    return size;
  }

  /**
   * This map with {@code key} last, mapped to {@code value}.
   *
   * @throws IllegalArgumentException when the map has {@code key} already
   */
  LogMap<K, V> with(K key, V value) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    if (containsKey(key)) {
      throw new IllegalArgumentException(key + " is in the map already");
    }
    LogMap<K, V> from = writable();
    Log<K, V> shared = from.log;
    if (shared.length == shared.puts.length) {
      shared.puts = Arrays.copyOf(shared.puts, shared.puts.length * 2); // the older maps keep the array they had
    }
    long next = shared.version + 1;
    Put<K, V> put = new Put<>(key, value, next, shared.newest.get(key));
    shared.puts[shared.length++] = put;
    shared.newest.put(key, put);
    shared.version = next;
    return new LogMap<>(shared, next, from.size + 1);
  }

  /** This map without {@code key}; itself when it has no such key. */
  LogMap<K, V> without(Object key) {
    if (!containsKey(key)) {
      return this;
    }
    LogMap<K, V> from = writable();
    Log<K, V> shared = from.log;
    long next = shared.version + 1;
    from.visible(key).removed = next;
    shared.version = next;
    return new LogMap<>(shared, next, from.size - 1).compacted();
  }

  /** Puts copied to a new log so far, over this map's lineage. */
  long copied() {
    return log.copied;
  }

  /** This map, or a copy of it when a newer one shares its log (the log's end is no longer its own). */
  private LogMap<K, V> writable() {
    return version == log.version ? this : compacted();
  }

  /** This map over a log of its own puts alone. */
  private LogMap<K, V> compacted() {
    Log<K, V> fresh = new Log<>(size * 2, log.copied + size);
    for (Map.Entry<K, V> entry : entrySet()) {
      Put<K, V> put = new Put<>(entry.getKey(), entry.getValue(), 0, null);
      fresh.puts[fresh.length++] = put;
      fresh.newest.put(put.key, put);
    }
    return new LogMap<>(fresh, 0, size);
  }

  @Override
  public Set<Map.Entry<K, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<K, V>> iterator() {
        return new Iterator<>() {
          private int next = advance(0);

          private int advance(int from) {
            int at = from;
            while (at < length && puts[at].removed <= version) {
              at++;
            }
            return at;
          }

          @Override
          public boolean hasNext() {
            return next < length;
          }

          @Override
          public Map.Entry<K, V> next() {
            if (next >= length) {
              throw new NoSuchElementException();
            }
            Put<K, V> put = puts[next];
            next = advance(next + 1);
            return new SimpleImmutableEntry<>(put.key, put.value);
          }
        };
      }

      @Override
      public int size() {
        return size;
      }
    };
  }
}
