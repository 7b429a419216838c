package dev.overture.world;

import dev.overture.internal.Failures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the world says when game code (an actor's or component's {@code tick}, {@code endPlay})
 * throws: which component of which actor, and which plugin's code it is when a jar plugin's class
 * loader defined it (a {@code PluginClassLoader} is named {@code "plugin <Name>"}; code on the
 * host's class path is the game's, or a plugin folder's, and is named by its class alone).
 *
 * <p>Stateless; game thread (it only formats and logs).
 */
final class PlayFailures {

  private static final Logger log = LoggerFactory.getLogger(World.class);
  private static final String PLUGIN_LOADER = "plugin ";

  private PlayFailures() {}

  /** "Component Hot of actor GameState (plugin Hostile)"; "Component Glow2 (Glow) of actor ..." when named otherwise. */
  static String describe(ActorComponent component) {
    Actor owner = component.owner();
    return "Component " + named(component.name(), component.getClass()) + (owner == null ? "" : " of actor " + owner.name())
        + plugin(component.getClass());
  }

  /** "Actor Boat (Ship) (plugin Harbour)": its name, its class when that differs, its plugin. */
  static String describe(Actor actor) {
    return "Actor " + named(actor.name(), actor.getClass()) + plugin(actor.getClass());
  }

  private static String named(String name, Class<?> type) {
    String simple = type.getSimpleName();
    return name == null || name.equals(simple) ? simple : name + " (" + simple + ")";
  }

  /** " (plugin Hostile)" when a jar plugin's loader defined {@code type}, else "". */
  private static String plugin(Class<?> type) {
    ClassLoader loader = type.getClassLoader();
    String name = loader == null ? null : loader.getName();
    return name != null && name.startsWith(PLUGIN_LOADER) ? " (" + name + ")" : "";
  }

  /**
   * Logs that {@code who} failed in {@code step} while the world went on ending it: the message at
   * error, the stack trace at debug (a plugin's bug, said in a line; the command line prints traces
   * only with --debug).
   */
  static void logged(String who, String step, String world, Throwable failure) {
    log.error("{} failed in {} in world {}; the world went on without it: {}", who, step, world, why(failure));
    Failures.traceAtDebug(log, failure, "{} failed in {} in world {}", who, step, world); // as Failures.logInALine does
  }

  /**
   * What {@code failure} of {@code who} in {@code step} becomes: an exception becomes a {@link
   * GameCodeException} naming it, with {@code failure} as its cause; an {@code Error} (a failed
   * assertion in a test's component, a class a plugin could not load) and a failure already
   * described stay as they are, so whoever catches them by type still does.
   */
  static RuntimeException failed(String who, String step, Throwable failure) {
    if (failure instanceof Error error) {
      throw error;
    }
    if (failure instanceof GameCodeException described) {
      return described;
    }
    // A checked exception thrown sneakily (Kotlin, Lombok's @SneakyThrows) is game code's failure too.
    return new GameCodeException(who + " failed in " + step + ": " + why(failure), failure);
  }

  /** {@code failure} in words, and where in the game's or plugin's code it was thrown. */
  private static String why(Throwable failure) {
    return Failures.describeWhere(failure);
  }

  /** Whether a throwable is game code's failure the world may report and go on from (not running out of memory). */
  static boolean reportable(Throwable failure) {
    return !Failures.isFatal(failure);
  }
}
