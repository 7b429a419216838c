package dev.overture.validation;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.core.ProblemReporter;
import dev.overture.feature.GameFeatures;
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

  ValidationContext(PrimaryAssetId asset, String base, Validator.Run run) {
    this.asset = asset;
    this.base = base;
    this.run = run;
  }

  /** The asset being checked. */
  public PrimaryAssetId asset() {
    return asset;
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
    return new ValidationContext(asset, base + pointer, run);
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

  /** Reports {@code problem}, at {@code pointer} of this asset unless it already has a location. */
  public void report(Problem problem, String pointer) {
    Objects.requireNonNull(problem, "problem");
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
