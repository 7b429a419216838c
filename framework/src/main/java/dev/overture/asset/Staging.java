package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.internal.Failures;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;

/**
 * The {@link StagedContent} of a {@link DefaultAssetManager}: its own reads of the changed files
 * (one future per key, so loads of the stage share them) beside the manager's slot table, which it
 * touches only on commit. Thread-safe: reads complete on workers; commit and close take the
 * stage's lock, which nothing else holds.
 */
final class Staging implements StagedContent {

  private final DefaultAssetManager manager;
  private final ContentIndex index;
  private final AssetFiles files;
  private final SlotTable slots;
  private final Set<ContentFile> changed;
  private final Map<AssetKey, CompletableFuture<Loaded>> reads = new ConcurrentHashMap<>();
  private final List<DefaultLoadHandle> handles = new CopyOnWriteArrayList<>();
  private final Object lock = new Object();
  private volatile boolean committed;
  private volatile boolean closed;

  Staging(DefaultAssetManager manager, ContentIndex index, AssetFiles files, SlotTable slots, Collection<ContentFile> changed) {
    this.manager = manager;
    this.index = index;
    this.files = files;
    this.slots = slots;
    this.changed = Set.copyOf(new LinkedHashSet<>(changed));
  }

  @Override
  public Set<ContentFile> files() {
    return changed;
  }

  @Override
  public boolean covers(AssetKey key) {
    if (key instanceof SoftRef<?> ref) {
      return changed.contains(new ContentFile(ref.root(), ref.path()));
    }
    PrimaryAssetId id = (PrimaryAssetId) key;
    IndexSnapshot snapshot = index.snapshot();
    AssetEntry entry = snapshot.get(id);
    if (entry == null) {
      IndexSnapshot.Newer newer = snapshot.newer(id);
      entry = newer == null ? null : newer.entry();
    }
    return entry != null && changed.contains(new ContentFile(entry.root(), entry.path()));
  }

  /** The stage's read of {@code key}, started on the workers the first time a load reaches it. */
  CompletableFuture<Loaded> read(AssetKey key) {
    CompletableFuture<Loaded> created = new CompletableFuture<>();
    CompletableFuture<Loaded> existing = reads.putIfAbsent(key, created);
    if (existing != null) {
      return existing;
    }
    try {
      slots.workers().execute(() -> {
        try {
          created.complete(files.readAndBind(key));
        } catch (Throwable e) {
          created.completeExceptionally(e);
        }
      });
    } catch (Throwable e) { // refused, or failed while taking it: this read fails now rather than never
      String label = AssetKey.label(key);
      String why = e instanceof RejectedExecutionException
          ? "The worker executor rejected the read of " + label
          : "The worker executor failed to take the read of " + label + ": " + dev.overture.internal.Failures.describe(e);
      created.completeExceptionally(new AssetLoadException(label,
          List.of(Problem.error("Overture/Rejected", why).withAsset(label))));
    }
    return created;
  }

  @Override
  public LoadHandle load(Collection<PrimaryAssetId> ids, Collection<String> bundles) {
    DefaultLoadHandle handle;
    synchronized (lock) {
      if (committed || closed) {
        throw new IllegalStateException("the stage of " + changed + " is " + (committed ? "committed" : "closed"));
      }
      handle = manager.newHandle(ids, bundles, this, false);
      handles.add(handle);
    }
    handle.start(); // outside the lock: a load of assets already in memory runs its traversal here
    return handle;
  }

  @Override
  public Optional<Object> staged(AssetKey key) {
    Loaded loaded = loadedOrNull(key);
    return loaded == null ? Optional.empty() : Optional.ofNullable(loaded.value());
  }

  private Loaded loadedOrNull(AssetKey key) {
    CompletableFuture<Loaded> read = reads.get(key);
    return read == null || !read.isDone() || read.isCompletedExceptionally() ? null : read.join();
  }

  @Override
  public Map<AssetKey, List<Problem>> failures() {
    Map<AssetKey, List<Problem>> failed = new LinkedHashMap<>();
    reads.forEach((key, read) -> {
      if (read.isCompletedExceptionally()) {
        try {
          read.join();
        } catch (CompletionException e) {
          Throwable cause = e.getCause() != null ? e.getCause() : e;
          String label = AssetKey.label(key);
          failed.put(key, cause instanceof AssetLoadException load ? load.problems()
              : List.of(Problem.error("Overture/LoadFailed", "Reading " + label + " failed: " + Failures.describe(cause)).withAsset(label)));
        }
      }
    });
    return failed;
  }

  @Override
  public void commit() {
    synchronized (lock) {
      if (committed || closed) {
        throw new IllegalStateException("the stage of " + changed + " is already " + (committed ? "committed" : "closed"));
      }
      for (DefaultLoadHandle handle : handles) {
        if (handle.status() == LoadHandle.Status.LOADING) {
          throw new IllegalStateException("a load of the stage is still in progress: " + handle);
        }
      }
      manager.checkOpen();
      committed = true;
    }
    reads.forEach((key, read) -> {
      Loaded loaded = loadedOrNull(key);
      if (loaded != null) {
        slots.replaceValue(key, loaded);
      }
    });
    for (DefaultLoadHandle handle : handles) {
      handle.adoptStaged(this::loadedOrNull);
    }
  }

  @Override
  public boolean isCommitted() {
    return committed;
  }

  @Override
  public void close() {
    synchronized (lock) {
      closed = true;
    }
  }

  @Override
  public String toString() {
    return "StagedContent[" + changed + (committed ? ", committed" : closed ? ", closed" : "") + "]";
  }
}
