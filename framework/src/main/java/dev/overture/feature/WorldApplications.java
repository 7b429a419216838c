package dev.overture.feature;

import dev.overture.asset.AssetManager;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.feature.internal.FeatureActivation;
import dev.overture.feature.internal.FeatureActivationException;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The attached worlds and, in each, the actions of the active plugins: applied in activation order
 * on the world's game thread, undone in reverse when the plugin deactivates, the world is detached
 * or it closes.
 *
 * <p>Threading. The list of worlds and every decision are made on the plugins' serial executor; the
 * actions run on each world's game thread. An {@link Application} is created on the serial
 * executor with its plugin's activation number in a final field, then published through a
 * concurrent map and the world's executor, so a world thread that undoes its applications (when it
 * closes) orders them without reading the plugins' serial-only fields.
 */
final class WorldApplications {

  private static final Logger log = LoggerFactory.getLogger(WorldApplications.class);

  /**
   * A plugin's actions in one world. Created on the serial executor before its work is queued on the
   * world's thread, so a deactivation always finds it, and queues its undo behind the apply.
   */
  private static final class Application {
    final Plugin plugin;
    /** The plugin's activation number when this was created: undo runs newest first. */
    final long order;
    final CompletableFuture<Void> applied = new CompletableFuture<>();
    volatile boolean cancelled;
    FeatureActivation activation; // world thread only

    Application(Plugin plugin, long order) {
      this.plugin = plugin;
      this.order = order;
    }
  }

  private final AssetManager assets;
  /** Where the plugins' actions find the plugins' extensions. */
  private final dev.overture.feature.internal.Extensions extensions;
  private final FeatureQueue queue;
  /** Where a pointer of a plugin's descriptor is (the catalog's {@code locateInDescriptor}). */
  private final java.util.function.BiFunction<Plugin, String, SourceLocation> locator;
  private final List<World> attached = new ArrayList<>(); // serial only
  /** Per world, the application of each plugin applied there. */
  private final Map<World, Map<Plugin, Application>> applications = new ConcurrentHashMap<>();

  WorldApplications(AssetManager assets, FeatureQueue queue, dev.overture.feature.internal.Extensions extensions,
      java.util.function.BiFunction<Plugin, String, SourceLocation> locator) {
    this.extensions = extensions;
    this.locator = locator;
    this.assets = assets;
    this.queue = queue;
  }

  /** Serial: attaches {@code world} and applies {@code active} (in activation order) to it. */
  void attach(World world, List<Plugin> active) {
    if (attached.contains(world)) {
      return;
    }
    attached.add(world);
    runOnWorld(world, () -> world.onClose(() -> closeWorld(world)));
    for (Plugin plugin : active) {
      apply(plugin, world);
    }
  }

  /** Serial: stops applying to {@code world}, undoing its applications without waiting for pauses. */
  void detach(World world) {
    attached.remove(world);
    Map<Plugin, Application> applied = applications.remove(world);
    if (applied == null) {
      return;
    }
    for (Application application : applied.values()) {
      application.cancelled = true;
      runOnWorld(world, () -> {
        if (application.activation != null) {
          application.activation.deactivateNow();
        }
      });
    }
  }

  /** Serial: a plugin became active; applies its actions to every attached world. */
  void applyEverywhere(Plugin plugin) {
    for (World world : attached) {
      apply(plugin, world);
    }
  }

  /**
   * Serial: a plugin deactivates; undoes its actions in every world, waiting for their pauses.
   * Completes (on whichever thread finishes last) once every world has.
   */
  CompletableFuture<Void> undoEverywhere(Plugin plugin) {
    List<CompletableFuture<Void>> pauses = new ArrayList<>();
    List<Map.Entry<Map<Plugin, Application>, Application>> undone = new ArrayList<>();
    applications.forEach((world, applied) -> {
      Application application = applied.get(plugin);
      if (application != null) {
        CompletableFuture<Void> pause = undo(world, application);
        if (pause != null) {
          undone.add(Map.entry(applied, application));
          pauses.add(pause);
        }
      }
    });
    return CompletableFuture.allOf(pauses.toArray(CompletableFuture[]::new))
        .handle((v, e) -> {
          undone.forEach(entry -> entry.getKey().remove(plugin, entry.getValue()));
          return null;
        });
  }

  /** Serial: completes once the plugin's actions apply in {@code world} (at once if nothing will). */
  CompletableFuture<Void> appliedIn(Plugin plugin, World world) {
    Map<Plugin, Application> applied = applications.get(world);
    Application application = applied == null ? null : applied.get(plugin);
    return application == null ? CompletableFuture.completedFuture(null) : application.applied.copy();
  }

  private void apply(Plugin plugin, World world) {
    if (plugin.descriptor.actions().isEmpty()) {
      return;
    }
    Application application = new Application(plugin, plugin.activationOrder);
    applications.computeIfAbsent(world, w -> new ConcurrentHashMap<>()).put(plugin, application);
    boolean queued = runOnWorld(world, () -> application.applied.complete(null), () -> {
      if (application.cancelled || world.isClosed()) {
        application.applied.complete(null);
        return;
      }
      try {
        application.activation =
            FeatureActivation.activateInWorld(plugin.descriptor.actions(), plugin.actionLabels(), world, assets, extensions);
        application.applied.complete(null);
      } catch (FeatureActivationException e) {
        PluginException failure = failureIn(plugin, world, e);
        log.error("{}", failure.getMessage());
        application.applied.completeExceptionally(failure);
      }
    });
    if (!queued) {
      application.applied.complete(null);
    }
  }

  /** World thread: the world is closing; undo the plugins' actions there, newest first. */
  private void closeWorld(World world) {
    Map<Plugin, Application> applied = applications.get(world);
    if (applied != null) {
      List<Application> newestFirst = new ArrayList<>(applied.values());
      newestFirst.sort(Comparator.comparingLong((Application application) -> application.order).reversed());
      for (Application application : newestFirst) {
        application.cancelled = true;
        if (application.activation != null) {
          application.activation.deactivateNow();
          application.activation = null;
        }
      }
    }
    queue.submit(() -> {
      detach(world);
      return CompletableFuture.completedFuture(null);
    });
  }

  /**
   * Undoes {@code application} on its world's thread; null when that world is closing and refused
   * it: its close listener ({@link #closeWorld}) undoes it, and must still find it. A world's close
   * ends its experience first, which releases the plugins it requested, so their deactivation can
   * reach here before the world has run the plugins' close listener.
   */
  private static CompletableFuture<Void> undo(World world, Application application) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    // Dropped when the world closes first: its close undid the actions already (closeWorld).
    boolean queued = runOnWorld(world, () -> done.complete(null), () -> {
      application.cancelled = true;
      FeatureActivation activation = application.activation;
      application.activation = null;
      if (activation == null) {
        done.complete(null);
      } else {
        activation.deactivate().whenComplete((v, e) -> done.complete(null));
      }
    });
    if (!queued && !world.isClosed()) {
      return null;
    }
    if (!queued) {
      done.complete(null);
    }
    return done;
  }

  private PluginException failureIn(Plugin plugin, World world, FeatureActivationException e) {
    int index = plugin.actionLabels().indexOf(e.action());
    // Located with line and column as every other problem of a descriptor; this reads the small
    // plugin.json (bounded) on the game thread, but only on this failure's path.
    return new PluginException(plugin.id, "apply in world " + world.name() + " the actions of", List.of(
        Problem.error("Overture/ActionFailed", e.getMessage())
            .at(locator.apply(plugin, index < 0 ? "/actions" : "/actions/" + index))));
  }

  private static boolean runOnWorld(World world, Runnable task) {
    return runOnWorld(world, () -> {}, task);
  }

  /**
   * Queues {@code task} on the world's thread; {@code ifDropped} runs instead when the world closes
   * before it ran. False when the world refuses it (closing): nothing of it is left to undo.
   */
  private static boolean runOnWorld(World world, Runnable ifDropped, Runnable task) {
    try {
      world.executor().execute(World.droppable(task, ifDropped));
      return true;
    } catch (RejectedExecutionException e) {
      return false;
    }
  }
}
