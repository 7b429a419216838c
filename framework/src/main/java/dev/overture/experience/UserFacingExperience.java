package dev.overture.experience;

import dev.overture.asset.AllowedTypes;
import dev.overture.asset.AssetBundles;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.RawAsset;
import dev.overture.asset.Required;
import dev.overture.asset.SoftRef;
import dev.overture.asset.ValueRange;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A tile of the front end, like Lyra's {@code ULyraUserFacingExperienceDefinition}: what the menu
 * shows for an experience, without loading the experience. A primary asset of type {@code
 * UserFacingExperience}.
 *
 * @param mapId the map to play ({@code Map})
 * @param experienceId the experience ({@code Experience})
 * @param tileTitle the title
 * @param tileSubTitle the subtitle
 * @param tileDescription the description
 * @param tileIcon the icon file, loaded in the {@code client} bundle
 * @param loadingScreen the loading screen widget's name
 * @param extraArgs extra URL options passed when the experience starts
 * @param isDefaultExperience whether this is the experience picked when nothing else is (at most one)
 * @param showInFrontEnd whether the menu lists it (default true)
 * @param recordReplay whether matches record a replay
 * @param maxPlayerCount the most players (default 16)
 */
public record UserFacingExperience(
    @AllowedTypes("Map") PrimaryAssetId mapId,
    @Required("name the experience the tile starts") @AllowedTypes("Experience") PrimaryAssetId experienceId,
    String tileTitle,
    String tileSubTitle,
    String tileDescription,
    @AssetBundles("client") SoftRef<RawAsset> tileIcon,
    String loadingScreen,
    Map<String, String> extraArgs,
    boolean isDefaultExperience,
    Boolean showInFrontEnd,
    boolean recordReplay,
    @ValueRange(min = 1) Integer maxPlayerCount) {

  public UserFacingExperience {
    Objects.requireNonNull(experienceId, "experienceId");
    tileTitle = tileTitle == null ? "" : tileTitle;
    tileSubTitle = tileSubTitle == null ? "" : tileSubTitle;
    tileDescription = tileDescription == null ? "" : tileDescription;
    extraArgs = extraArgs == null ? Map.of() : Map.copyOf(extraArgs);
    showInFrontEnd = showInFrontEnd == null || showInFrontEnd;
    maxPlayerCount = maxPlayerCount == null ? 16 : maxPlayerCount;
  }

  /** The map, if the tile names one. */
  public Optional<PrimaryAssetId> map() {
    return Optional.ofNullable(mapId);
  }
}
