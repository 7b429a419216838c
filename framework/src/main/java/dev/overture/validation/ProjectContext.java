package dev.overture.validation;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.feature.GameFeatures;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a project validator works with: the asset manager (its index and the assets the run
 * loaded), the plugins, the settings folder; and where it reports. Confined to the validating
 * thread.
 */
public final class ProjectContext {

  private final Validator.Run run;

  ProjectContext(Validator.Run run) {
    this.run = run;
  }

  /** The asset manager. */
  public AssetManager assets() {
    return run.assets();
  }

  /** The feature plugins, when the validation has them. */
  public Optional<GameFeatures> features() {
    return Optional.ofNullable(run.features());
  }

  /** The settings folder to check, when one was given. */
  public Optional<Path> settingsFolder() {
    return Optional.ofNullable(run.settingsFolder());
  }

  /** The loaded value of {@code asset}, when it loaded. */
  public Optional<Object> asset(PrimaryAssetId asset) {
    return Optional.ofNullable(run.loaded().get(asset));
  }

  /** A context for checks of {@code asset}, reporting at its place in its file. */
  public ValidationContext about(PrimaryAssetId asset) {
    return new ValidationContext(asset, "", run);
  }

  /** Reports {@code problem} as it is (it carries its own location, or none). */
  public void report(Problem problem) {
    run.report(null, null, problem);
  }
}
