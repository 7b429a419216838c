package dev.overture.inject;

import com.google.inject.AbstractModule;
import com.google.inject.Binder;
import com.google.inject.Injector;
import com.google.inject.ProvisionException;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.Multibinder;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.experience.ExperienceSettings;
import dev.overture.feature.GameFeatures;
import dev.overture.object.ObjectFactory;
import dev.overture.persistence.WorldStore;
import dev.overture.settings.LocalSettings;
import dev.overture.settings.Settings;
import dev.overture.validation.Validator;
import dev.overture.version.AssetVersions;
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
 * <p>The host and plugin modules contribute with {@link #extend(Binder)}, which speaks the same
 * {@link RuntimeSetup vocabulary} as {@link Overture.Builder}: content roots, scan rules, kinds
 * (actions, components, actors...), custom versions, upgrade steps and validators. Contributions
 * from every module are applied to the runtime's builder after the host's configuration, in the
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
@SuppressWarnings("exports") // Guice is optional: a host that uses this class requires Guice itself
public final class OvertureModule extends AbstractModule {

  /** One module's contribution, applied to the runtime's builder when it is built. */
  record Contribution(Consumer<Overture.Builder> step) {}

  private final Consumer<Overture.Builder> configure;

  /** The module, configured only through contributions ({@link #extend}). */
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
    // Declares the set of contributions, so that a host contributing nothing still gets an empty one.
    new Extensions(binder());
  }

  @Provides
  @Singleton
  Overture overture(Injector injector, Set<Contribution> contributions) {
    Overture.Builder builder = Overture.builder().dependencies(GuiceDependencies.of(injector));
    configure.accept(builder);
    contributions.forEach(contribution -> builder.overture(contribution.step()));
    return builder.build();
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
   * What a module contributes to the runtime, in the vocabulary every Overture builder shares
   * ({@link RuntimeSetup}). Each contribution is kept (in a multibinder) and applied to the
   * runtime's {@link Overture.Builder} when the injector provides the runtime, so a contribution
   * that does not fit (a content root added twice, an upgrade step of an unknown version) fails
   * then, as a provision error. Used while a module configures.
   */
  public static final class Extensions implements RuntimeSetup<Extensions> {
    private final Multibinder<Contribution> contributions;

    private Extensions(Binder binder) {
      contributions = Multibinder.newSetBinder(binder, Contribution.class);
    }

    /** Keeps {@code step}, to apply to the runtime's builder when the runtime is built. */
    @Override
    public Extensions overture(Consumer<Overture.Builder> step) {
      contributions.addBinding().toInstance(new Contribution(Objects.requireNonNull(step, "step")));
      return this;
    }
  }
}
