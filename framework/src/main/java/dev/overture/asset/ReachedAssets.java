package dev.overture.asset;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * What one load reached and the pins it holds: while the load runs, a {@link Node} per asset (where
 * it was reached from, its value once bound, its pin); once the load has finished, only the slots it
 * pins, and the assets a {@link Staging} read for it, to pin when the stage is committed (a node and
 * its map entry are about 80 bytes an asset, a held slot 4). Owned by its {@link DefaultLoadHandle},
 * which reaches and processes the nodes; a release, a finish and a stage's commit hand the pins over
 * under one lock, and each pin goes to whichever of them flips it first. Thread-safe.
 */
final class ReachedAssets {

  /**
   * An asset the load reached: the asset whose reference led here (none for a requested one) and
   * where in it, its value once bound, and whether the load still pins it. The pin is released
   * exactly once, by whoever flips {@code pinned} from 1 to 0. A node a {@link Staging} read has no
   * slot (and no pin) until the stage is committed. It is also the callback of the asset's load,
   * where a lambda was one more object for each asset.
   */
  static final class Node implements BiConsumer<Loaded, Throwable> {
    private static final AtomicIntegerFieldUpdater<Node> PINNED =
        AtomicIntegerFieldUpdater.newUpdater(Node.class, "pinned");

    private final DefaultLoadHandle handle;
    private final AssetKey key;
    final AssetKey from;
    /**
     * Where the reference was, for the problem of a load that fails; dropped once the asset has
     * loaded (a load completes once), so a held handle keeps no path per asset. Written and read by
     * the thread that processes the asset's completed load.
     */
    ReferenceScanner.Step where;
    final boolean staged;
    /** The slot pinned, written before {@code pinned} becomes 1. */
    Slot slot;
    private volatile int pinned;
    /** The bound value, once processed; read when the load completes. */
    volatile Object value;

    Node(DefaultLoadHandle handle, AssetKey key, AssetKey from, ReferenceScanner.Step where, boolean staged) {
      this.handle = handle;
      this.key = key;
      this.from = from;
      this.where = where;
      this.staged = staged;
    }

    void markPinned(Slot pinnedSlot) {
      slot = pinnedSlot;
      pinned = 1;
    }

    boolean unpinOnce() {
      return PINNED.compareAndSet(this, 1, 0);
    }

    /** The load of this asset completed: its handle processes it, on the completing thread. */
    @Override
    public void accept(Loaded loaded, Throwable error) {
      handle.completed(key, loaded, error);
    }
  }

  private final SlotTable slots;
  /** The nodes while the load runs; null once it has finished, when only {@link #held} and {@link #unadopted} are kept. */
  private volatile Map<AssetKey, Node> nodes = new ConcurrentHashMap<>();
  /** Guards {@link #held} and {@link #unadopted}, and the hand-over from {@link #nodes} to them. */
  private final Object pinLock = new Object();
  /** Once the load has finished: a slot per pin it holds, until released. */
  private Slot[] held;
  /** Once the load has finished: what a {@link Staging} read for it, not pinned until the stage is committed. */
  private AssetKey[] unadopted;

  ReachedAssets(SlotTable slots) {
    this.slots = slots;
  }

  /** Records {@code node} for {@code key}; false when the load has reached {@code key} before. While the load runs. */
  boolean add(AssetKey key, Node node) {
    return nodes.putIfAbsent(key, node) == null;
  }

  /** The node of {@code key}; null when the load did not reach it. While the load runs. */
  Node get(AssetKey key) {
    return nodes.get(key);
  }

  /**
   * Finishes the load if {@code finishes} (its status changing from loading, which must happen
   * here: a stage committed as soon as it sees the load finished must find the pins handed over,
   * not the nodes of a load it would take for cancelled). No node changes any more: the slots the
   * load pins take the place of the nodes. In the same pass, when {@code collectValues}, gathers
   * what the load bound, as {@link LoadResult} keeps it: keys and values in turn (an asset that
   * loaded as null left out).
   *
   * @return those pairs, empty unless {@code collectValues}; null when {@code finishes} said no
   */
  Object[] finish(BooleanSupplier finishes, boolean collectValues) {
    synchronized (pinLock) {
      if (!finishes.getAsBoolean()) {
        return null;
      }
      Map<AssetKey, Node> reached = nodes;
      List<Slot> pinned = new ArrayList<>(reached.size());
      List<AssetKey> staged = new ArrayList<>();
      Object[] values = new Object[collectValues ? reached.size() * 2 : 0];
      int[] filled = {0};
      reached.forEach((key, node) -> {
        if (node.staged) {
          staged.add(key);
        } else if (node.unpinOnce()) {
          pinned.add(node.slot);
        }
        Object value = node.value;
        if (collectValues && value != null) {
          values[filled[0]++] = key;
          values[filled[0]++] = value;
        }
      });
      held = pinned.toArray(new Slot[0]);
      unadopted = staged.toArray(new AssetKey[0]);
      nodes = null;
      return filled[0] == values.length ? values : Arrays.copyOf(values, filled[0]);
    }
  }

  /** Lets go of every pin the load holds, whether it is still running or has finished. */
  void releasePins() {
    List<Slot> release = new ArrayList<>();
    synchronized (pinLock) {
      Map<AssetKey, Node> reached = nodes;
      if (reached != null) {
        for (Node node : reached.values()) {
          if (node.unpinOnce()) {
            release.add(node.slot);
          }
        }
      } else {
        release.addAll(Arrays.asList(held));
        held = new Slot[0];
      }
    }
    for (Slot slot : release) {
      slots.unpin(slot);
    }
  }

  /**
   * The stage the load belongs to was committed: pins, in the slot table, what the stage read for
   * it ({@code committed} gives each asset's value, null when its read failed), so that from now on
   * the load holds them as it holds what it read itself. A load {@code released} meanwhile lets go
   * of them at once.
   */
  void adoptStaged(Function<AssetKey, Loaded> committed, BooleanSupplier released) {
    synchronized (pinLock) {
      Map<AssetKey, Node> reached = nodes;
      if (reached != null) { // cancelled before it finished (a finished load has handed its nodes over)
        reached.forEach((key, node) -> {
          if (node.staged) {
            Loaded loaded = committed.apply(key);
            if (loaded != null) {
              node.markPinned(slots.pinCommitted(key, loaded));
              if (node.unpinOnce()) {
                slots.unpin(node.slot);
              }
            }
          }
        });
        return;
      }
      List<Slot> adopted = new ArrayList<>(Arrays.asList(held));
      for (AssetKey key : unadopted) {
        Loaded loaded = committed.apply(key);
        if (loaded == null) {
          continue; // its read failed: there is nothing to hold
        }
        Slot slot = slots.pinCommitted(key, loaded);
        if (released.getAsBoolean()) {
          slots.unpin(slot); // released meanwhile: its pins are already gone
        } else {
          adopted.add(slot);
        }
      }
      held = adopted.toArray(new Slot[0]);
      unadopted = new AssetKey[0];
    }
  }
}
