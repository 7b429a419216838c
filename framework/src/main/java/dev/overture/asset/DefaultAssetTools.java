package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.version.AssetVersions;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** The tool view of a {@link DefaultAssetManager}, on its parts. Thread-safe as they are. */
final class DefaultAssetTools implements AssetTools {

  private final DefaultAssetManager manager;
  private final ContentIndex index;
  private final SlotTable slots;
  private final AssetFiles files;
  private final AssetJson json;

  DefaultAssetTools(
      DefaultAssetManager manager,
      ContentIndex index,
      SlotTable slots,
      AssetFiles files,
      AssetJson json) {
    this.manager = manager;
    this.index = index;
    this.slots = slots;
    this.files = files;
    this.json = json;
  }

  @Override
  public IndexChange reindex(String root, AssetPath path) {
    manager.checkOpen();
    ContentIndex.Reindexed reindexed = index.reindex(root, path);
    dropCopies(root, path, reindexed);
    return reindexed.change();
  }

  @Override
  public Map<AssetPath, IndexChange> reindex(String root, Collection<AssetPath> paths) {
    Objects.requireNonNull(paths, "paths must not be null");
    manager.checkOpen();
    Map<AssetPath, IndexChange> changes = new LinkedHashMap<>();
    List<Problem> problems = new java.util.ArrayList<>();
    List<String> refused = new java.util.ArrayList<>();
    for (ContentIndex.Outcome outcome : index.reindex(root, List.copyOf(paths))) {
      if (outcome.reindexed() == null) {
        refused.add(outcome.file());
        problems.addAll(outcome.problems());
        continue;
      }
      dropCopies(root, outcome.path(), outcome.reindexed());
      changes.put(outcome.path(), outcome.reindexed().change());
    }
    if (!problems.isEmpty()) {
      throw new AssetIndexException(String.join(", ", refused), problems);
    }
    return java.util.Collections.unmodifiableMap(changes);
  }

  /** Drops the unpinned loaded copies of a file that changed, so the next load reads it again. */
  private void dropCopies(String root, AssetPath path, ContentIndex.Reindexed reindexed) {
    if (reindexed.change() != IndexChange.UNCHANGED) {
      if (reindexed.previous() != null) {
        slots.dropUnpinned(reindexed.previous());
      }
      slots.dropUnpinnedFiles(root, path);
    }
  }

  @Override
  public StagedContent stage(Collection<ContentFile> changed) {
    manager.checkOpen();
    if (changed.isEmpty()) {
      throw new IllegalArgumentException("a stage needs at least one changed file");
    }
    return new Staging(manager, index, files, slots, changed);
  }

  @Override
  public LoadHandle readAhead(Collection<PrimaryAssetId> ids, Collection<String> bundles) {
    return manager.readAhead(ids, bundles);
  }

  @Override
  public List<ScanRule> scanRules() {
    return index.scanRules();
  }

  @Override
  public List<String> kinds(Class<?> base) {
    return json.kinds().namesAssignableTo(base);
  }

  @Override
  public List<String> classes(Class<?> base) {
    return json.kinds().classNamesAssignableTo(base);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <B> Optional<Class<? extends B>> kind(Class<B> base, String name) {
    return Optional.ofNullable((Class<? extends B>) json.kinds().find(base, name));
  }

  @Override
  public Optional<String> kindName(Class<?> type) {
    return Optional.ofNullable(json.kinds().nameOf(type));
  }

  @Override
  public Map<String, Class<?>> assetClasses() {
    return json.assetClasses();
  }

  @Override
  public <T> BoundFile<T> bindFile(AssetSource source, String rootName, AssetPath path, Class<T> type) {
    return files.bindFile(source, rootName, path, type);
  }

  @Override
  public CompletableFuture<SourceLocation> locate(PrimaryAssetId id, String pointer) {
    SourceLocation unlocated = SourceLocation.at(files.fileOf(id), pointer);
    CompletableFuture<SourceLocation> located = new CompletableFuture<>();
    try {
      slots.workers().execute(() -> {
        try {
          located.complete(files.locate(id, unlocated));
        } catch (RuntimeException e) {
          // As the list's: a failure here must not leave the future (and a failing load that waits
          // on it to reach Failed) waiting for good; the pointer alone still names the place.
          located.complete(unlocated);
        }
      });
    } catch (Throwable e) { // refused, or failed while taking it: the place stays unlocated
      located.complete(unlocated);
    }
    return located;
  }

  @Override
  public CompletableFuture<List<SourceLocation>> locate(PrimaryAssetId id, List<String> pointers) {
    List<String> wanted = List.copyOf(pointers);
    CompletableFuture<List<SourceLocation>> located = new CompletableFuture<>();
    try {
      slots.workers().execute(() -> {
        try {
          located.complete(files.locateAll(id, wanted));
        } catch (RuntimeException e) {
          located.complete(unlocated(id, wanted));
        }
      });
    } catch (Throwable e) { // refused, or failed while taking it: the places stay unlocated
      located.complete(unlocated(id, wanted));
    }
    return located;
  }

  private List<SourceLocation> unlocated(PrimaryAssetId id, List<String> pointers) {
    String file = files.fileOf(id);
    return pointers.stream().map(pointer -> SourceLocation.at(file, pointer)).toList();
  }

  @Override
  public SourceLocation locate(byte[] json, String file, String pointer) {
    return files.locate(json, SourceLocation.at(file, pointer));
  }

  @Override
  public Map<PrimaryAssetId, Problem> checkVersions() {
    manager.checkOpen();
    return files.checkVersions();
  }

  @Override
  public Map<PrimaryAssetId, Problem> checkVersions(PrimaryAssetType type) {
    Objects.requireNonNull(type, "type");
    manager.checkOpen();
    return files.checkVersions(type);
  }

  @Override
  public AssetVersions versions() {
    return json.versions();
  }

  @Override
  public ResaveReport resave(boolean dryRun) {
    manager.checkOpen();
    // Hides the assets a newer engine saved first, so that every reference to one is refused.
    files.checkVersions();
    Map<String, ContentRoot> roots = new LinkedHashMap<>();
    ContentIndex.State state = index.state();
    state.roots().forEach((name, root) -> roots.put(name, root.root()));
    return new Resaver(json, json.versions(), state.snapshot(), roots, files::read).run(dryRun);
  }

  @Override
  public String toString() {
    return "AssetTools[" + manager + "]";
  }
}
