package dev.overture.asset;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.SerializableString;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.core.sym.PropertyNameMatcher;
import tools.jackson.core.util.JsonParserDelegate;

/**
 * A parser that refuses a JSON object naming a property twice, at any depth, without Jackson's
 * {@code STRICT_DUPLICATE_DETECTION}: that check fills a new {@code HashSet} for every object of
 * three properties or more: for the benchmarks' 1 KB items of nested objects, 2.5 KB of the
 * 10.5 KB a load allocated for each, which the collector then has to clear (issue 20). This one keeps each open object's names in
 * an array that the next object at the same depth reuses, so a file costs one array per depth.
 *
 * <p>It only detects: on a duplicate it stops the read with {@link Found}, and {@link AssetJson}
 * binds the file again with Jackson's own check, whose exception (message, location, path) is what
 * the user sees, exactly as before. Every method that moves the parser on goes through {@link
 * #nextToken} or is followed here token by token; {@code DuplicateNamesTest} checks that no other
 * method of Jackson's delegate moves it.
 *
 * <p>Not thread-safe: one per parse, like the parser it wraps.
 */
final class DuplicateNames extends JsonParserDelegate {

  /**
   * The arrays of the last parse on this thread, handed to the next: a bundle of small files then
   * allocates none of them (they were 230 bytes a file). A parse started while another on the same
   * thread is open (a deserializer binding a file of its own) makes arrays of its own.
   */
  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

  /** A thread's arrays, as handed from one parse to the next. */
  private static final class Scratch {
    String[][] names = new String[8][];
    int[] counts = new int[8];
    Set<String>[] large;
    boolean taken;
  }

  /** The thread's arrays this parse took, or null when it made its own. */
  private final Scratch scratch;

  /** Names seen so far in each open object, by depth; an object of many names also gets a set. */
  private String[][] names;
  private int[] counts;
  private Set<String>[] large;
  private int depth = -1;
  private boolean found;
  private boolean closed;

  /** Thrown where a name repeats; the caller reads the file again with Jackson's check for its message. */
  static final class Found extends StreamReadException {
    private static final long serialVersionUID = 1L;

    Found(JsonParser parser, String name) {
      super(parser, "Duplicate Object property \"" + name + "\"");
    }
  }

  DuplicateNames(JsonParser parser) {
    super(parser);
    Scratch free = SCRATCH.get();
    if (free.taken) {
      scratch = null;
      names = new String[8][];
      counts = new int[8];
    } else {
      free.taken = true;
      scratch = free;
      names = free.names;
      counts = free.counts;
      large = free.large;
    }
  }

  /**
   * The most names a set of the thread's keeps (emptied) for its next parse; a larger one is let
   * go, so that a file with an object of many names leaves no table of that size behind it.
   */
  private static final int KEPT_SET_CAPACITY = 256;

  /** Closes the parser and leaves this parse's arrays to the thread's next. */
  @Override
  public void close() {
    try {
      super.close();
    } finally {
      if (scratch != null && !closed) {
        forgetLargeObjects();
        scratch.names = names;
        scratch.counts = counts;
        scratch.large = large;
        scratch.taken = false;
      }
      closed = true;
    }
  }

  /**
   * Empties the sets of names of the objects of many names this parse met: they were kept until
   * the thread's next parse opened an object at their depth, so a worker that read an asset with
   * a map of 100,000 keys held every key, after the asset was released, for as long as it idled.
   */
  private void forgetLargeObjects() {
    if (large == null) {
      return;
    }
    for (int i = 0; i < large.length; i++) {
      if (large[i] != null) {
        forget(i);
      }
    }
  }

  /** How many names the sets this thread keeps for its next parse hold: none once its parses are closed. */
  static int namesKeptByThisThread() {
    Set<String>[] sets = SCRATCH.get().large;
    int kept = 0;
    if (sets != null) {
      for (Set<String> set : sets) {
        kept += set == null ? 0 : set.size();
      }
    }
    return kept;
  }

  /** How many sets of names this thread keeps for its next parse, empty or not. */
  static int setsKeptByThisThread() {
    Set<String>[] sets = SCRATCH.get().large;
    int kept = 0;
    if (sets != null) {
      for (Set<String> set : sets) {
        kept += set == null ? 0 : 1;
      }
    }
    return kept;
  }

  /** Whether a repeated name stopped the read (whatever exception reached the caller). */
  boolean found() {
    return found;
  }

  @Override
  public JsonToken nextToken() {
    return seen(delegate.nextToken());
  }

  @Override
  public JsonToken nextValue() {
    JsonToken token = nextToken();
    return token == JsonToken.PROPERTY_NAME ? nextToken() : token;
  }

  @Override
  public String nextName() {
    return nextToken() == JsonToken.PROPERTY_NAME ? delegate.currentName() : null;
  }

  @Override
  public boolean nextName(SerializableString name) {
    return nextToken() == JsonToken.PROPERTY_NAME && name.getValue().equals(delegate.currentName());
  }

  @Override
  public int nextNameMatch(PropertyNameMatcher matcher) {
    int match = delegate.nextNameMatch(matcher);
    seen(delegate.currentToken());
    return match;
  }

  @Override
  public JsonParser skipChildren() {
    JsonToken token = delegate.currentToken();
    if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
      return this;
    }
    int open = 1;
    while (open > 0) {
      token = nextToken();
      if (token == null) {
        return this;
      }
      if (token.isStructStart()) {
        open++;
      } else if (token.isStructEnd()) {
        open--;
      }
    }
    return this;
  }

  private JsonToken seen(JsonToken token) {
    if (token == JsonToken.PROPERTY_NAME) {
      name(delegate.currentName());
    } else if (token == JsonToken.START_OBJECT) {
      open();
    } else if (token == JsonToken.END_OBJECT && depth >= 0) {
      depth--;
    }
    return token;
  }

  private void open() {
    depth++;
    if (depth == names.length) {
      names = Arrays.copyOf(names, depth * 2);
      counts = Arrays.copyOf(counts, depth * 2);
      if (large != null) {
        large = Arrays.copyOf(large, depth * 2);
      }
    }
    counts[depth] = 0;
    if (large != null && large[depth] != null) {
      forget(depth);
    }
  }

  /**
   * Empties the set of names at {@code level} for the next object there, or lets it go when it
   * grew past {@link #KEPT_SET_CAPACITY}: a cleared set keeps its table, so emptying a large one
   * here and then meeting only small objects at that depth left the table of the large one to the
   * thread (about 1 MB for 10,000 names) after the parse was closed.
   */
  private void forget(int level) {
    if (large[level].size() > KEPT_SET_CAPACITY) {
      large[level] = null;
    } else {
      large[level].clear();
    }
  }

  private static final int SCANNED = 16;

  @SuppressWarnings("unchecked")
  private void name(String name) {
    if (depth < 0) {
      return; // not inside an object: the parser itself refuses such a name
    }
    int count = counts[depth];
    String[] level = names[depth];
    if (level == null) {
      level = names[depth] = new String[SCANNED];
    }
    if (count < SCANNED) {
      for (int i = 0; i < count; i++) {
        if (level[i].equals(name)) {
          duplicate(name);
        }
      }
      level[count] = name;
    } else {
      if (large == null) {
        large = new Set[names.length];
      }
      Set<String> set = large[depth];
      if (set == null) {
        set = large[depth] = new HashSet<>();
      }
      if (set.isEmpty()) {
        set.addAll(Arrays.asList(level));
      }
      if (!set.add(name)) {
        duplicate(name);
      }
    }
    counts[depth] = count + 1;
  }

  private void duplicate(String name) {
    found = true;
    throw new Found(delegate, name);
  }
}
