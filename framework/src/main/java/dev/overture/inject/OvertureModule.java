package dev.overture.inject;

import com.google.inject.AbstractModule;
import com.google.inject.Binder;
import com.google.inject.Injector;
import com.google.inject.ProvisionException;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.Multibinder;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.ScanRule;
import dev.overture.experience.ExperienceSettings;
import dev.overture.feature.GameFeatureAction;
import dev.overture.feature.GameFeatures;
import dev.overture.object.ObjectFactory;
import dev.overture.persistence.WorldStore;
import dev.overture.settings.LocalSettings;
import dev.overture.settings.Settings;
import dev.overture.validation.ActionValidator;
import dev.overture.validation.AssetValidator;
import dev.overture.validation.ProjectValidator;
import dev.overture.validation.Validator;
import dev.overture.version.AssetVersions;
import dev.overture.version.CustomVersion;
import dev.overture.version.UpgradeStep;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Assembles an {@link Overture} runtime for a Guice 7 host and binds its parts as singletons:
 * {@link Overture}, {@link AssetManager}, {@link GameFeatures}, {@link ObjectFactory}, {@link
 * WorldFactory}, {@link AssetVersions}, {@link Validator}, {@link ExperienceSettings}, and, when
 * configured, {@link WorldStore} and {@code Settings<LocalSettings>}. Actors and components get
 * their constructor parameters from the injector ({@link GuiceDependencies}).
 *
 * <p>The host and plugin modules contribute through multibinders, most easily with {@link
 * #extend(Binder)}: content roots, scan rules, kinds (actions, components, actors...), custom
 * versions, upgrade steps and validators. Contributions from every module are collected, in the
 * order the modules were installed.
 *
 * <pre>{@code
 * Injector injector = Guice.createInjector(
 *     new OvertureModule(overture -> overture.engineVersion(build)),
 *     new AbstractModule() {
 *       protected void configure() {
 *         OvertureModule.extend(binder())
 *             .contentRoot(AssetSource.directory(Path.of("content")))
 *             .component("Score", ScoreComponent.class);
 *       }
 *     });
 * Overture overture = injector.getInstance(Overture.class);
 * }</pre>
 *
 * <p>The host installs this module once (with its configuration); plugin modules only {@link
 * #extend} it, so that a plugin can be added to any host.
 *
 * <p>Guice does not close what it made: the host closes {@code injector.getInstance(Overture.class)}
 * when it shuts down. Thread-safe as Guice is; the parts say what each allows.
 */
public final class OvertureModule extends AbstractModule {

  /** A registered name of a class in content: {@code Kind.of(ActorComponent.class, "Score", ScoreComponent.class)}. */
  public record Kind(Class<?> base, String name, Class<?> type) {

    public Kind {
      Objects.requireNonNull(base, "base");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
      if (!base.isAssignableFrom(type)) {
        throw new IllegalArgumentException(type.getName() + " is not a " + base.getName());
      }
    }

    /** {@code type}, a {@code base}, named {@code name} in content. */
    public static <B> Kind of(Class<B> base, String name, Class<? extends B> type) {
      return new Kind(base, name, type);
    }
  }

  /** A custom version and the asset classes whose files record it. */
  public record VersionUse(CustomVersion version, List<Class<?>> assetClasses) {

    public VersionUse {
      Objects.requireNonNull(version, "version");
      assetClasses = List.copyOf(assetClasses);
    }
  }

  private static final TypeLiteral<AssetValidator<?>> ASSET_VALIDATOR = new TypeLiteral<>() {};
  private static final TypeLiteral<ActionValidator<?>> ACTION_VALIDATOR = new TypeLiteral<>() {};

  private final Consumer<Overture.Builder> configure;

  /** The module, configured only through the multibinders. */
  public OvertureModule() {
    this(builder -> {});
  }

  /**
   * The module; {@code configure} sets what is not a contribution (executors, ticker, engine
   * version, settings folder, world store, chaos delay) on the builder before the contributions are
   * added.
   */
  public OvertureModule(Consumer<Overture.Builder> configure) {
    this.configure = Objects.requireNonNull(configure, "configure");
  }

  /** Contributes to the Overture runtime from any module: {@code OvertureModule.extend(binder()).component(...)}. */
  public static Extensions extend(Binder binder) {
    return new Extensions(binder);
  }

  @Override
  protected void configure() {
    // Declares every set, so that a host contributing nothing still gets empty ones.
    new Extensions(binder());
  }

  @Provides
  @Singleton
  Overture overture(
      Injector injector,
      Set<ContentRoot> roots,
      Set<ScanRule> rules,
      Set<Kind> kinds,
      Set<VersionUse> versions,
      Set<UpgradeStep> upgrades,
      Set<AssetValidator<?>> assetValidators,
      Set<ActionValidator<?>> actionValidators,
      Set<ProjectValidator> projectValidators) {
    Overture.Builder builder = Overture.builder().dependencies(GuiceDependencies.of(injector));
    configure.accept(builder);
    roots.forEach(builder::contentRoot);
    rules.forEach(builder::scanRule);
    kinds.forEach(kind -> register(builder, kind));
    versions.forEach(use -> builder.customVersion(use.version(), use.assetClasses().toArray(Class<?>[]::new)));
    upgrades.forEach(builder::upgrade);
    assetValidators.forEach(builder::validator);
    actionValidators.forEach(builder::validator);
    projectValidators.forEach(builder::validator);
    return builder.build();
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void register(Overture.Builder builder, Kind kind) {
    builder.kind((Class) kind.base(), kind.name(), (Class) kind.type());
  }

  @Provides
  AssetManager assets(Overture overture) {
    return overture.assets();
  }

  @Provides
  GameFeatures features(Overture overture) {
    return overture.features();
  }

  @Provides
  ObjectFactory objects(Overture overture) {
    return overture.objects();
  }

  @Provides
  WorldFactory worlds(Overture overture) {
    return overture.worlds();
  }

  @Provides
  AssetVersions versions(Overture overture) {
    return overture.versions();
  }

  @Provides
  Validator validator(Overture overture) {
    return overture.validator();
  }

  @Provides
  ExperienceSettings experienceSettings(Overture overture) {
    return overture.experienceSettings();
  }

  @Provides
  WorldStore worldStore(Overture overture) {
    return overture.worldStore().orElseThrow(() -> new ProvisionException(
        "Overture has no world store: configure one with new OvertureModule(overture -> overture.worldStore(path))"));
  }

  @Provides
  Settings<LocalSettings> localSettings(Overture overture) {
    return overture.localSettings().orElseThrow(() -> new ProvisionException(
        "Overture has no settings folder: configure one with new OvertureModule(overture -> overture.settings(folder))"));
  }

  /**
   * What a module contributes to the runtime, through the multibinders of {@link ContentRoot},
   * {@link ScanRule}, {@link Kind}, {@link VersionUse}, {@link UpgradeStep}, {@code
   * AssetValidator<?>}, {@code ActionValidator<?>} and {@link ProjectValidator} (a module may also
   * use those directly). Used while a module configures.
   */
  public static final class Extensions {
    private final Multibinder<ContentRoot> roots;
    private final Multibinder<ScanRule> rules;
    private final Multibinder<Kind> kinds;
    private final Multibinder<VersionUse> versions;
    private final Multibinder<UpgradeStep> upgrades;
    private final Multibinder<AssetValidator<?>> assetValidators;
    private final Multibinder<ActionValidator<?>> actionValidators;
    private final Multibinder<ProjectValidator> projectValidators;

    private Extensions(Binder binder) {
      roots = Multibinder.newSetBinder(binder, ContentRoot.class);
      rules = Multibinder.newSetBinder(binder, ScanRule.class);
      kinds = Multibinder.newSetBinder(binder, Kind.class);
      versions = Multibinder.newSetBinder(binder, VersionUse.class);
      upgrades = Multibinder.newSetBinder(binder, UpgradeStep.class);
      assetValidators = Multibinder.newSetBinder(binder, ASSET_VALIDATOR);
      actionValidators = Multibinder.newSetBinder(binder, ACTION_VALIDATOR);
      projectValidators = Multibinder.newSetBinder(binder, ProjectValidator.class);
    }

    /** Adds the game's content root (named {@value ContentRoot#GAME}). */
    public Extensions contentRoot(AssetSource source) {
      return contentRoot(ContentRoot.of(ContentRoot.GAME, source));
    }

    /** Adds a content root. */
    public Extensions contentRoot(ContentRoot root) {
      roots.addBinding().toInstance(root);
      return this;
    }

    /** Adds a scan rule. */
    public Extensions scanRule(ScanRule rule) {
      rules.addBinding().toInstance(rule);
      return this;
    }

    /** Names {@code type}, a {@code base}, in content. */
    public <B> Extensions kind(Class<B> base, String name, Class<? extends B> type) {
      kinds.addBinding().toInstance(Kind.of(base, name, type));
      return this;
    }

    /** Adds an action kind: {@code "action": name} in experiences, action sets and plugins. */
    public Extensions action(String name, Class<? extends GameFeatureAction> type) {
      return kind(GameFeatureAction.class, name, type);
    }

    /** Adds a component class that content names {@code name} (AddComponents, archetypes). */
    public Extensions component(String name, Class<? extends ActorComponent> type) {
      return kind(ActorComponent.class, name, type);
    }

    /** Adds an actor class that content names {@code name} (pawn data, archetypes). */
    public Extensions actor(String name, Class<? extends Actor> type) {
      return kind(Actor.class, name, type);
    }

    /** Registers a custom version used by {@code assetClasses}. */
    public Extensions customVersion(CustomVersion version, Class<?>... assetClasses) {
      versions.addBinding().toInstance(new VersionUse(version, List.of(assetClasses)));
      return this;
    }

    /** Adds an upgrade step. */
    public Extensions upgrade(UpgradeStep step) {
      upgrades.addBinding().toInstance(step);
      return this;
    }

    /** Adds a check of one asset class. */
    public Extensions validator(AssetValidator<?> check) {
      assetValidators.addBinding().toInstance(check);
      return this;
    }

    /** Adds a check of one action kind. */
    public Extensions validator(ActionValidator<?> check) {
      actionValidators.addBinding().toInstance(check);
      return this;
    }

    /** Adds a project-wide check. */
    public Extensions validator(ProjectValidator check) {
      projectValidators.addBinding().toInstance(check);
      return this;
    }
  }
}
