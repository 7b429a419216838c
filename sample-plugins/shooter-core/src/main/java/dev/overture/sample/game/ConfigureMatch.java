package dev.overture.sample.game;

import dev.overture.asset.NotBlank;
import dev.overture.asset.SizeRange;
import dev.overture.asset.ValueRange;
import dev.overture.core.DataException;
import dev.overture.core.ProblemReporter;
import dev.overture.feature.FeatureContext;
import dev.overture.feature.WorldActionBase;
import dev.overture.world.World;
import java.util.List;

/**
 * ShooterCore's action that starts a match in the world while active: it adds the {@link
 * ArenaMatch} component to the game state, configured by these fields. Servers only (a client
 * follows the server's match).
 *
 * <pre>{@code
 * { "action": "ConfigureMatch", "teams": ["Red", "Blue"], "teamSize": 3, "scoreLimit": 10 }
 * }</pre>
 *
 * <p>Immutable; applied on each world's game thread.
 *
 * @param teams the teams' names, 1 to 4, each its own and not blank (default Red and Blue); the player
 *     joins the first
 * @param teamSize heroes per team, the player included (default 3)
 * @param scoreLimit the team score that wins (default 10)
 * @param respawnTurns turns an eliminated hero waits (default 8)
 * @param weaponRange how many cells a weapon reaches in a straight line (default 6)
 * @param damage health a hit takes (default 34)
 */
public record ConfigureMatch(
    @SizeRange(min = 1, max = 4) @NotBlank List<String> teams,
    @ValueRange(min = 1) Integer teamSize,
    @ValueRange(min = 1) Integer scoreLimit,
    @ValueRange(min = 1) Integer respawnTurns,
    @ValueRange(min = 1) Integer weaponRange,
    @ValueRange(min = 1) Integer damage)
    implements WorldActionBase {

  /**
   * The most heroes a match holds. Placing heroes and each turn weigh every hero against the others:
   * 3,000 heroes start in about 4 s on 2 cores, 10,000 took 33 s before the first turn and 25,000
   * never got there. {@link #validate} refuses more ({@code Sample/TooManyHeroes}), for {@code
   * validate} and {@code play} alike.
   */
  public static final int MAX_HEROES = 4096;

  public ConfigureMatch {
    teams = teams == null ? List.of("Red", "Blue") : List.copyOf(teams);
    teamSize = teamSize == null ? 3 : teamSize;
    scoreLimit = scoreLimit == null ? 10 : scoreLimit;
    respawnTurns = respawnTurns == null ? 8 : respawnTurns;
    weaponRange = weaponRange == null ? 6 : weaponRange;
    damage = damage == null ? 34 : damage;
    // Content never gets here with too many teams or a blank name: binding refuses them (@SizeRange, @NotBlank).
    if (teams.isEmpty() || teams.size() > 4) {
      throw new IllegalArgumentException("teams: 1 to 4, not " + teams.size());
    }
    for (int team = 0; team < teams.size(); team++) {
      String name = teams.get(team);
      if (name.isBlank()) {
        throw new IllegalArgumentException("team " + team + " is blank: \"" + name + "\"");
      }
      int first = teams.indexOf(name);
      if (first < team) {
        throw new DataException("Sample/DuplicateTeam", "/teams/" + team, "Team \"" + name + "\" is named twice in \"teams\""
            + " (first at " + first + "); each team needs a name of its own");
      }
    }
  }

  @Override
  public void addToWorld(World world, FeatureContext context) {
    if (!world.netMode().hasServer()) {
      return;
    }
    if (!(world.gameState() instanceof ArenaGameState state)) {
      throw new IllegalStateException("ConfigureMatch needs a world whose game state is an ArenaGameState, not a "
          + world.gameState().getClass().getSimpleName());
    }
    ArenaLevel level = world.subsystem(ArenaLevel.class);
    if (!level.hasGrid()) {
      throw new IllegalStateException("ConfigureMatch needs a map with tiles to play on, but the world's map is "
          + (level.id().isEmpty() ? "not set" : level.id() + ", which has no \"tiles\"")
          + "; play a tile whose mapId names an arena (for example Map:Arena)");
    }
    for (int team = 0; team < teams.size(); team++) {
      if (level.spawns(team).isEmpty()) {
        throw new IllegalStateException("Map " + level.id() + " has no spawn for team " + teams.get(team) + " (tile '" + (team + 1)
            + "'), but ConfigureMatch names " + teams.size() + " teams");
      }
    }
    long heroes = heroes();
    if (heroes > MAX_HEROES) {
      throw new IllegalStateException(tooManyHeroes());
    }
    int cells = level.floor().size();
    if (heroes > cells) {
      throw new IllegalStateException("ConfigureMatch puts " + heroes + " heroes (" + teams.size() + " teams of " + teamSize
          + ") on map " + level.id() + ", which has " + cells + " floor cells; lower \"teamSize\" to at most " + cells / teams.size());
    }
    ArenaMatch match = state.addComponent(ArenaMatch.class, "ArenaMatch");
    match.configure(this, context.assets());
    // The widgets of every registered plugin, found without naming one (TopDownArena's leaderboard, say).
    match.showWidgets(context.extensions(dev.overture.sample.game.hud.HudWidget.class));
    context.keepUndo(() -> state.removeComponent(match));
  }

  /** Every hero of the match, the player included: counted in a long, so that no team size can wrap it. */
  public long heroes() {
    return (long) teams.size() * teamSize;
  }

  @Override
  public void validate(ProblemReporter problems) {
    if (heroes() > MAX_HEROES) {
      problems.error("Sample/TooManyHeroes", "/teamSize", tooManyHeroes());
    }
    if (teams.size() == 1 && teamSize == 1) {
      problems.warning("Sample/LonelyMatch", "/teams", "A match of one team of one hero has nobody to fight");
    }
  }

  private String tooManyHeroes() {
    return "ConfigureMatch puts " + heroes() + " heroes (" + teams.size() + (teams.size() == 1 ? " team of " : " teams of ")
        + teamSize + ") in one match; a match holds at most " + MAX_HEROES + " (ConfigureMatch.MAX_HEROES), since each turn"
        + " weighs every hero against the others: lower \"teamSize\" to at most " + MAX_HEROES / teams.size();
  }
}
