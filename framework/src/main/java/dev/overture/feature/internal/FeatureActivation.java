package dev.overture.feature.internal;

import dev.overture.asset.AssetManager;
import dev.overture.feature.GameFeatureAction;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A list of actions activated in one world, in order, and deactivated in reverse order: what an
 * experience (or a plugin, per world) runs. If an action throws while activating, the ones already
 * activated are deactivated at once and {@link FeatureActivationException} names the action.
 * Confined to the world's game thread.
 *
 * <p>Not API: the experience manager and the plugins' per-world application share it.
 */
public final class FeatureActivation {

  private static final Logger log = LoggerFactory.getLogger(FeatureActivation.class);
  /** The steps that bring an action up, in order, as a failure names them. */
  private static final List<String> STEPS = List.of("register", "load", "activate");

  /**
   * One activated action.
   *
   * @param label how the action is named in messages, for example {@code Experience:Elimination
   *     actions[0] AddComponents}
   */
  private record Active(GameFeatureAction action, ActionContext context, String label, String named) {}

  private final World world;
  private final boolean fullLifecycle;
  private final List<Active> active = new ArrayList<>();
  private CompletableFuture<Void> deactivation;
  /** {@link #deactivateNow} was called: pauses asked for from here on are given up at once. */
  private boolean abandoning;

  private FeatureActivation(World world, boolean fullLifecycle) {
    this.world = world;
    this.fullLifecycle = fullLifecycle;
  }

  /**
   * Registers, loads and activates {@code actions} in {@code world}, in order.
   *
   * @param labels how each action is named in messages and logs, one per action
   * @throws FeatureActivationException when an action throws; what was activated is undone
   */
  public static FeatureActivation activate(
      List<? extends GameFeatureAction> actions, List<String> labels, World world, AssetManager assets) {
    return activate(actions, labels, world, assets, Extensions.none(), true);
  }

  /** {@link #activate}, the actions' contexts finding the plugins' extensions in {@code extensions}. */
  public static FeatureActivation activate(
      List<? extends GameFeatureAction> actions, List<String> labels, World world, AssetManager assets, Extensions extensions) {
    return activate(actions, labels, world, assets, extensions, true);
  }

  /**
   * Activates a plugin's own actions in one world: only {@code onActivating} here and {@code
   * onDeactivating} later, since the plugin registers and loads its actions once for all worlds.
   *
   * @throws FeatureActivationException when an action throws; what was activated is undone
   */
  public static FeatureActivation activateInWorld(
      List<? extends GameFeatureAction> actions, List<String> labels, World world, AssetManager assets, Extensions extensions) {
    return activate(actions, labels, world, assets, extensions, false);
  }

  private static FeatureActivation activate(List<? extends GameFeatureAction> actions, List<String> labels, World world,
      AssetManager assets, Extensions extensions, boolean full) {
    Objects.requireNonNull(world, "world");
    world.checkGameThread();
    if (actions.size() != labels.size()) {
      throw new IllegalArgumentException("one label per action: " + actions.size() + " actions, " + labels.size() + " labels");
    }
    FeatureActivation activation = new FeatureActivation(world, full);
    for (int i = 0; i < actions.size(); i++) {
      GameFeatureAction action = actions.get(i);
      String label = labels.get(i);
      if (action == null) {
        activation.undoNow();
        throw new FeatureActivationException(label, full ? "register" : "activate", new NullPointerException("the action is null"));
      }
      String named = label + extensions.whose(action); // in what a failure says
      ActionContext context = new ActionContext(world, assets, extensions, named);
      int reached = full ? 0 : 2; // an index of STEPS
      try {
        if (full) {
          action.onRegistering();
          reached = 1;
          action.onLoading();
          reached = 2;
        }
        action.onActivating(context);
      } catch (Exception | Error e) {
        // A plugin's action is the plugin's code: whatever it throws (a stack overflow, an assertion,
        // a plain Error) fails this activation, which is undone and reported at the action.
        context.releaseKept();
        // Pair what the failing action was given: it was loaded or registered only as far as it got.
        if (full && reached >= 2) {
          quietly(named, "unloading", action::onUnloading);
        }
        if (full && reached >= 1) {
          quietly(named, "unregistering", action::onUnregistering);
        }
        activation.undoNow();
        throw new FeatureActivationException(label, named.substring(label.length()), STEPS.get(reached), e);
      }
      activation.active.add(new Active(action, context, label, named));
    }
    return activation;
  }

  /** The labels of the activated actions, in activation order. */
  public List<String> activated() {
    return active.stream().map(Active::label).toList();
  }

  /** How many handles and undo steps the actions keep, in total. */
  public int keptCount() {
    int total = 0;
    for (Active entry : active) {
      total += entry.context.keptCount();
    }
    return total;
  }

  /**
   * Deactivates the actions in reverse order: each one's {@code onDeactivating}, then what it kept
   * is released; once every pause has ended, {@code onUnloading} and {@code onUnregistering}.
   * Calling it again returns the same future, also while it runs (an action's {@code
   * onDeactivating} that ends its experience through the manager): each action deactivates once.
   */
  public CompletableFuture<Void> deactivate() {
    if (deactivation != null) {
      return deactivation;
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    deactivation = done;
    List<CompletableFuture<Void>> pauses = new ArrayList<>();
    for (int i = active.size() - 1; i >= 0; i--) {
      Active entry = active.get(i);
      entry.context.beginDeactivation();
      try {
        entry.action.onDeactivating(entry.context);
      } catch (Exception | Error e) {
        dev.overture.internal.Failures.logInALine(log, e, "{} failed while deactivating in world {}", entry.named, world.name());
      }
      entry.context.endDeactivation();
      entry.context.releaseKept();
      if (abandoning) {
        entry.context.abandonPauses(); // a deactivateNow came from an action above: nothing waits
      }
      pauses.add(entry.context.pauses());
    }
    CompletableFuture.allOf(pauses.toArray(CompletableFuture[]::new))
        .thenRun(
            () -> {
              if (!fullLifecycle) {
                return;
              }
              for (int i = active.size() - 1; i >= 0; i--) {
                Active entry = active.get(i);
                quietly(entry.named, "unloading", entry.action::onUnloading);
                quietly(entry.named, "unregistering", entry.action::onUnregistering);
              }
            })
        .whenComplete((ignored, error) -> {
          if (error == null) {
            done.complete(null);
          } else {
            done.completeExceptionally(error);
          }
        });
    return done;
  }

  /** Runs an action's {@code hook}, logging what it throws as a failure while {@code step} ("unloading"). */
  private static void quietly(String label, String step, Runnable hook) {
    try {
      hook.run();
    } catch (Exception | Error e) {
      dev.overture.internal.Failures.logInALine(log, e, "{} failed while {}", label, step);
    }
  }

  /** The pauses still holding deactivation, across all actions. */
  public List<String> pendingPausers() {
    List<String> pending = new ArrayList<>();
    for (Active entry : active) {
      pending.addAll(entry.context.pendingPausers());
    }
    return pending;
  }

  /**
   * Deactivates without waiting for pauses, for when nothing can wait: the world is closing, or a
   * failed load is being rolled back. Game thread.
   */
  public void deactivateNow() {
    abandoning = true;
    deactivate();
    for (Active entry : active) {
      entry.context.abandonPauses();
    }
  }

  private void undoNow() {
    deactivateNow();
  }

  @Override
  public String toString() {
    return "FeatureActivation[" + world.name() + ", " + active.size() + " actions]";
  }
}
