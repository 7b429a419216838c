package dev.overture.asset;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The asset manager's own pins, like Unreal's bundle state of primary assets: for each kept id,
 * the bundles kept loaded and the load that holds them. A change starts a new load; once it has
 * loaded, the previous one is released (so references only in removed bundles are unpinned), and
 * if it fails, the previous state comes back.
 *
 * <p>Thread-safe: the map is guarded by a lock held only to read or replace entries; loads are
 * started and released outside it.
 */
final class BundleStates {

  /**
   * A kept id's bundles, the load that pins them, and, until that load has loaded, the hold to go
   * back to if it fails (the state before the change). A later change made while this one loads
   * falls back to this one; if this one fails first, the later one falls back to this one's own
   * fallback instead, so the state that last loaded is never released while a change may return to it.
   */
  private static final class Hold {
    final Set<String> bundles;
    final DefaultLoadHandle handle;
    /** Guarded by the lock; null once the load has ended, or when there was no state before. */
    Hold fallback;

    Hold(Set<String> bundles, DefaultLoadHandle handle, Hold fallback) {
      this.bundles = bundles;
      this.handle = handle;
      this.fallback = fallback;
    }

    Set<String> bundles() {
      return bundles;
    }

    DefaultLoadHandle handle() {
      return handle;
    }
  }

  private final BiFunction<List<PrimaryAssetId>, Set<String>, DefaultLoadHandle> loads;
  private final Object lock = new Object();
  private final Map<PrimaryAssetId, Hold> holds = new HashMap<>();

  /** @param loads makes a load, not yet started, of the ids with the bundles */
  BundleStates(BiFunction<List<PrimaryAssetId>, Set<String>, DefaultLoadHandle> loads) {
    this.loads = loads;
  }

  /** See {@link AssetManager#changeBundleState}. */
  LoadHandle change(Collection<PrimaryAssetId> ids, Set<String> add, Set<String> remove) {
    List<LoadHandle> observers = new ArrayList<>();
    List<Runnable> afterStart = new ArrayList<>();
    synchronized (lock) {
      for (PrimaryAssetId id : new LinkedHashSet<>(ids)) {
        Hold old = holds.get(id);
        Set<String> next = new HashSet<>(old == null ? Set.of() : old.bundles());
        next.addAll(add);
        next.removeAll(remove);
        Set<String> bundles = Set.copyOf(next);
        if (old != null && bundles.equals(old.bundles())) {
          observers.add(new ObserverHandle(old.handle()));
          continue;
        }
        DefaultLoadHandle holder = loads.apply(List.of(id), bundles);
        Hold hold = new Hold(bundles, holder, old);
        holds.put(id, hold);
        observers.add(new ObserverHandle(holder));
        afterStart.add(
            () -> {
              holder.start();
              holder.future().whenComplete((result, error) -> settle(id, hold, error == null));
            });
      }
    }
    afterStart.forEach(Runnable::run);
    // Several ids: the combined handle is a view too, so that cancelling it cancels nothing.
    return observers.size() == 1 ? observers.get(0) : new ObserverHandle(LoadHandle.combine(observers));
  }

  /**
   * Once a change has loaded or failed: on success the previous state's pins go; on failure the
   * previous state comes back. When a later change has replaced this one meanwhile, that change
   * takes over the previous state as its own fallback (it would otherwise fall back to this failed
   * one, which pins nothing, while the state that last loaded was released); one that has loaded
   * already, or an unload, has let go of this one, and the previous state goes with it.
   */
  private void settle(PrimaryAssetId id, Hold hold, boolean loaded) {
    Hold release;
    synchronized (lock) {
      release = hold.fallback;
      hold.fallback = null;
      if (!loaded) {
        if (holds.get(id) == hold) {
          if (release != null) {
            holds.put(id, release);
          } else {
            holds.remove(id);
          }
          release = null;
        } else {
          Hold later = fallingBackTo(id, hold);
          if (later != null) {
            later.fallback = release;
            release = null;
          }
        }
      }
    }
    if (!loaded) {
      hold.handle().release();
    }
    if (release != null) {
      release.handle().release();
    }
  }

  /** The change, still loading, that falls back to {@code hold}; null when none does. Under the lock. */
  private Hold fallingBackTo(PrimaryAssetId id, Hold hold) {
    for (Hold later = holds.get(id); later != null; later = later.fallback) {
      if (later.fallback == hold) {
        return later;
      }
    }
    return null;
  }

  /** The bundles kept for {@code id}, if it is kept. */
  Optional<Set<String>> of(PrimaryAssetId id) {
    synchronized (lock) {
      Hold hold = holds.get(id);
      return hold == null ? Optional.empty() : Optional.of(hold.bundles());
    }
  }

  /** Stops keeping {@code ids}; returns how many were kept. */
  int unload(Collection<PrimaryAssetId> ids) {
    List<Hold> released = new ArrayList<>();
    synchronized (lock) {
      for (PrimaryAssetId id : ids) {
        Hold hold = holds.remove(id);
        if (hold != null) {
          released.add(hold);
        }
      }
    }
    released.forEach(hold -> hold.handle().release());
    return released.size();
  }

  /** The bundles kept, by id: a copy. */
  Map<PrimaryAssetId, Set<String>> all() {
    synchronized (lock) {
      Map<PrimaryAssetId, Set<String>> copy = new HashMap<>();
      holds.forEach((id, hold) -> copy.put(id, hold.bundles()));
      return copy;
    }
  }

  /** How many ids are kept. */
  int size() {
    synchronized (lock) {
      return holds.size();
    }
  }

  /** Stops keeping everything. */
  void releaseAll() {
    List<Hold> released;
    synchronized (lock) {
      released = new ArrayList<>(holds.values());
      holds.clear();
    }
    released.forEach(hold -> hold.handle().release());
  }
}
