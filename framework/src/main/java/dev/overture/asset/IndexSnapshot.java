package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.internal.Choices;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One immutable state of the index. Changes build a new snapshot from the old one, touching only
 * the entries and types they concern, and publish it at once, so readers always see a whole state.
 */
final class IndexSnapshot implements AssetIndex {

  /** A file of a content root. */
  record RootFile(String root, AssetPath path) {}

  /** An asset hidden from the ids because a newer engine saved it, and the problem that says so. */
  record Newer(AssetEntry entry, Problem problem) {}

  static final IndexSnapshot EMPTY =
      new IndexSnapshot(Map.of(), Map.of(), null, Map.of(), List.of(), Map.of());

  private final Map<PrimaryAssetId, AssetEntry> byId;
  private final Map<PrimaryAssetType, List<PrimaryAssetId>> byType;
  /**
   * Ids by file, built from {@link #byId} the first time a file is looked up (reindexing after a
   * file changed), then carried from snapshot to snapshot. Building it with every index cost a
   * fifth of the time of indexing a root of 100,000 files, and most games never reindex. Null
   * until built; two threads may both build it, to equal maps.
   */
  private volatile Map<RootFile, PrimaryAssetId> byFile;
  private final Map<PrimaryAssetType, Class<?>> typeClasses;
  private final List<Problem> warnings;
  /** Assets a newer engine saved, found when their files were read: in no list of ids. */
  private final Map<PrimaryAssetId, Newer> newer;

  private IndexSnapshot(
      Map<PrimaryAssetId, AssetEntry> byId,
      Map<PrimaryAssetType, List<PrimaryAssetId>> byType,
      Map<RootFile, PrimaryAssetId> byFile,
      Map<PrimaryAssetType, Class<?>> typeClasses,
      List<Problem> warnings,
      Map<PrimaryAssetId, Newer> newer) {
    this.byId = byId;
    this.byType = byType;
    this.byFile = byFile;
    this.typeClasses = typeClasses;
    this.warnings = warnings;
    this.newer = newer;
  }

  @Override
  public Set<PrimaryAssetType> types() {
    return Collections.unmodifiableSet(new TreeSet<>(typeClasses.keySet()));
  }

  @Override
  public List<PrimaryAssetId> ids(PrimaryAssetType type) {
    return byType.getOrDefault(type, List.of());
  }

  @Override
  public List<PrimaryAssetId> ids() {
    List<PrimaryAssetId> all = new ArrayList<>(byId.size());
    new TreeMap<>(byType).values().forEach(all::addAll);
    return Collections.unmodifiableList(all);
  }

  @Override
  public Optional<AssetEntry> find(PrimaryAssetId id) {
    return Optional.ofNullable(byId.get(id));
  }

  AssetEntry get(PrimaryAssetId id) {
    return byId.get(id);
  }

  @Override
  public Map<PrimaryAssetId, Problem> newerAssets() {
    Map<PrimaryAssetId, Problem> problems = new TreeMap<>();
    newer.forEach((id, hidden) -> problems.put(id, hidden.problem()));
    return Collections.unmodifiableMap(problems);
  }

  /** The hidden assets, in no order. */
  java.util.Collection<Newer> newerEntries() {
    return newer.values();
  }

  /** The hidden asset {@code id}, or null. */
  Newer newer(PrimaryAssetId id) {
    return newer.get(id);
  }

  /** The entry of {@code id}, listed or hidden as newer; null when there is neither. */
  AssetEntry anyEntry(PrimaryAssetId id) {
    AssetEntry entry = byId.get(id);
    if (entry == null) {
      Newer hidden = newer.get(id);
      return hidden == null ? null : hidden.entry();
    }
    return entry;
  }

  /** Every entry, listed or hidden as newer, by {@link Indexer#folded} id: for a root that joins. */
  Map<String, AssetEntry> byFoldedId() {
    Map<String, AssetEntry> folded = new HashMap<>(capacityFor(byId.size() + (long) newer.size()));
    for (AssetEntry entry : byId.values()) {
      folded.put(Indexer.folded(entry.id()), entry);
    }
    for (Newer hidden : newer.values()) {
      folded.put(Indexer.folded(hidden.entry().id()), hidden.entry());
    }
    return folded;
  }

  /** An entry, listed or hidden, whose id differs from {@code id} only in case; null when none does. */
  AssetEntry caseVariantOf(PrimaryAssetId id) {
    for (PrimaryAssetId other : ids(id.type())) {
      if (!other.name().equals(id.name()) && Indexer.folded(other).equals(Indexer.folded(id))) {
        return byId.get(other);
      }
    }
    for (Newer hidden : newer.values()) {
      PrimaryAssetId other = hidden.entry().id();
      if (other.type().equals(id.type()) && !other.name().equals(id.name()) && Indexer.folded(other).equals(Indexer.folded(id))) {
        return hidden.entry();
      }
    }
    return null;
  }

  /** The hidden asset whose file is {@code path} of {@code root}, or null. */
  Newer newerAt(String root, AssetPath path) {
    for (Newer hidden : newer.values()) {
      if (hidden.entry().root().equals(root) && hidden.entry().path().equals(path)) {
        return hidden;
      }
    }
    return null;
  }

  /** This index with {@code entry} out of the ids and kept as saved by a newer engine, because of {@code problem}. */
  IndexSnapshot hide(AssetEntry entry, Problem problem) {
    IndexSnapshot without = change(List.of(entry), List.of(), typeClasses, warnings);
    Map<PrimaryAssetId, Newer> more = new HashMap<>(newer);
    more.put(entry.id(), new Newer(entry, problem));
    return new IndexSnapshot(without.byId, without.byType, without.byFile, typeClasses, warnings, Map.copyOf(more));
  }

  /** This index without the hidden assets of content root {@code root} ({@code path} only, unless null). */
  IndexSnapshot withoutNewer(String root, AssetPath path) {
    Map<PrimaryAssetId, Newer> kept = new HashMap<>(newer);
    kept.values().removeIf(hidden -> hidden.entry().root().equals(root) && (path == null || hidden.entry().path().equals(path)));
    return kept.size() == newer.size() ? this
        : new IndexSnapshot(byId, byType, byFile, typeClasses, warnings, Map.copyOf(kept));
  }

  PrimaryAssetId idAt(String root, AssetPath path) {
    return files().get(new RootFile(root, path));
  }

  private Map<RootFile, PrimaryAssetId> files() {
    Map<RootFile, PrimaryAssetId> files = byFile;
    if (files == null) {
      Map<RootFile, PrimaryAssetId> built = new HashMap<>(capacityFor(byId.size()));
      for (AssetEntry entry : byId.values()) {
        built.put(new RootFile(entry.root(), entry.path()), entry.id());
      }
      files = Collections.unmodifiableMap(built);
      byFile = files;
    }
    return files;
  }

  private static int capacityFor(long entries) {
    return (int) Math.min(Integer.MAX_VALUE - 8, entries * 4 / 3 + 1);
  }

  Map<PrimaryAssetType, Class<?>> typeClasses() {
    return typeClasses;
  }

  @Override
  public int size() {
    return byId.size();
  }

  @Override
  public List<Problem> warnings() {
    return warnings;
  }

  /**
   * This index with {@code removed} entries taken out and {@code added} put in; type lists are
   * rebuilt only for the types concerned.
   */
  IndexSnapshot change(
      List<AssetEntry> removed,
      List<AssetEntry> added,
      Map<PrimaryAssetType, Class<?>> newTypeClasses,
      List<Problem> newWarnings) {
    // Sized for the result up front: growing maps of 100,000 entries step by step rehashed every
    // entry several times. The map of files is kept up to date only once it has been built.
    int capacity = capacityFor(byId.size() + (long) added.size());
    Map<PrimaryAssetId, AssetEntry> ids = new HashMap<>(capacity);
    ids.putAll(byId);
    Map<RootFile, PrimaryAssetId> builtFiles = byFile;
    Map<RootFile, PrimaryAssetId> files = builtFiles == null ? null : new HashMap<>(capacity);
    if (files != null) {
      files.putAll(builtFiles);
    }
    Map<PrimaryAssetType, List<PrimaryAssetId>> types = new HashMap<>(byType);
    Set<PrimaryAssetType> touched = new HashSet<>();
    for (AssetEntry entry : removed) {
      ids.remove(entry.id());
      if (files != null) {
        files.remove(new RootFile(entry.root(), entry.path()));
      }
      touched.add(entry.id().type());
    }
    for (AssetEntry entry : added) {
      ids.put(entry.id(), entry);
      if (files != null) {
        files.put(new RootFile(entry.root(), entry.path()), entry.id());
      }
      touched.add(entry.id().type());
    }
    // Each touched type's list is rebuilt in one sort of its kept ids followed by the added ones,
    // rather than by one tree insertion per entry: indexing a root of 100,000 files spent a third
    // of its time there. Both parts are usually sorted already, which the sort merges in one pass.
    // The set of replaced ids is built only when a touched type has ids to keep: a new type (a
    // root's first scan) has none.
    Set<PrimaryAssetId> replaced = null;
    for (PrimaryAssetType type : touched) {
      List<PrimaryAssetId> kept = byType.getOrDefault(type, List.of());
      List<PrimaryAssetId> list = new ArrayList<>();
      if (!kept.isEmpty()) {
        if (replaced == null) {
          replaced = new HashSet<>();
          for (AssetEntry entry : removed) {
            replaced.add(entry.id());
          }
          for (AssetEntry entry : added) {
            replaced.add(entry.id());
          }
        }
        for (PrimaryAssetId id : kept) {
          if (!replaced.contains(id)) {
            list.add(id);
          }
        }
      }
      for (AssetEntry entry : added) {
        if (entry.id().type().equals(type)) {
          list.add(entry.id());
        }
      }
      if (list.isEmpty()) {
        types.remove(type);
      } else {
        list.sort(null);
        types.put(type, Collections.unmodifiableList(list));
      }
    }
    // The maps are new and never escape: wrapping them spares a second copy of every entry.
    return new IndexSnapshot(
        Collections.unmodifiableMap(ids), Collections.unmodifiableMap(types), files == null ? null : Collections.unmodifiableMap(files),
        Map.copyOf(newTypeClasses), List.copyOf(newWarnings), newer);
  }

  /** The entries of the content root {@code root}. */
  List<AssetEntry> entriesOf(String root) {
    List<AssetEntry> entries = new ArrayList<>();
    for (AssetEntry entry : byId.values()) {
      if (entry.root().equals(root)) {
        entries.add(entry);
      }
    }
    return entries;
  }

  @Override
  public Problem unknownAsset(PrimaryAssetId id) {
    Newer newer = newer(id);
    if (newer != null) {
      return newer.problem();
    }
    List<String> sameType = ids(id.type()).stream().map(PrimaryAssetId::toString).toList();
    if (sameType.isEmpty() && !typeClasses().containsKey(id.type())) {
      List<String> types = types().stream().map(PrimaryAssetType::name).toList();
      return Problem.error("Overture/UnknownAssetType", "No scan rule declares the type " + id.type() + " of " + id)
          .withChoices("known types", types)
          .withAsset(id.toString());
    }
    return Problem.error("Overture/UnknownAsset", "No asset " + id + " is indexed")
        .withChoices(sameType.size() > Choices.MAX_LISTED ? "closest" : "indexed", Choices.closest(id.toString(), sameType))
        .withAsset(id.toString());
  }

  @Override
  public String toString() {
    return "AssetIndex[" + byId.size() + " assets, types=" + types() + (newer.isEmpty() ? "" : ", " + newer.size() + " newer") + "]";
  }
}
