package dev.overture.validation;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.core.ProblemReporter;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.object.ObjectFactory;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a validator checking one asset (or one action of it) works with, and where it reports: the
 * asset's id, the services, and {@link #error}/{@link #warning} at a JSON pointer relative to the
 * part being checked. Problems are located at their file, line and column when the run ends.
 *
 * <p>Confined to the validating thread.
 */
public final class ValidationContext implements ProblemReporter {

  private final PrimaryAssetId asset;
  private final String base;
  private final Validator.Run run;
  /** The plugin whose descriptor's actions are checked, located in its plugin.json; else null (an asset is). */
  private final PluginId plugin;

  ValidationContext(PrimaryAssetId asset, String base, Validator.Run run) {
    this(asset, base, run, null);
  }

  private ValidationContext(PrimaryAssetId asset, String base, Validator.Run run, PluginId plugin) {
    this.asset = asset;
    this.base = base;
    this.run = run;
    this.plugin = plugin;
  }

  /** A context for the actions of {@code plugin}'s descriptor, reporting at their place in its plugin.json. */
  static ValidationContext ofPlugin(PluginId plugin, Validator.Run run) {
    return new ValidationContext(PrimaryAssetId.of("Plugin", plugin.name()), "", run, plugin);
  }

  /**
   * The asset being checked; for the actions of a plugin's descriptor ({@code plugin.json}),
   * {@code Plugin:<name>} (see {@link #plugin()}).
   */
  public PrimaryAssetId asset() {
    return asset;
  }

  /**
   * The plugin whose descriptor's {@code actions} are being checked, if that is what is checked:
   * they apply to every world while the plugin is active, not to one experience.
   */
  public Optional<PluginId> plugin() {
    return Optional.ofNullable(plugin);
  }

  /** The asset manager that loaded it (its index, its other assets). */
  public AssetManager assets() {
    return run.assets();
  }

  /** The feature plugins, when the validation has them. */
  public Optional<GameFeatures> features() {
    return Optional.ofNullable(run.features());
  }

  /** The object factory, for checks that build objects (archetypes). */
  public ObjectFactory objects() {
    return run.objects();
  }

  /** A context for the part of the asset at {@code pointer} (an action: {@code /actions/2}). */
  @Override
  public ValidationContext at(String pointer) {
    return new ValidationContext(asset, base + pointer, run, plugin);
  }

  @Override
  public void error(String id, String pointer, String message) {
    report(Problem.error(id, message), pointer);
  }

  @Override
  public void warning(String id, String pointer, String message) {
    report(Problem.warning(id, message), pointer);
  }

  /** An error with the valid choices, listed after the message. */
  public void error(String id, String pointer, String message, String choicesLabel, List<String> choices) {
    report(Problem.error(id, message).withChoices(choicesLabel, choices), pointer);
  }

  /** The content roots whose assets only this validation indexed ({@link InstalledPluginReferences}). */
  java.util.Set<String> indexedOnlyHere() {
    return run.indexedOnlyHere;
  }

  /** Reports {@code problem}, at {@code pointer} of this asset unless it already has a location. */
  public void report(Problem problem, String pointer) {
    Objects.requireNonNull(problem, "problem");
    if (plugin != null) {
      run.report(null, null, problem.location().isPresent() ? problem : problem.at(run.features().locateInDescriptor(plugin, base + pointer)));
      return;
    }
    run.report(asset, base + pointer, problem);
  }

  /**
   * Reports {@code problem} at {@code pointer} of another asset: a check of the asset being checked
   * that finds the fault written in an asset it reaches (an action set of an experience).
   */
  void reportIn(PrimaryAssetId other, String pointer, Problem problem) {
    run.report(other, pointer, problem);
  }
}
