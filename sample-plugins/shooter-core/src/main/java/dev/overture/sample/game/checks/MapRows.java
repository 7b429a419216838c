package dev.overture.sample.game.checks;

import dev.overture.experience.MapDefinition;
import dev.overture.sample.game.ArenaLevel;
import dev.overture.validation.AssetValidator;
import dev.overture.validation.ValidationContext;

/**
 * ShooterCore's rules for maps ({@link ArenaLevel#problems}): every row of {@code tiles} is as long
 * as the first, since the arena is a rectangle, and holds only tiles of the legend; {@code play}
 * refuses such a map in the same words when a match starts on it. Stateless.
 */
public final class MapRows implements AssetValidator<MapDefinition> {

  @Override
  public Class<MapDefinition> assetClass() {
    return MapDefinition.class;
  }

  @Override
  public void isDataValid(MapDefinition map, ValidationContext context) {
    ArenaLevel.problems(map.tiles()).forEach(problem -> context.error(problem.id(), problem.pointer(), problem.message()));
  }
}
