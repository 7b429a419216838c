package dev.overture.asset;

import dev.overture.version.BuildVersion;
import dev.overture.version.CustomVersion;
import dev.overture.version.EngineVersion;
import dev.overture.version.UpgradeStep;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What content is and how it is read, said the same way to every builder that configures Overture:
 * content roots, scan rules, asset classes, kinds, the engine version, custom versions and their
 * upgrade steps. {@link AssetManager.Builder}, {@code Overture.Builder} and {@code
 * OvertureModule.Extensions} all speak it, so a game describes its content once:
 *
 * <pre>{@code
 * static <S extends ContentSetup<S>> S arenaContent(S setup) {
 *   return setup
 *       .contentRoot(AssetSource.directory(Path.of("content")))
 *       .scanRule(ScanRule.of("Map", ArenaMap.class, "maps"))
 *       .customVersion(ARENA_FORMAT, ArenaMap.class);
 * }
 *
 * arenaContent(AssetManager.builder()).build();           // an asset manager alone
 * arenaContent(Overture.builder()).build();               // a runtime without Guice
 * arenaContent(OvertureModule.extend(binder()));          // a Guice module's contribution
 * }</pre>
 *
 * <p>Each setter is written once, here: it checks its arguments at once and hands the setting to
 * the one {@link AssetManager.Builder} that will build the asset manager, through {@link #assets},
 * the only method a builder implements. That happens at once for {@link AssetManager.Builder} and
 * {@code Overture.Builder}, and when the runtime is built for a Guice module, whose contributions
 * are applied in the order the modules were installed. Upgrade steps and unversioned reads are
 * checked against the custom versions when the asset manager is built, so they may come before the
 * custom version they use (from another module, say).
 *
 * <p>Not thread-safe: a builder is configured on one thread.
 *
 * @param <S> the builder, which every setter returns for chaining
 */
public interface ContentSetup<S extends ContentSetup<S>> {

  /**
   * Applies {@code step} to the asset manager builder behind this builder and returns this builder:
   * the way to settings only an asset manager has (limits, retention, the worker pool).
   */
  S assets(Consumer<AssetManager.Builder> step);

  /** Adds the game's content root (named {@value ContentRoot#GAME}; plugins live in its {@code plugins} folder). */
  default S contentRoot(AssetSource source) {
    return contentRoot(ContentRoot.of(ContentRoot.GAME, source));
  }

  /**
   * Adds a content root.
   *
   * @throws IllegalStateException (when applied) when a root of that name was already added
   */
  default S contentRoot(ContentRoot root) {
    Objects.requireNonNull(root, "root");
    return assets(builder -> builder.addContentRoot(root));
  }

  /** Adds a scan rule (a primary asset type and where its files live) for every content root. */
  default S scanRule(ScanRule rule) {
    Objects.requireNonNull(rule, "rule");
    return assets(builder -> builder.addScanRule(rule));
  }

  /**
   * Registers {@code type} as an asset class that {@code overture.json} files may name as {@code
   * name} in their scan rules.
   *
   * @throws IllegalStateException (when applied) when the name is taken by another class
   */
  default S assetClass(String name, Class<?> type) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    return assets(builder -> builder.addAssetClass(name, type));
  }

  /**
   * Gives {@code type}, a subtype of {@code base}, the name {@code name} in content: an action kind
   * ({@code GameFeatureAction}), a component or actor class, an ability... When {@code base}
   * carries {@code @JsonTypeInfo(use = NAME, property = "...")}, it is a kind of that polymorphic
   * member ({@code "action": "AddComponents"}); and {@link ClassRef} fields of a supertype of
   * {@code type} accept the name. JSON names classes only by registered names.
   *
   * @throws IllegalArgumentException when the name is not a valid kind name or {@code type} is not
   *     a concrete subtype of {@code base}; (when applied) when the name is taken by another class
   */
  default <B> S kind(Class<B> base, String name, Class<? extends B> type) {
    Objects.requireNonNull(base, "base");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    KindRegistry.check(base, name, type);
    return assets(builder -> builder.addKind(base, name, type));
  }

  /**
   * The running build's version, from its version file: files whose compatible version is newer
   * are refused, resaved files are stamped with it. By default the version is unknown (changelist
   * 0), which reads everything.
   *
   * @throws IllegalStateException (when applied) when the engine version was already set
   */
  default S engineVersion(BuildVersion build) {
    Objects.requireNonNull(build, "build");
    return engineVersion(build.engineVersion(), build.compatibleVersion());
  }

  /** The running build's version and the oldest version that can read what it saves. */
  default S engineVersion(EngineVersion current, EngineVersion compatible) {
    Objects.requireNonNull(current, "current");
    Objects.requireNonNull(compatible, "compatible");
    return assets(builder -> builder.setEngineVersion(current, compatible));
  }

  /**
   * Registers a system's custom version, used by files that bind to {@code assetClasses} (or their
   * subclasses): files saved with a newer version of it are refused, older ones upgraded.
   *
   * @throws IllegalArgumentException (when applied) when its GUID or name is already registered
   */
  default S customVersion(CustomVersion version, Class<?>... assetClasses) {
    Objects.requireNonNull(version, "version");
    Class<?>[] classes = assetClasses.clone();
    for (Class<?> type : classes) {
      Objects.requireNonNull(type, "assetClass");
    }
    return assets(builder -> builder.addCustomVersion(version, classes));
  }

  /**
   * Adds a step that upgrades files of one asset class to a version of a registered custom version.
   *
   * @throws IllegalArgumentException (when the asset manager is built) when its custom version is
   *     not registered, its asset class does not use it, or another step leads to the same version
   */
  default S upgrade(UpgradeStep step) {
    Objects.requireNonNull(step, "step");
    return assets(builder -> builder.addUpgrade(step));
  }

  /**
   * Reads files without a version header at {@code version} of {@code customVersion} instead of
   * its latest: set it when bumping a version while hand-written files of the old format exist.
   *
   * @throws IllegalArgumentException (when the asset manager is built) when the custom version is
   *     not registered or has no such version
   */
  default S readUnversionedAs(CustomVersion customVersion, int version) {
    Objects.requireNonNull(customVersion, "customVersion");
    return assets(builder -> builder.addUnversionedRead(customVersion, version));
  }
}
