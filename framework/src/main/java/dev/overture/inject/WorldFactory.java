package dev.overture.inject;

import dev.overture.core.ReportKind;
import dev.overture.core.Reports;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.experience.Experiences;
import dev.overture.live.LiveContent;
import dev.overture.persistence.WorldStore;
import dev.overture.world.GameState;
import dev.overture.world.NetMode;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Creates the worlds of one {@link Overture} runtime: each with the runtime's object factory, its
 * world store's ids (when it has a store, so saved ids never repeat), an {@link ExperienceManager}
 * on its game state whose failed loads are published to the runtime's {@linkplain Overture#reports()
 * reports}, attached to the shared feature plugins, and, with live content on, followed by it. Worlds of one runtime share loaded
 * assets and plugins (both are request counted) and nothing else: actors, components, timers and
 * experiences are per world.
 *
 * <pre>{@code
 * World match = overture.worlds().create("Match-1", NetMode.DEDICATED_SERVER);
 * ExperienceManager experience = ExperienceManager.of(match).orElseThrow();
 * experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Elimination"));
 * }</pre>
 *
 * <p><b>Threading.</b> {@link #create} may be called from any thread; the calling thread becomes
 * the new world's game thread (see {@link World}). {@link #open()} may be called from any thread.
 */
public final class WorldFactory {

  private final Experiences services;
  private final dev.overture.object.ObjectFactory objects;
  private final WorldStore store;
  private final Reports reports;
  private final LiveContent live;
  private final Set<World> open = new LinkedHashSet<>();
  private boolean closed;

  WorldFactory(Experiences services, dev.overture.object.ObjectFactory objects, WorldStore store, Reports reports, LiveContent live) {
    this.services = services;
    this.objects = objects;
    this.store = store;
    this.reports = reports;
    this.live = live;
  }

  /** A standalone world called {@code name}. */
  public World create(String name) {
    return create(name, NetMode.STANDALONE);
  }

  /** A world called {@code name}, of {@code mode}, with a plain {@link GameState}. */
  public World create(String name, NetMode mode) {
    return create(name, mode, GameState.class);
  }

  /**
   * A world called {@code name}, of {@code mode}, whose game state is a {@code gameState}.
   *
   * @throws IllegalStateException once the runtime is closed
   */
  public World create(String name, NetMode mode, Class<? extends GameState> gameState) {
    Objects.requireNonNull(name, "name");
    synchronized (open) {
      if (closed) {
        throw new IllegalStateException("Overture is closed; world \"" + name + "\" cannot be created");
      }
    }
    World.Builder builder = World.builder(name).netMode(mode).gameState(gameState).objects(objects);
    if (store != null) {
      builder.ids(store.ids());
    }
    World world = builder.build();
    ExperienceManager manager = ExperienceManager.install(world, services);
    // Every failed load is reported, whoever started it and whether or not anyone listens for it.
    manager.onStateChanged(change -> {
      if (change.to() == LoadState.FAILED) {
        manager.failure().ifPresent(failure ->
            reports.publish(ReportKind.LOAD_FAILED, failure.heading() + " (world " + name + ")", failure.problems()));
      }
    });
    if (live != null) {
      live.attach(world);
    }
    boolean kept;
    synchronized (open) {
      kept = !closed && open.add(world);
    }
    if (!kept) { // the runtime closed while the world was being built
      world.close();
      throw new IllegalStateException("Overture is closed; world \"" + name + "\" cannot be created");
    }
    world.onClose(() -> {
      synchronized (open) {
        open.remove(world);
      }
    });
    return world;
  }

  /** The worlds created here and not yet closed, oldest first. */
  public List<World> open() {
    synchronized (open) {
      return List.copyOf(open);
    }
  }

  /** Refuses new worlds from now on; returns those still open. */
  List<World> closeFactory() {
    synchronized (open) {
      closed = true;
      return new ArrayList<>(open);
    }
  }
}
