package dev.overture.feature;

/**
 * The code of a feature plugin: the one class a plugin names as its {@code entryPoint} in {@code
 * plugin.json}. When the plugin registers, Overture builds it (through its public no-argument
 * constructor) and calls {@link #register} once; everything registered there is recorded, and
 * removed again when the plugin unregisters.
 *
 * <pre>{@code
 * public final class ArenaPlugin implements OverturePlugin {
 *   @Override
 *   public void register(PluginRegistration plugin) {
 *     plugin.kind(ActorComponent.class, "Lantern", Lantern.class)
 *         .kind(GameFeatureAction.class, "LightLanterns", LightLanterns.class)
 *         .extension(AssetValidator.class, new LanternRules());
 *   }
 * }
 * }</pre>
 *
 * <p>A plugin in a jar of the plugins folder is loaded by a class loader of its own, so the class
 * lives in its jar; a plugin folder in the game's content names a class on the host's class path.
 * {@link #register} runs on the plugins' serial executor, never on a game thread; it should only
 * register (worlds do not exist for it yet). Whatever it throws puts the plugin in {@code Error}
 * with a located problem.
 */
@FunctionalInterface
public interface OverturePlugin {

  /** Registers the plugin's kinds, custom versions, upgrade steps and extensions on {@code plugin}. */
  void register(PluginRegistration plugin);
}
