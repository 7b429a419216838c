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

  /**
   * One state of the roots (in the order added) and their index, and how many scan rules of the
   * roots name each type (a type leaves the index with the last root that has it). Each change
   * costs the same however many roots there are: the roots are a {@link LogMap}.
   */
  record State(LogMap<String, Root> roots, IndexSnapshot snapshot, Map<PrimaryAssetType, Integer> ruleCounts) {
    static State empty() {
      return new State(LogMap.empty(), IndexSnapshot.EMPTY, Map.of());
    }

    State with(IndexSnapshot newSnapshot) {
      return new State(roots, newSnapshot, ruleCounts);
    }

    State with(Root root, IndexSnapshot newSnapshot) {
      Map<PrimaryAssetType, Integer> counts = new HashMap<>(ruleCounts);
      root.rules().forEach(rule -> counts.merge(rule.type(), 1, Integer::sum));
      return new State(roots.with(root.root().name(), root), newSnapshot, Map.copyOf(counts));
    }

    State without(String name, IndexSnapshot newSnapshot) {
      Map<PrimaryAssetType, Integer> counts = new HashMap<>(ruleCounts);
      roots.get(name).rules().forEach(rule -> counts.computeIfPresent(rule.type(), (type, count) -> count == 1 ? null : count - 1));
      return new State(roots.without(name), newSnapshot, Map.copyOf(counts));
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
  private volatile State state = State.empty();
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
        if (!scan.entries().isEmpty() && current.snapshot().size() + current.snapshot().newerEntries().size() > 0) {
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
      State next = current.without(name, snapshot);
      Map<PrimaryAssetType, Class<?>> typeClasses = new HashMap<>(snapshot.typeClasses());
      typeClasses.keySet().retainAll(next.ruleCounts().keySet());
      state = next.with(snapshot.change(removed, List.of(), typeClasses, snapshot.warnings()).withoutNewer(name, null));
      return new Removed(root.root(), removed);
    }
  }

  /**
   * Updates the entry of one file of root {@code rootName}: {@link #reindex(String, List)} of it
   * alone.
   *
   * @throws AssetIndexException when the file cannot be indexed; the index is unchanged
   */
  Reindexed reindex(String rootName, AssetPath path) {
    Outcome outcome = reindex(rootName, List.of(path)).get(0);
    if (!outcome.problems().isEmpty()) {
      throw new AssetIndexException(outcome.file(), outcome.problems());
    }
    return outcome.reindexed();
  }

  /**
   * What reindexing one file of a batch did, or (with {@code reindexed} null) the problems that left
   * it as it was; {@code file} is how the file is shown.
   */
  record Outcome(AssetPath path, String file, Reindexed reindexed, List<Problem> problems) {}

  /**
   * One file as found without the lock: the rule covering it, whether it is there, its entry; for
   * one not indexed, the link-to-a-folder warning the index of the whole root gives for it, or null.
   */
  private record Looked(AssetPath path, boolean indexable, AssetEntry entry, List<Problem> problems, Problem linked) {}

  /**
   * Whether every listing of {@code rule}'s folders that would list {@code path} passes over it,
   * through a symbolic link to a folder (an {@code Overture/LinkedFolder} warning of the index):
   * such a file is not indexed, whether the whole root is indexed or the file alone.
   */
  private static boolean behindLinks(AssetSource source, ScanRule rule, AssetPath path) {
    if (!(source instanceof LinkedFolders noting)) {
      return false;
    }
    for (AssetPath directory : rule.directories()) {
      if (path.isWithin(directory) && (rule.recursive() || path.parent().equals(directory)) && !noting.behindLink(directory, path)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Updates the entries of the files {@code paths} of root {@code rootName}, each checked against
   * the index as the files before it left it; a file that cannot be indexed (its id taken, its name
   * invalid) stays as it was and the others go ahead. Whether a rule covers each file and whether it
   * exists are found first, without the lock; if the root changed meanwhile, again. The index is
   * published once for them all: a change of thousands of files (a pack of assets unpacked into a
   * watched folder) copied the whole index and compared every id of a type once per file.
   *
   * @return one outcome per distinct path, in order
   */
  List<Outcome> reindex(String rootName, List<AssetPath> paths) {
    List<AssetPath> distinct = List.copyOf(new LinkedHashSet<>(paths));
    while (true) {
      Root root = state.roots().get(rootName);
      if (root == null) {
        throw new IllegalArgumentException(
            "No content root \"" + rootName + "\" (content roots: " + Choices.quoted(rootNames()) + ")");
      }
      List<Looked> looked = new ArrayList<>(distinct.size());
      for (AssetPath path : distinct) {
        ScanRule rule = null;
        for (ScanRule candidate : root.rules()) {
          if (candidate.covers(path)) {
            rule = candidate;
            break;
          }
        }
        // A file behind a link to a folder is left out, as the index of the whole root leaves it out.
        boolean indexable = rule != null && root.root().source().exists(path) && !behindLinks(root.root().source(), rule, path);
        List<Problem> problems = new ArrayList<>();
        AssetEntry entry = indexable ? indexer.entryFor(root.root(), path, rule, problems) : null;
        Problem linked = indexable ? null : Indexer.linkedFolderAt(root.root(), root.rules(), path);
        looked.add(new Looked(path, indexable, entry, problems, linked));
      }
      synchronized (lock) {
        State current = state;
        if (current.roots().get(rootName) != root) {
          continue; // the root was removed or replaced while the files were looked at
        }
        return merge(current, root, looked);
      }
    }
  }

  /**
   * The index as {@code snapshot} and the files merged before: which entry holds each id, and the
   * entries of each type by {@link Indexer#folded} id (built for a type when a file of it is first
   * checked). Not thread-safe: one merge's, under the lock.
   */
  private static final class Merging {
    private final IndexSnapshot snapshot;
    private final Map<PrimaryAssetId, AssetEntry> changed = new HashMap<>();
    private final Map<PrimaryAssetType, Map<String, List<AssetEntry>>> folded = new HashMap<>();

    Merging(IndexSnapshot snapshot) {
      this.snapshot = snapshot;
    }

    /** The entry, listed or hidden, that holds {@code id} now; null when none does. */
    AssetEntry holder(PrimaryAssetId id) {
      return changed.containsKey(id) ? changed.get(id) : snapshot.anyEntry(id);
    }

    /** An entry, listed or hidden, whose id differs from {@code id} only in case; null when none does. */
    AssetEntry caseVariantOf(PrimaryAssetId id) {
      for (AssetEntry other : foldedOf(id.type()).getOrDefault(Indexer.folded(id), List.of())) {
        if (!other.id().name().equals(id.name())) {
          return other;
        }
      }
      return null;
    }

    // Each builds the type's folded ids before it changes anything, so they hold each entry once.
    void remove(AssetEntry entry) {
      List<AssetEntry> same = foldedOf(entry.id().type()).get(Indexer.folded(entry.id()));
      changed.put(entry.id(), null);
      if (same != null) {
        same.remove(entry);
      }
    }

    void add(AssetEntry entry) {
      Map<String, List<AssetEntry>> byFolded = foldedOf(entry.id().type());
      changed.put(entry.id(), entry);
      byFolded.computeIfAbsent(Indexer.folded(entry.id()), key -> new ArrayList<>(1)).add(entry);
    }

    private Map<String, List<AssetEntry>> foldedOf(PrimaryAssetType type) {
      return folded.computeIfAbsent(type, t -> {
        Map<String, List<AssetEntry>> byFolded = new HashMap<>();
        for (PrimaryAssetId id : snapshot.ids(t)) {
          if (!changed.containsKey(id)) {
            byFolded.computeIfAbsent(Indexer.folded(id), key -> new ArrayList<>(1)).add(snapshot.get(id));
          }
        }
        for (IndexSnapshot.Newer hidden : snapshot.newerEntries()) {
          PrimaryAssetId id = hidden.entry().id();
          if (id.type().equals(t) && !changed.containsKey(id)) {
            byFolded.computeIfAbsent(Indexer.folded(id), key -> new ArrayList<>(1)).add(hidden.entry());
          }
        }
        for (AssetEntry entry : changed.values()) {
          if (entry != null && entry.id().type().equals(t)) {
            byFolded.computeIfAbsent(Indexer.folded(entry.id()), key -> new ArrayList<>(1)).add(entry);
          }
        }
        return byFolded;
      });
    }
  }

  private List<Outcome> merge(State current, Root indexed, List<Looked> files) {
    ContentRoot root = indexed.root();
    IndexSnapshot snapshot = current.snapshot();
    List<Problem> warnings = linkWarnings(snapshot.warnings(), indexed, files);
    Merging merging = new Merging(snapshot);
    List<AssetEntry> removed = new ArrayList<>();
    List<AssetEntry> added = new ArrayList<>();
    List<AssetPath> shown = new ArrayList<>();
    List<Outcome> outcomes = new ArrayList<>(files.size());
    for (Looked file : files) {
      AssetPath path = file.path();
      // A file hidden as saved by a newer engine changed: whether it still is is found when it is read again.
      IndexSnapshot.Newer hidden = snapshot.newerAt(root.name(), path);
      PrimaryAssetId existingId = snapshot.idAt(root.name(), path);
      AssetEntry existing = existingId == null ? null : snapshot.get(existingId);
      PrimaryAssetId previous = existingId != null ? existingId : hidden == null ? null : hidden.entry().id();
      if (!file.indexable()) {
        if (existing == null) {
          if (hidden == null) {
            outcomes.add(new Outcome(path, null, new Reindexed(IndexChange.UNCHANGED, null), List.of()));
            continue;
          }
          shown.add(path);
          merging.remove(hidden.entry());
          outcomes.add(new Outcome(path, null, new Reindexed(IndexChange.REMOVED, previous), List.of()));
          continue;
        }
        removed.add(existing);
        merging.remove(existing);
        outcomes.add(new Outcome(path, null, new Reindexed(IndexChange.REMOVED, existingId), List.of()));
        continue;
      }
      List<Problem> problems = new ArrayList<>(file.problems());
      AssetEntry entry = file.entry();
      if (entry != null) {
        AssetEntry clash = merging.holder(entry.id());
        if (clash != null && !(clash.root().equals(root.name()) && clash.path().equals(path))) {
          problems.add(Indexer.duplicate(clash, entry));
        }
        AssetEntry variant = merging.caseVariantOf(entry.id());
        if (variant != null) {
          Indexer.caseVariants(List.of(variant, entry), new HashMap<>(), problems);
        }
      }
      if (!problems.isEmpty()) {
        outcomes.add(new Outcome(path, root.source().displayPath(path), null, List.copyOf(problems)));
        continue;
      }
      if (existing != null && existing.equals(entry)) {
        outcomes.add(new Outcome(path, null, new Reindexed(IndexChange.UPDATED, existingId), List.of()));
        continue;
      }
      if (hidden != null) {
        shown.add(path);
        merging.remove(hidden.entry());
      }
      if (existing != null) {
        removed.add(existing);
        merging.remove(existing);
      }
      added.add(entry);
      merging.add(entry);
      outcomes.add(new Outcome(path, null,
          new Reindexed(existing == null && hidden == null ? IndexChange.ADDED : IndexChange.UPDATED, previous), List.of()));
    }
    if (!shown.isEmpty() || !removed.isEmpty() || !added.isEmpty() || warnings != snapshot.warnings()) {
      IndexSnapshot next = snapshot;
      for (AssetPath path : shown) {
        next = next.withoutNewer(root.name(), path);
      }
      if (!removed.isEmpty() || !added.isEmpty() || warnings != snapshot.warnings()) {
        next = next.change(removed, added, next.typeClasses(), warnings);
      }
      state = current.with(next);
    }
    return outcomes;
  }

  /**
   * The index's warnings with those of the links to folders among {@code files} brought up to date,
   * as the index of the whole root would give them: a link made while the game runs is warned of
   * (once), one taken away or made a folder no longer is. {@code warnings} itself when nothing
   * changes. Not logged: live content reports them with the change ({@code LiveReload#problems}),
   * and a host that reindexes by itself reads {@link IndexSnapshot#warnings()}.
   */
  private static List<Problem> linkWarnings(List<Problem> warnings, Root root, List<Looked> files) {
    List<Problem> next = null;
    boolean anyLinked = warnings.stream().anyMatch(warning -> warning.id().equals("Overture/LinkedFolder"));
    for (Looked file : files) {
      if (file.indexable() || (file.linked() == null && !anyLinked)) {
        continue; // a file is no link to a folder; and with no link warned of, a path that is none changes nothing
      }
      anyLinked = true;
      List<Problem> now = next == null ? warnings : next;
      List<Problem> kept = new ArrayList<>(now.size() + 1);
      for (Problem warning : now) {
        if (!Indexer.isLinkedFolderAt(warning, root.root(), root.rules(), file.path())) {
          kept.add(warning);
        }
      }
      if (file.linked() != null) {
        kept.add(file.linked());
      }
      if (!kept.equals(now)) {
        next = kept;
      }
    }
    return next == null ? warnings : List.copyOf(next);
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
      state = current.with(current.snapshot().hide(entry, problem));
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
