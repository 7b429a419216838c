package dev.overture.feature;

import dev.overture.version.CustomVersion;
import dev.overture.version.UpgradeStep;

/**
 * What a plugin's {@link OverturePlugin} registers: the names content gives its classes (action
 * kinds, components, actors, any class content names), the asset classes its scan rules name, its
 * custom versions and upgrade steps, and extensions, instances of interfaces that other code looks
 * up by type ({@link GameFeatures#extensions}): the validator's checks ({@code AssetValidator},
 * {@code ActionValidator}, {@code ProjectValidator}) and any extension point a game defines.
 *
 * <p>Everything registered is recorded under the plugin and takes effect together once {@link
 * OverturePlugin#register} returns; it is removed together when the plugin unregisters, so that
 * nothing keeps the plugin's classes (or its class loader) alive afterwards. A registration that
 * contradicts another (a kind name another class has) fails the plugin's registration as a whole,
 * located at its {@code entryPoint}.
 *
 * <p>Valid only during {@link OverturePlugin#register}, on the thread that calls it.
 */
public interface PluginRegistration {

  /** The plugin registering. */
  PluginId plugin();

  /**
   * Gives {@code type}, a subtype of {@code base}, the name {@code name} in content: {@code
   * kind(GameFeatureAction.class, "SpawnPickups", SpawnPickups.class)}, {@code
   * kind(ActorComponent.class, "TopDownCamera", TopDownCamera.class)}, {@code kind(Actor.class,
   * "Hero", Hero.class)}.
   *
   * @throws IllegalArgumentException when the name is not a valid kind name, {@code type} is not a
   *     concrete {@code base}, or this plugin already gave the name to another class
   */
  <B> PluginRegistration kind(Class<B> base, String name, Class<? extends B> type);

  /** Registers {@code type} as an asset class the plugin's scan rules may name as {@code name}. */
  PluginRegistration assetClass(String name, Class<?> type);

  /** Registers a custom version, used by files of {@code assetClasses} (and their subclasses). */
  PluginRegistration customVersion(CustomVersion version, Class<?>... assetClasses);

  /** Registers a step that upgrades files of one asset class to a version of a custom version. */
  PluginRegistration upgrade(UpgradeStep step);

  /**
   * Adds {@code extension} to the extension point {@code point}: {@code
   * extension(AssetValidator.class, new MapRules())} makes {@code overture validate} run that
   * check; a game's own interfaces work the same way.
   */
  <T> PluginRegistration extension(Class<T> point, T extension);
}
