package dev.overture.sample.game;

import dev.overture.asset.AssetManager;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.PawnData;
import dev.overture.object.ObjectArchetype;
import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.world.ActorComponent;
import dev.overture.world.ComponentManager;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A match on the world's {@link ArenaLevel}, added to the game state by ShooterCore's {@link
 * ConfigureMatch} action. When the experience has loaded it spawns the heroes from the
 * experience's pawn data (the player, then the bots, team by team) or, for a restored world, takes
 * over the heroes the store brought back; then every world tick is one turn: the eliminated count
 * down to respawn, every hero in play runs its {@link BotBrain} and fires its {@link
 * LineOfSightWeapon} (when the experience gave it those), the {@link MatchRules} on the game state
 * score, and the first team to the score limit wins.
 *
 * <p>Deterministic for a seed: heroes act in slot order, and every random choice comes from the
 * game state's seeded sequence. Confined to the world's game thread.
 */
public class ArenaMatch extends ActorComponent {

  private static final Logger log = LoggerFactory.getLogger(ArenaMatch.class);

  /** The name of the locally controlled hero. */
  public static final String PLAYER = "Player";

  private ConfigureMatch config;
  private AssetManager assets;
  private boolean started;

  /** Built by the object factory. */
  public ArenaMatch() {}

  void configure(ConfigureMatch newConfig, AssetManager assetManager) {
    config = newConfig;
    assets = assetManager;
  }

  /** How the match is set up. */
  public ConfigureMatch config() {
    return config;
  }

  /** The match's data. */
  public ArenaGameState state() {
    return (ArenaGameState) owner();
  }

  /** The grid the match is played on. */
  public ArenaLevel level() {
    return world().subsystem(ArenaLevel.class);
  }

  /** Whether the heroes are in place and turns run. */
  public boolean isStarted() {
    return started;
  }

  @Override
  public boolean isPersistent() {
    return false;
  }

  @Override
  protected void beginPlay() {
    ExperienceManager.of(world()).ifPresent(manager -> manager.callOrRegisterOnLoaded(ExperienceManager.Priority.HIGH, experience -> {
      if (isPlaying() && !started) {
        start(manager);
      }
    }));
  }

  private void start(ExperienceManager manager) {
    PawnData pawnData = manager.pawnData().orElse(null);
    if (pawnData == null) {
      log.warn("The experience names no pawn data: the match has nobody to play");
      return;
    }
    ArenaGameState state = state();
    List<Hero> restored = heroes();
    if (restored.isEmpty()) {
      state.begin(manager.experienceId().map(Object::toString).orElse(""), level().id());
      int total = config.teams().size() * config.teamSize();
      for (int slot = 0; slot < total; slot++) {
        Pawn pawn = slot == 0 ? manager.spawnPawn(PLAYER) : spawnBot(pawnData, "Bot" + slot);
        if (!(pawn instanceof Hero hero)) {
          log.warn("The pawn data spawns a {}, not a Hero: the match cannot use it", pawn.getClass().getSimpleName());
          pawn.destroy();
          return;
        }
        hero.join(slot, slot % config.teams().size());
        hero.respawnAt(freeSpawn(hero.team()));
      }
    } else {
      // A restored match: the store brought the heroes back; they need their pawn data and input again.
      for (Hero hero : restored) {
        hero.setPawnData(pawnData);
        hero.setLocallyControlled(hero.name().equals(PLAYER) && world().netMode().hasClient());
        world().componentManager().sendExtensionEvent(hero, ComponentManager.GAME_ACTOR_READY);
      }
    }
    started = true;
  }

  /** A bot: built from the pawn data through the object factory, as the player is, but not local. */
  private Pawn spawnBot(PawnData pawnData, String name) {
    World world = world();
    Pawn pawn;
    if (pawnData.pawnClass().classRef().isPresent()) {
      pawn = world.spawnActor(pawnData.pawnClass().classRef().get().type(), name);
    } else {
      ObjectArchetype archetype = assets.getAsset(pawnData.pawnClass().asset().orElseThrow(), ObjectArchetype.class).orElseThrow();
      pawn = world.spawnActor(archetype, Pawn.class, name);
    }
    pawn.setPawnData(pawnData);
    world.componentManager().sendExtensionEvent(pawn, ComponentManager.GAME_ACTOR_READY);
    return pawn;
  }

  @Override
  protected boolean wantsTick() {
    return true;
  }

  @Override
  protected void tick(double deltaSeconds) {
    ArenaGameState state = state();
    if (!started || state.isOver()) {
      return;
    }
    state.nextTurn();
    List<Hero> heroes = heroes();
    for (Hero hero : heroes) {
      if (!hero.isAlive() && hero.waitToRespawn()) {
        hero.respawnAt(freeSpawn(hero.team()));
      }
    }
    for (Hero hero : heroes) {
      if (hero.isAlive()) {
        hero.findComponent(BotBrain.class).ifPresent(brain -> brain.step(this));
      }
    }
    for (Hero hero : heroes) {
      if (hero.isAlive()) {
        hero.findComponent(LineOfSightWeapon.class).ifPresent(weapon -> weapon.fire(this));
      }
    }
    for (MatchRules rules : rules()) {
      rules.afterTurn(this);
    }
    for (int team = 0; team < config.teams().size(); team++) {
      if (teamScore(team) >= config.scoreLimit()) {
        state.end(config.teams().get(team));
        return;
      }
    }
  }

  /** The heroes of the match, in slot order. */
  public List<Hero> heroes() {
    List<Hero> heroes = new ArrayList<>(world().actors(Hero.class));
    heroes.sort(Comparator.comparingInt(Hero::slot));
    return heroes;
  }

  /** The hero in play standing on {@code cell}, if any. */
  public Optional<Hero> heroAt(Cell cell) {
    for (Hero hero : heroes()) {
      if (hero.isAlive() && hero.cell().equals(cell)) {
        return Optional.of(hero);
      }
    }
    return Optional.empty();
  }

  /** The rules on the game state, in the order the actions added them. */
  public List<MatchRules> rules() {
    List<MatchRules> rules = new ArrayList<>();
    for (ActorComponent component : owner().components()) {
      if (component instanceof MatchRules rule && component.isPlaying()) {
        rules.add(rule);
      }
    }
    return rules;
  }

  /** Where {@code hero} should head: the first rule's objective, else the nearest enemy in play. */
  public Optional<Cell> objective(Hero hero) {
    for (MatchRules rule : rules()) {
      Optional<Cell> cell = rule.objective(this, hero);
      if (cell.isPresent()) {
        return cell;
      }
    }
    Hero nearest = null;
    for (Hero other : heroes()) {
      if (other.isAlive() && other.team() != hero.team()
          && (nearest == null || hero.cell().distance(other.cell()) < hero.cell().distance(nearest.cell()))) {
        nearest = other;
      }
    }
    return Optional.ofNullable(nearest).map(Hero::cell);
  }

  /** {@code attacker} eliminated {@code victim}: the rules hear it. */
  void eliminated(Hero attacker, Hero victim) {
    for (MatchRules rule : rules()) {
      rule.onElimination(this, attacker, victim);
    }
  }

  /** Team {@code team}'s score. */
  public int teamScore(int team) {
    return state().counter("score." + team);
  }

  /** Adds to team {@code team}'s score. */
  public void addTeamScore(int team, int points) {
    state().setCounter("score." + team, teamScore(team) + points);
  }

  /** A free spawn cell of {@code team}: its own spawns first, then any free floor, chosen by the seeded sequence. */
  private Cell freeSpawn(int team) {
    List<Cell> free = new ArrayList<>();
    for (Cell cell : level().spawns(team)) {
      if (heroAt(cell).isEmpty()) {
        free.add(cell);
      }
    }
    if (free.isEmpty()) {
      for (Cell cell : level().floor()) {
        if (heroAt(cell).isEmpty()) {
          free.add(cell);
        }
      }
    }
    return free.get(state().nextInt(free.size()));
  }
}
