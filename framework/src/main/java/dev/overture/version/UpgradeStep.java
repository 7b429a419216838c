package dev.overture.version;

import java.util.Objects;

/**
 * One registered upgrade: turns assets of {@code assetClass} saved at {@code toVersion - 1} of
 * {@code customVersion} (or older, after the earlier steps) into {@code toVersion}.
 *
 * <pre>{@code
 * UpgradeStep.of(EXPERIENCE_FORMAT, 2, PawnData.class, "cameraMode was renamed defaultCameraMode",
 *     asset -> Upgrades.rename(asset, "cameraMode", "defaultCameraMode"));
 * }</pre>
 *
 * <p>Immutable; its upgrade runs on the worker that reads the file.
 *
 * @param customVersion the system whose version it raises
 * @param toVersion the version the asset has afterwards, 1 to the system's latest
 * @param assetClass the class the asset binds to (subclasses too)
 * @param description what changed, for {@code resave --dry-run} and the logs
 * @param upgrade the change
 */
public record UpgradeStep(CustomVersion customVersion, int toVersion, Class<?> assetClass, String description, JsonUpgrade upgrade) {

  public UpgradeStep {
    Objects.requireNonNull(customVersion, "customVersion");
    Objects.requireNonNull(assetClass, "assetClass");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(upgrade, "upgrade");
    if (toVersion < 1 || toVersion > customVersion.latest()) {
      throw new IllegalArgumentException(
          "An upgrade step of " + customVersion.friendlyName() + " must lead to a version from 1 to its latest ("
              + customVersion.latest() + "), not " + toVersion);
    }
  }

  /** A step; see the class comment. */
  public static UpgradeStep of(CustomVersion customVersion, int toVersion, Class<?> assetClass, String description, JsonUpgrade upgrade) {
    return new UpgradeStep(customVersion, toVersion, assetClass, description, upgrade);
  }
}
