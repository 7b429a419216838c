package dev.overture.sample.game.checks;

import dev.overture.experience.MapDefinition;
import dev.overture.validation.AssetValidator;
import dev.overture.validation.ValidationContext;
import java.util.List;

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
    List<String> tiles = map.tiles();
    for (int y = 1; y < tiles.size(); y++) {
      if (tiles.get(y).length() != tiles.get(0).length()) {
        context.error("Sample/RaggedMap", "/tiles/" + y, "Row " + y + " of the map is " + tiles.get(y).length()
            + " tiles long, but row 0 is " + tiles.get(0).length() + "; every row must be as long as the first");
      }
    }
  }
}
