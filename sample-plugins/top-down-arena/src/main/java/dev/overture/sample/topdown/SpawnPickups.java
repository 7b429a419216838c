package dev.overture.sample.topdown;

import dev.overture.asset.ValueRange;
import dev.overture.feature.FeatureContext;
import dev.overture.sample.game.ArenaMatch;
import dev.overture.sample.game.FloorItems;
import dev.overture.sample.game.OnePerWorld;
import dev.overture.feature.WorldActionBase;
import dev.overture.world.World;

/**
 * TopDownArena's action: health pickups on the arena's floor while active (the {@link
 * HealthPickups} rule on the game state). Servers only; needs a match ({@code ConfigureMatch}
 * before it). Each pickup takes a free floor cell, so the map must have {@code count} cells besides
 * the heroes' ({@code Sample/NoFreeFloor}, in validate and before play). One to an experience: the
 * game state holds one {@code HealthPickups} ({@link OnePerWorld}, {@code Sample/TwiceInAWorld}).
 *
 * <pre>{@code
 * { "action": "SpawnPickups", "count": 3, "heal": 50 }
 * }</pre>
 *
 * <p>Immutable; applied on each world's game thread.
 *
 * @param count pickups on the floor at once (default 3)
 * @param heal health a pickup gives back (default 50)
 */
public record SpawnPickups(@ValueRange(min = 1) Integer count, @ValueRange(min = 1) Integer heal) implements WorldActionBase, FloorItems, OnePerWorld {

  public SpawnPickups {
    count = count == null ? 3 : count;
    heal = heal == null ? 50 : heal;
  }

  @Override
  public long floorItems() {
    return count;
  }

  @Override
  public String floorItemsName() {
    return "health pickups";
  }

  @Override
  public String floorItemsField() {
    return "/count";
  }

  @Override
  public String gameStateComponent() {
    return "HealthPickups";
  }

  @Override
  public void addToWorld(World world, FeatureContext context) {
    if (!world.netMode().hasServer()) {
      return;
    }
    if (world.gameState().findComponent(ArenaMatch.class).isEmpty()) {
      throw new IllegalStateException("SpawnPickups needs a match: put a ConfigureMatch action before it");
    }
    HealthPickups pickups = world.gameState().addComponent(HealthPickups.class, gameStateComponent());
    pickups.configure(this);
    context.keepUndo(() -> world.gameState().removeComponent(pickups));
  }
}
