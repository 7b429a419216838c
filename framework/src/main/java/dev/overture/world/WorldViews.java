package dev.overture.world;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a game contributes the picture of a world ({@link WorldView}) that tools draw: the
 * inspector asks {@link #current()} on the game thread and draws the answer. A game's component
 * contributes while it runs, usually from {@code beginPlay} or when its match starts, and releases
 * the handle when it ends; the newest contribution still held is the one drawn, so a mode that
 * takes over from another takes over the picture too.
 *
 * <pre>{@code
 * Handle picture = world().subsystem(WorldViews.class).contribute(() -> new WorldView(...));
 * ...
 * picture.release(); // in endPlay
 * }</pre>
 *
 * <p>Confined to the world's game thread: contribute, release and ask there (another thread is
 * refused, naming both). The supplier is
 * called on the game thread each time a tool asks; one that throws is logged (once per
 * contribution) and the picture is left out. A closed world has no picture: closing it drops every contribution, so a tool that kept
 * these views draws nothing of it.
 */
public final class WorldViews implements WorldSubsystem {

  private static final Logger log = LoggerFactory.getLogger(WorldViews.class);

  private final List<Supplier<WorldView>> sources = new ArrayList<>();
  /** The contributions whose failure was logged: each is told once, not at every refresh of a page. */
  private final java.util.Set<Supplier<WorldView>> failedOnce = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  /** The world that created it; null for one made outside a world. */
  private World world;

  /** Built by the world. */
  public WorldViews() {}

  @Override
  public void initialize(World owner) {
    world = owner;
  }

  private void confined() {
    if (world != null) {
      world.checkGameThread();
    }
  }

  /** Makes {@code source} the world's picture until the handle is released (or a newer one comes). */
  public Handle contribute(Supplier<WorldView> source) {
    Objects.requireNonNull(source, "source");
    confined();
    Supplier<WorldView> entry = source::get; // our own, so that one source contributed twice is released once per handle
    sources.add(entry);
    return new SimpleHandle(world, () -> {
      sources.remove(entry);
      failedOnce.remove(entry);
    });
  }

  /** The picture of the newest contribution still held, if any. */
  public Optional<WorldView> current() {
    confined();
    if (sources.isEmpty()) {
      return Optional.empty();
    }
    Supplier<WorldView> newest = sources.get(sources.size() - 1);
    try {
      return Optional.ofNullable(newest.get());
    } catch (RuntimeException e) {
      // Asked at every refresh of every open page: said once per contribution, the trace at debug.
      if (failedOnce.add(newest)) {
        log.warn("A world view failed to draw; it is left out while it fails: {}", dev.overture.internal.Failures.describe(e));
      }
      log.debug("A world view failed to draw", e);
      return Optional.empty();
    }
  }

  @Override
  public void deinitialize() {
    sources.clear();
  }
}
