package dev.overture.validation;

import dev.overture.asset.AssetKey;
import dev.overture.asset.AssetTools;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.PrimaryAssetId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The validator's reads ahead of its loads: it loads every asset in turn and waits for each, so
 * without this the workers would sit idle while it checked one load's outcome and started the
 * next. Before the load of the asset at {@code position} of {@code order}, {@link #before} keeps
 * the next {@link #WINDOW} assets or so being read on the workers ({@link AssetTools#readAhead}),
 * in batches of that size, the next started when the loads reach the middle of the one before; a
 * batch is released once the loads are past it (the loads hold what they reached; what a failed
 * or timed-out load did not reach is read again by whoever needs it).
 *
 * <p>Bounded: a load waits behind at most two batches of assets (and what they reference) read
 * ahead of it, where reading every asset ahead at once would queue the first load's references
 * behind every other file; and a chain of assets each referencing the next is walked by each batch
 * that reaches it, not once per asset. An asset a load already reached, or behind the loads, is not
 * read ahead. Used by one thread, the validator's; {@link #close} releases every batch. On a
 * host's executor the batches read nothing (see {@link AssetTools#readAhead}).
 */
final class ReadAhead implements AutoCloseable {

  /** How many assets a batch reads ahead. */
  static final int WINDOW = 64;

  private final AssetTools tools;
  private final List<PrimaryAssetId> order;
  private final List<String> bundles;
  private final Map<AssetKey, Object> reached;
  /** The batches not yet released, oldest first, each with the position its last asset ends before. */
  private final ArrayDeque<Batch> batches = new ArrayDeque<>();
  /** The position the next batch starts at. */
  private int next;

  private record Batch(LoadHandle handle, int end) {}

  /**
   * @param reached what the loads so far reached, as the validator fills it: an asset in it is
   *     not read ahead
   */
  ReadAhead(AssetTools tools, List<PrimaryAssetId> order, List<String> bundles, Map<AssetKey, Object> reached) {
    this.tools = tools;
    this.order = order;
    this.bundles = bundles;
    this.reached = reached;
  }

  /** Called before the load of the asset at {@code position}: releases the batches behind it and starts the next when due. */
  void before(int position) {
    while (!batches.isEmpty() && batches.peekFirst().end() <= position) {
      batches.pollFirst().handle().release();
    }
    next = Math.max(next, position); // after assets skipped as reached: never read behind the loads
    if (next < order.size() && position >= next - WINDOW / 2) {
      int end = Math.min(order.size(), next + WINDOW);
      Collection<PrimaryAssetId> ids = new ArrayList<>();
      for (PrimaryAssetId id : order.subList(next, end)) {
        if (!reached.containsKey(id)) {
          ids.add(id);
        }
      }
      if (!ids.isEmpty()) {
        batches.addLast(new Batch(tools.readAhead(ids, bundles), end));
      }
      next = end;
    }
  }

  @Override
  public void close() {
    while (!batches.isEmpty()) {
      batches.pollFirst().handle().release();
    }
  }
}
