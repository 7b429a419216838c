package dev.overture.sample.game.checks;

import dev.overture.experience.MapDefinition;
import dev.overture.sample.game.ArenaLevel;
import dev.overture.validation.AssetValidator;
import dev.overture.validation.ValidationContext;

/**
 * ShooterCore's rule for maps: every row of {@code tiles} is as long as the first, since the arena
 * is a rectangle (a map with ragged rows is refused when a match starts on it). Stateless.
 */
public final class MapRows implements AssetValidator<MapDefinition> {

  @Override
  public Class<MapDefinition> assetClass() {
    return MapDefinition.class;
  }

  @Override
  public void isDataValid(MapDefinition map, ValidationContext context) {
    ArenaLevel.raggedRows(map.tiles()).forEach((y, message) -> context.error(ArenaLevel.RAGGED_MAP, "/tiles/" + y, message));
  }
}
