package dev.overture.sample;

import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.Experiences;
import dev.overture.experience.UserFacingExperience;
import dev.overture.validation.ProjectContext;
import dev.overture.validation.ProjectValidator;
import java.util.List;

/**
 * The sample game's rule that {@code validate} agrees with {@code play} on content it cannot start:
 * with no experience at all, {@code play} has nothing to load whatever it is told ({@code
 * Sample/NothingToPlay}, an error); with experiences but no tile marked {@code isDefaultExperience},
 * {@code play} without {@code --experience} or {@code --tile} selects nothing ({@code
 * Sample/NoDefaultTile}, a warning: those options still play). Stateless.
 */
final class PlayableContent implements ProjectValidator {

  private final String content;

  /** Checks the content {@code content} names (a folder, or the content inside the jar) for the messages. */
  PlayableContent(String content) {
    this.content = content;
  }

  @Override
  public void isDataValid(ProjectContext context) {
    List<PrimaryAssetId> experiences = context.assets().index().ids(Experiences.EXPERIENCE);
    if (experiences.isEmpty()) {
      context.report(dev.overture.core.Problem.error("Sample/NothingToPlay", "The content (" + content + ") holds no experience, so"
          + " play has nothing to load (\"No experience was selected\"); add one in experiences/, and a tile in ui/experiences/ whose"
          + " experienceId names it and whose isDefaultExperience is true"));
      return;
    }
    List<PrimaryAssetId> tiles = context.assets().index().ids(Experiences.USER_FACING_EXPERIENCE);
    boolean aDefault = tiles.stream().anyMatch(id -> context.asset(id).filter(UserFacingExperience.class::isInstance)
        .map(UserFacingExperience.class::cast).filter(UserFacingExperience::isDefaultExperience).isPresent());
    // A tile that failed to load has its own error, and may be the default: nothing to say of defaults then.
    boolean everyTileLoaded = tiles.stream().allMatch(id -> context.asset(id).isPresent());
    if (!aDefault && everyTileLoaded) {
      context.report(dev.overture.core.Problem.warning("Sample/NoDefaultTile", "No tile of the content (" + content + ") is marked"
          + " isDefaultExperience, so play without --experience or --tile selects nothing (\"No experience was selected\"); mark"
          + " one tile's isDefaultExperience true" + (tiles.isEmpty() ? ", in a tile in ui/experiences/ (there are none)"
          : " (tiles: " + ChoiceList.of("", tiles.stream().map(PrimaryAssetId::toString).toList()) + ")")));
    }
  }
}
