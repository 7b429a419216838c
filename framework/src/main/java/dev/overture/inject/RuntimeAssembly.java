package dev.overture.inject;

import dev.overture.asset.AssetManager;
import dev.overture.core.ProblemException;
import dev.overture.core.ReportKind;
import dev.overture.core.Reports;
import dev.overture.experience.ExperienceSettings;
import dev.overture.feature.GameFeatures;
import dev.overture.live.LiveContent;
import dev.overture.object.ObjectFactory;
import dev.overture.settings.LocalSettings;
import dev.overture.settings.Settings;
import dev.overture.validation.Validator;
import java.util.concurrent.CompletionException;

/**
 * Builds the parts of an {@link Overture} runtime from what its {@link Overture.Builder} was told:
 * the runtime's constructor calls these in order, and closes what they opened when a later one
 * fails. Stateless; on the thread that builds the runtime.
 */
final class RuntimeAssembly {

  private RuntimeAssembly() {}

  /** The plugins, discovered (they reach their initial states in the background); a failure to is reported. */
  static GameFeatures features(Overture.Builder builder, AssetManager assets, Reports reports) {
    GameFeatures.Builder features = GameFeatures.builder(assets);
    if (builder.pluginExecutor != null) {
      features.executor(builder.pluginExecutor);
    }
    if (builder.pluginJars != null) {
      features.pluginJars(builder.pluginJars);
    }
    if (builder.pluginClassLoader != null) {
      features.classLoader(builder.pluginClassLoader);
    }
    if (builder.maxPluginJarBytes >= 0) {
      features.maxPluginJarBytes(builder.maxPluginJarBytes);
    }
    GameFeatures built = features.build();
    built.ready().whenComplete((ignored, error) -> {
      Throwable cause = error instanceof CompletionException ? error.getCause() : error;
      if (cause instanceof ProblemException problems) {
        reports.publish(ReportKind.PLUGIN_FAILED, problems.heading(), problems.problems());
      }
    });
    return built;
  }

  /** The host's experience settings with the builder's ticker and the device's settings (null when none). */
  static ExperienceSettings experienceSettings(Overture.Builder builder, Settings<LocalSettings> localSettings) {
    ExperienceSettings experience = builder.experienceSettings;
    if (builder.ticker != null) {
      experience = experience.withTicker(builder.ticker);
    }
    if (localSettings != null && experience.localSettings().isEmpty()) {
      experience = experience.withLocalSettings(localSettings);
    }
    return experience;
  }

  /** The validator of the runtime's content, with the host's checks. */
  static Validator validator(Overture.Builder builder, AssetManager assets, GameFeatures features, ObjectFactory objects) {
    Validator.Builder validation = Validator.builder(assets).features(features).objects(objects);
    if (builder.settingsFolder != null) {
      validation.settingsFolder(builder.settingsFolder.path());
    }
    builder.assetValidators.forEach(validation::validator);
    builder.actionValidators.forEach(validation::validator);
    builder.projectValidators.forEach(validation::validator);
    return validation.build();
  }

  /** Live content, started, for a builder that turned it on. */
  static LiveContent live(Overture.Builder builder, AssetManager assets, GameFeatures features, Validator validator,
      Reports reports) {
    LiveContent.Builder live = LiveContent.builder(assets, features, validator).reports(reports);
    if (builder.pluginJars != null) {
      live.pluginsFolder(builder.pluginJars);
    }
    builder.liveContent.forEach(step -> step.accept(live));
    return live.start();
  }
}
