package dev.overture.live;

import dev.overture.asset.AssetKey;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.ExperienceReload;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * What live content must remember so that a world which rolled a reload back is not brought up to
 * date with the very values it rolled back from, again and again: per world, the new values of the
 * assets it refused (the manager holds them since the change was committed), until it applies a
 * newer reload; and, while a committed change is being applied, the worlds that reached Loaded
 * meanwhile, to be caught up once every world has answered.
 *
 * <p>Confined to live content's serial executor, as {@link ReloadPipeline} is.
 */
final class RollBacks {

  private final Map<World, Map<AssetKey, Object>> refused = new WeakHashMap<>();
  /**
   * Per world, the new values of tracked assets it did not take (it refused them, or the change they
   * came with rolled back): handed again with the next change that reaches the world, so that it
   * never takes the rest of that change without them.
   */
  private final Map<World, Map<Tracked, Object>> trackedPending = new WeakHashMap<>();
  /** Committed changes whose worlds have not all said how their reload ended. */
  private int applying;
  private final List<ExperienceManager> waiting = new ArrayList<>();

  /** A committed change starts being applied in its worlds. */
  void applying() {
    applying++;
  }

  /**
   * Keeps {@code manager} to catch up later when a change is being applied; false when none is and
   * it can be caught up now.
   */
  boolean deferred(ExperienceManager manager) {
    if (applying == 0) {
      return false;
    }
    waiting.add(manager);
    return true;
  }

  /** A change's worlds have all answered; the managers to catch up now (none while another is applying). */
  List<ExperienceManager> applied() {
    if (--applying > 0) {
      return List.of();
    }
    List<ExperienceManager> now = List.copyOf(waiting);
    waiting.clear();
    return now;
  }

  /** Notes how {@code reload} ended in its world: what it rolled back from, or that it runs the manager's values again. */
  void remember(ExperienceReload reload, ExperienceReload.Outcome outcome) {
    if (outcome == ExperienceReload.Outcome.ROLLED_BACK) {
      Map<AssetKey, Object> values = new HashMap<>(refused.getOrDefault(reload.world(), Map.of()));
      for (AssetKey key : reload.changedAssets()) {
        values.put(key, reload.content().get(key));
      }
      refused.put(reload.world(), values);
    } else if (outcome == ExperienceReload.Outcome.APPLIED) {
      refused.remove(reload.world());
    }
  }

  /** Notes how a change's tracked value ended in its world: still pending, or taken (or let go of). */
  void remember(TrackedHandOver.Part part) {
    Tracked hit = part.hit();
    if (part.pending()) {
      trackedPending.computeIfAbsent(hit.world(), world -> new java.util.LinkedHashMap<>()).put(hit, part.value());
    } else {
      forget(hit);
    }
  }

  /** A newer value of {@code hit}'s asset came: the one pending is out of date. */
  void forget(Tracked hit) {
    Map<Tracked, Object> pending = trackedPending.get(hit.world());
    if (pending != null) {
      pending.remove(hit);
    }
  }

  /** The tracked values {@code world} did not take yet, still tracked. */
  Map<Tracked, Object> pendingFor(World world) {
    Map<Tracked, Object> pending = trackedPending.get(world);
    if (pending == null) {
      return Map.of();
    }
    pending.keySet().removeIf(Tracked::isReleased);
    return new java.util.LinkedHashMap<>(pending);
  }

  /** Whether {@code world} rolled back from values the manager holds, and has not applied a change since. */
  boolean rolledBack(World world) {
    return refused.containsKey(world);
  }

  /** Whether {@code world} rolled back from {@code value}, the manager's value of {@code key}. */
  boolean refusedBy(World world, AssetKey key, Object value) {
    Map<AssetKey, Object> values = refused.get(world);
    return values != null && values.containsKey(key) && values.get(key) == value;
  }
}
