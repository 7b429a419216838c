package dev.overture.asset;

import dev.overture.version.AssetVersions;
import dev.overture.version.CustomVersion;
import dev.overture.version.UpgradeStep;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What code adds to the way an asset manager reads content: kind names for classes, asset classes
 * for scan rules, custom versions and their upgrade steps. The asset manager's builder collects one
 * for the game's own code; a feature plugin's code adds its own while the plugin is registered
 * ({@link AssetManager#addExtension}) and takes it out again as a whole ({@link
 * AssetManager#removeExtension}), so that nothing the plugin registered outlives it.
 *
 * <pre>{@code
 * AssetExtension arena = AssetExtension.builder()
 *     .kind(ActorComponent.class, "TopDownCamera", TopDownCamera.class)
 *     .kind(GameFeatureAction.class, "SpawnPickups", SpawnPickups.class)
 *     .build();
 * assets.addExtension("TopDownArena", arena);
 * }</pre>
 *
 * <p>Each builder method checks its arguments against what the same builder already holds at once
 * (a kind name given twice, an upgrade step of an unknown custom version); the asset manager checks
 * the whole against what it already has when the extension is added. Immutable once built.
 */
public final class AssetExtension {

  /** One registration, replayed in order whenever the manager's registrations are rebuilt. */
  private sealed interface Entry {
    void applyTo(Target target);
  }

  private record Kind(Class<?> base, String name, Class<?> type) implements Entry {
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void applyTo(Target target) {
      target.kinds.register((Class) base, name, (Class) type);
    }
  }

  private record AssetClass(String name, Class<?> type) implements Entry {
    @Override
    public void applyTo(Target target) {
      Class<?> previous = target.assetClasses.putIfAbsent(name, type);
      if (previous != null && previous != type) {
        throw new IllegalStateException("asset class name \"" + name + "\" is already registered for " + previous.getName());
      }
    }
  }

  private record Custom(CustomVersion version, List<Class<?>> assetClasses) implements Entry {
    @Override
    public void applyTo(Target target) {
      target.versions.customVersion(version, assetClasses.toArray(Class<?>[]::new));
    }
  }

  private record Upgrade(UpgradeStep step) implements Entry {
    @Override
    public void applyTo(Target target) {
      target.versions.upgrade(step);
    }
  }

  private record Unversioned(CustomVersion version, int readAs) implements Entry {
    @Override
    public void applyTo(Target target) {
      target.versions.readUnversionedAs(version, readAs);
    }
  }

  /** What registrations are replayed into: a kind registry, the asset classes, a versions builder. */
  static final class Target {
    final KindRegistry kinds = new KindRegistry();
    final Map<String, Class<?>> assetClasses = new LinkedHashMap<>();
    final AssetVersions.Builder versions;

    Target(AssetVersions.Builder versions) {
      this.versions = versions;
    }
  }

  private static final AssetExtension EMPTY = new AssetExtension(List.of());

  private final List<Entry> entries;

  private AssetExtension(List<Entry> entries) {
    this.entries = List.copyOf(entries);
  }

  /** An empty builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** An extension that adds nothing. */
  public static AssetExtension empty() {
    return EMPTY;
  }

  /** Whether it adds nothing. */
  public boolean isEmpty() {
    return entries.isEmpty();
  }

  /** The classes it names (kinds and asset classes): what a plugin's class loader must release. */
  public List<Class<?>> classes() {
    List<Class<?>> classes = new ArrayList<>();
    for (Entry entry : entries) {
      if (entry instanceof Kind kind) {
        classes.add(kind.type());
      } else if (entry instanceof AssetClass assetClass) {
        classes.add(assetClass.type());
      }
    }
    return Collections.unmodifiableList(classes);
  }

  /**
   * Whether it gives {@code name} to a class: as a kind of {@code base}, or, with a null {@code
   * base}, as a kind of any base or an asset class. What content naming {@code name} relies on.
   */
  public boolean names(Class<?> base, String name) {
    Objects.requireNonNull(name, "name");
    for (Entry entry : entries) {
      if (entry instanceof Kind kind && kind.name().equals(name) && (base == null || kind.base() == base)) {
        return true;
      }
      if (base == null && entry instanceof AssetClass assetClass && assetClass.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The first name this extension gives a class that {@code other} gives another class, as a
   * message with {@code {owner}} for {@code other}'s owner and {@code {new}} for this one's.
   */
  java.util.Optional<String> clashWith(AssetExtension other) {
    for (Entry entry : entries) {
      for (Entry earlier : other.entries) {
        String what = null;
        Class<?> mine = null;
        Class<?> theirs = null;
        if (entry instanceof Kind kind && earlier instanceof Kind old && kind.base() == old.base() && kind.name().equals(old.name())) {
          what = "Kind \"" + kind.name() + "\" of " + kind.base().getSimpleName();
          mine = kind.type();
          theirs = old.type();
        } else if (entry instanceof AssetClass assetClass && earlier instanceof AssetClass old && assetClass.name().equals(old.name())) {
          what = "Asset class name \"" + assetClass.name() + "\"";
          mine = assetClass.type();
          theirs = old.type();
        }
        if (what != null && mine != theirs) {
          String twins = mine.getName().equals(theirs.getName())
              ? " (the same class name from two class loaders: {new} holds its own copy of {owner}'s class; depend on"
                  + " {owner} and use its class instead)"
              : "";
          return java.util.Optional.of(what + " is already registered by {owner} for " + theirs.getName()
              + "; cannot register it again for " + mine.getName() + twins);
        }
      }
    }
    return java.util.Optional.empty();
  }

  /** Replays the names and custom versions into {@code target}, in the order they were made. */
  void applyDefinitions(Target target) {
    for (Entry entry : entries) {
      if (!isUse(entry)) {
        entry.applyTo(target);
      }
    }
  }

  /**
   * Replays the upgrade steps and unversioned reads into {@code target}: after every extension's
   * definitions, so that a step may come before the custom version it upgrades.
   */
  void applyUses(Target target) {
    for (Entry entry : entries) {
      if (isUse(entry)) {
        entry.applyTo(target);
      }
    }
  }

  private static boolean isUse(Entry entry) {
    return entry instanceof Upgrade || entry instanceof Unversioned;
  }

  @Override
  public String toString() {
    return "AssetExtension" + entries;
  }

  /**
   * Collects registrations. A kind name given twice fails at once ({@link
   * IllegalArgumentException}), so does an asset class name ({@link IllegalStateException}); custom
   * versions and upgrade steps are checked when the extension is added, since a step may upgrade a
   * custom version another extension registered. Not thread-safe.
   */
  public static final class Builder {
    private final List<Entry> entries = new ArrayList<>();
    /** The registrations so far, applied, so that a contradiction fails at the call that makes it. */
    private final Target checked = new Target(AssetVersions.builder());
    private final boolean checkVersions;

    private Builder() {
      this(false);
    }

    /** With {@code checkVersions}, custom versions are checked at once too (the manager's own). */
    Builder(boolean checkVersions) {
      this.checkVersions = checkVersions;
    }

    private Builder add(Entry entry) {
      if (entry instanceof Kind || entry instanceof AssetClass || (checkVersions && entry instanceof Custom)) {
        entry.applyTo(checked);
      }
      entries.add(entry);
      return this;
    }

    /**
     * Gives {@code type}, a subtype of {@code base}, the name {@code name} in content: an action
     * kind, a component or actor class, any class content names (see {@link
     * AssetManager.Builder#kind}).
     */
    public <B> Builder kind(Class<B> base, String name, Class<? extends B> type) {
      Objects.requireNonNull(base, "base");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
      return add(new Kind(base, name, type));
    }

    /** Registers {@code type} as an asset class scan rules may name as {@code name}. */
    public Builder assetClass(String name, Class<?> type) {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
      return add(new AssetClass(name, type));
    }

    /** Registers a custom version used by files of {@code assetClasses} (and their subclasses). */
    public Builder customVersion(CustomVersion version, Class<?>... assetClasses) {
      Objects.requireNonNull(version, "version");
      List<Class<?>> classes = new ArrayList<>();
      for (Class<?> type : assetClasses) {
        classes.add(Objects.requireNonNull(type, "assetClass"));
      }
      return add(new Custom(version, classes));
    }

    /** Registers an upgrade step of a custom version registered on this builder. */
    public Builder upgrade(UpgradeStep step) {
      return add(new Upgrade(Objects.requireNonNull(step, "step")));
    }

    /** Reads files without a version header at {@code version} of {@code customVersion}. */
    public Builder readUnversionedAs(CustomVersion customVersion, int version) {
      return add(new Unversioned(Objects.requireNonNull(customVersion, "customVersion"), version));
    }

    /** The extension. */
    public AssetExtension build() {
      return new AssetExtension(entries);
    }
  }
}
