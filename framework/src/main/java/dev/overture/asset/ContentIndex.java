package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.Choices;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The content roots and the index of their primary assets, as one immutable {@link State} that
 * every change replaces whole: a reader (any thread, no lock) always sees roots, their rules and
 * the index as one consistent picture.
 *
 * <p>Changes are serialized by a lock held only to merge a change into the current state and
 * publish the result. The slow part of a change, listing a root's folders (or checking one file),
 * runs before, outside the lock, on the calling thread; the merge then checks the result against
 * the state as it is by then (another root added meanwhile may clash with it). So a slow scan
 * blocks neither readers nor other changes.
 */
final class ContentIndex {

  private static final Logger log = LoggerFactory.getLogger(AssetManager.class);

  /**
   * A content root, the scan rules in use for it (global, its own, its {@code overture.json}'s) and
   * what else its {@code overture.json} says.
   */
  record Root(ContentRoot root, List<ScanRule> rules, ProjectSettings settings) {}

  /** One state of the roots (in the order added) and their index. */
  record State(Map<String, Root> roots, IndexSnapshot snapshot) {
    static final State EMPTY = new State(Map.of(), IndexSnapshot.EMPTY);

    State with(Root root, IndexSnapshot newSnapshot) {
      Map<String, Root> more = new LinkedHashMap<>(roots);
      more.put(root.root().name(), root);
      return new State(Collections.unmodifiableMap(more), newSnapshot);
    }

    State without(String name, IndexSnapshot newSnapshot) {
      Map<String, Root> fewer = new LinkedHashMap<>(roots);
      fewer.remove(name);
      return new State(Collections.unmodifiableMap(fewer), newSnapshot);
    }
  }

  /** What reindexing one file did, and the id the file had before (to drop its loaded copy). */
  record Reindexed(IndexChange change, PrimaryAssetId previous) {}

  /** A content root taken out of the index, and the entries it had. */
  record Removed(ContentRoot root, List<AssetEntry> entries) {}

  private final Indexer indexer;
  private final Object lock = new Object();
  /** Names of roots being scanned, so that a second root of the same name is refused at once. */
  private final Set<String> adding = new HashSet<>();
  private volatile State state = State.EMPTY;
  private boolean closed;

  ContentIndex(Indexer indexer) {
    this.indexer = indexer;
  }

  /** The current state; never locks. */
  State state() {
    return state;
  }

  IndexSnapshot snapshot() {
    return state.snapshot();
  }

  /** The content root {@code name}, or null. */
  ContentRoot root(String name) {
    Root root = state.roots().get(name);
    return root == null ? null : root.root();
  }

  List<ContentRoot> contentRoots() {
    return state.roots().values().stream().map(Root::root).toList();
  }

  /** What the game's own content root's {@code overture.json} says; nothing when it has none. */
  ProjectSettings gameSettings() {
    Root game = state.roots().get(ContentRoot.GAME);
    return game == null ? ProjectSettings.NONE : game.settings();
  }

  List<String> rootNames() {
    return List.copyOf(state.roots().keySet());
  }

  /** Every scan rule in use, in the order roots were added, each once. */
  List<ScanRule> scanRules() {
    Set<ScanRule> rules = new LinkedHashSet<>();
    for (Root root : state.roots().values()) {
      rules.addAll(root.rules());
    }
    return List.copyOf(rules);
  }

  /**
   * Scans {@code root} (on the calling thread, without the lock) and adds it with its entries.
   *
   * @throws AssetIndexException when it cannot be indexed or clashes with the index; nothing changes
   * @throws IllegalArgumentException when a root of that name is added or being added
   */
  void add(ContentRoot root) {
    String name = root.name();
    synchronized (lock) {
      checkOpen();
      if (state.roots().containsKey(name) || !adding.add(name)) {
        throw new IllegalArgumentException("content root " + name + " is already added");
      }
    }
    try {
      Indexer.Scan scan = indexer.scan(root);
      List<Problem> problems;
      synchronized (lock) {
        checkOpen();
        State current = state;
        problems = new ArrayList<>(scan.problems());
        Map<PrimaryAssetType, Class<?>> typeClasses = new HashMap<>(current.snapshot().typeClasses());
        for (ScanRule rule : scan.rules()) {
          Class<?> previous = typeClasses.putIfAbsent(rule.type(), rule.assetClass());
          if (previous != null && previous != rule.assetClass()) {
            problems.add(
                Problem.error(
                        "Overture/ConflictingScanRule",
                        "Type " + rule.type() + " binds to " + previous.getName() + " elsewhere, but a scan rule of "
                            + name + " binds it to " + rule.assetClass().getName())
                    .at(SourceLocation.ofFile(root.source().name())));
          }
        }
        for (AssetEntry entry : scan.entries()) {
          AssetEntry clash = current.snapshot().anyEntry(entry.id());
          if (clash != null) {
            problems.add(Indexer.duplicate(clash, entry));
          }
        }
        if (current.snapshot().size() + current.snapshot().newerEntries().size() > 0) {
          Indexer.caseVariants(scan.entries(), current.snapshot().byFoldedId(), problems);
        }
        List<Problem> errors = problems.stream().filter(Problem::isError).toList();
        if (!errors.isEmpty()) {
          throw new AssetIndexException("content root " + name + " (" + root.source().name() + ")", LoadProblems.sorted(errors));
        }
        List<Problem> warnings = new ArrayList<>(current.snapshot().warnings());
        warnings.addAll(problems);
        IndexSnapshot next = current.snapshot().change(List.of(), scan.entries(), typeClasses, warnings);
        state = current.with(new Root(root, scan.rules(), scan.settings()), next);
      }
      for (Problem warning : problems) {
        log.warn("{}", warning);
      }
      log.debug("Indexed {} assets in content root {} ({})", scan.entries().size(), name, root.source().name());
    } finally {
      synchronized (lock) {
        adding.remove(name);
      }
    }
  }

  /**
   * Takes the root {@code name} and its entries out of the index; null when there is none, or the
   * index is closed (its roots were handed over by {@link #close()} and closed then: a plugin
   * unregistered after the manager closed closed its source a second time).
   */
  Removed remove(String name) {
    synchronized (lock) {
      if (closed) {
        return null;
      }
      State current = state;
      Root root = current.roots().get(name);
      if (root == null) {
        return null;
      }
      IndexSnapshot snapshot = current.snapshot();
      List<AssetEntry> removed = snapshot.entriesOf(name);
      // The types of the roots that stay: a removed plugin's asset classes must not outlive it.
      Map<PrimaryAssetType, Class<?>> typeClasses = new HashMap<>();
      current.roots().forEach((other, kept) -> {
        if (!other.equals(name)) {
          kept.rules().forEach(rule -> typeClasses.putIfAbsent(rule.type(), rule.assetClass()));
        }
      });
      state = current.without(name, snapshot.change(removed, List.of(), typeClasses, snapshot.warnings()).withoutNewer(name, null));
      return new Removed(root.root(), removed);
    }
  }

  /**
   * Updates the entry of one file of root {@code rootName}. Whether a rule covers it and whether
   * it exists are found first, without the lock; if the root changed meanwhile, again.
   *
   * @throws AssetIndexException when the file cannot be indexed; the index is unchanged
   */
  Reindexed reindex(String rootName, AssetPath path) {
    while (true) {
      Root root = state.roots().get(rootName);
      if (root == null) {
        throw new IllegalArgumentException(
            "No content root \"" + rootName + "\" (content roots: " + Choices.quoted(rootNames()) + ")");
      }
      ScanRule rule = null;
      for (ScanRule candidate : root.rules()) {
        if (candidate.covers(path)) {
          rule = candidate;
          break;
        }
      }
      boolean indexable = rule != null && root.root().source().exists(path);
      List<Problem> problems = new ArrayList<>();
      AssetEntry entry = indexable ? indexer.entryFor(root.root(), path, rule, problems) : null;
      synchronized (lock) {
        State current = state;
        if (current.roots().get(rootName) != root) {
          continue; // the root was removed or replaced while the file was looked at
        }
        return merge(current, root.root(), path, indexable, entry, problems);
      }
    }
  }

  private Reindexed merge(
      State current, ContentRoot root, AssetPath path, boolean indexable, AssetEntry entry, List<Problem> problems) {
    IndexSnapshot snapshot = current.snapshot();
    // A file hidden as saved by a newer engine changed: whether it still is is found when it is read again.
    IndexSnapshot.Newer hidden = snapshot.newerAt(root.name(), path);
    if (hidden != null) {
      snapshot = snapshot.withoutNewer(root.name(), path);
    }
    PrimaryAssetId existingId = snapshot.idAt(root.name(), path);
    AssetEntry existing = existingId == null ? null : snapshot.get(existingId);
    PrimaryAssetId previous = existingId != null ? existingId : hidden == null ? null : hidden.entry().id();
    if (!indexable) {
      if (existing == null) {
        if (hidden == null) {
          return new Reindexed(IndexChange.UNCHANGED, null);
        }
        state = new State(current.roots(), snapshot);
        return new Reindexed(IndexChange.REMOVED, previous);
      }
      state = new State(current.roots(), snapshot.change(List.of(existing), List.of(), snapshot.typeClasses(), snapshot.warnings()));
      return new Reindexed(IndexChange.REMOVED, existingId);
    }
    if (entry != null) {
      AssetEntry clash = snapshot.anyEntry(entry.id());
      if (clash != null && !(clash.root().equals(root.name()) && clash.path().equals(path))) {
        problems.add(Indexer.duplicate(clash, entry));
      }
      AssetEntry variant = snapshot.caseVariantOf(entry.id());
      if (variant != null) {
        Indexer.caseVariants(List.of(variant, entry), new HashMap<>(), problems);
      }
    }
    if (!problems.isEmpty()) {
      throw new AssetIndexException(root.source().displayPath(path), problems);
    }
    if (existing != null && existing.equals(entry)) {
      return new Reindexed(IndexChange.UPDATED, existingId);
    }
    List<AssetEntry> removed = existing == null ? List.of() : List.of(existing);
    state = new State(current.roots(), snapshot.change(removed, List.of(entry), snapshot.typeClasses(), snapshot.warnings()));
    return new Reindexed(existing == null && hidden == null ? IndexChange.ADDED : IndexChange.UPDATED, previous);
  }

  /**
   * Takes {@code entry} out of the ids, as saved by a newer engine ({@code problem} says which
   * version it needs), if it is still the indexed entry of its id: the seed's content browser does
   * not show such an asset. Called when its file is read; false when the index changed meanwhile.
   */
  boolean hideNewer(AssetEntry entry, Problem problem) {
    synchronized (lock) {
      State current = state;
      if (!entry.equals(current.snapshot().get(entry.id()))) {
        return false;
      }
      state = new State(current.roots(), current.snapshot().hide(entry, problem));
    }
    log.warn("{} is not listed: a newer engine saved it ({})", entry.id(), problem.message());
    return true;
  }

  /** Refuses further changes and gives the roots to close. */
  List<ContentRoot> close() {
    synchronized (lock) {
      closed = true;
      return contentRoots();
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the asset manager is closed");
    }
  }

  /** The problem for a reference to, or a request of, an id that is not indexed. */
  Problem unknownAsset(PrimaryAssetId id) {
    return snapshot().unknownAsset(id);
  }

  @Override
  public String toString() {
    State now = state;
    return "ContentIndex[" + now.snapshot().size() + " assets in " + now.roots().keySet() + "]";
  }
}
