package dev.overture.sample.game;

import dev.overture.asset.AssetManager;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.PawnData;
import dev.overture.object.ObjectArchetype;
import dev.overture.sample.game.ArenaLevel.Cell;
import dev.overture.world.ActorComponent;
import dev.overture.world.ComponentManager;
import dev.overture.world.EndPlayReason;
import dev.overture.world.Handle;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.Collections;
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
 * score, and once a team reaches the score limit the match ends: the team with the highest score
 * wins, and teams that share it draw. Kills, captures and pickups are published to the world's
 * {@link MatchEvents}, and while it runs the match contributes its picture ({@link ArenaPicture}) to
 * the world's {@link dev.overture.world.WorldViews}, for tools such as the inspector.
 *
 * <p>Fair and deterministic for a seed: each turn the heroes act in an order shuffled by the game
 * state's seeded sequence (a fixed order would let the first slots shoot first every turn, and the
 * player's team won nearly every match), and every other random choice comes from that sequence
 * too, which a world store saves, so a restored match goes on exactly as an uninterrupted one.
 * Confined to the world's game thread.
 */
public class ArenaMatch extends ActorComponent {

  private static final Logger log = LoggerFactory.getLogger(ArenaMatch.class);

  /** The name of the locally controlled hero. */
  public static final String PLAYER = "Player";

  private ConfigureMatch config;
  private AssetManager assets;
  /** The HUD widgets the plugins define, from the action that configured the match. */
  private List<dev.overture.sample.game.hud.HudWidget> hudWidgets = List.of();
  private boolean started;
  /** Why start gave up, for the game to say; null while it has not. */
  private String notStarted;
  /** The match's picture for tools (the inspector), contributed while the match runs. */
  private Handle picture;

  /** Built by the object factory. */
  public ArenaMatch() {}

  /** The HUD widgets the plugins define ({@link dev.overture.sample.game.hud.HudWidget}), as the match found them. */
  public List<dev.overture.sample.game.hud.HudWidget> hudWidgets() {
    return hudWidgets;
  }

  void showWidgets(List<dev.overture.sample.game.hud.HudWidget> widgets) {
    hudWidgets = List.copyOf(widgets);
  }

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

  /**
   * Why the match could not start once the experience loaded (its pawn data spawns no Hero), in
   * words; empty when it started, has not tried yet, or had no pawn data to try with.
   */
  public java.util.Optional<String> whyNotStarted() {
    return java.util.Optional.ofNullable(notStarted);
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
      // A reference a newer build's pawn data left null (the seed: such references are null): the
      // experience still runs, without its match; not a failure of the content.
      log.warn("The experience names no pawn data: the match has nobody to play");
      return;
    }
    ArenaGameState state = state();
    List<Hero> restored = heroes();
    if (restored.isEmpty()) {
      state.begin(manager.experienceId().map(Object::toString).orElse(""), level().id());
      // ConfigureMatch checked that they fit on the map's floor.
      int total = Math.toIntExact(config.heroes());
      for (int slot = 0; slot < total; slot++) {
        Pawn pawn = slot == 0 ? manager.spawnPawn(PLAYER) : spawnBot(pawnData, "Bot" + slot);
        if (!(pawn instanceof Hero hero)) {
          notStarted = "the pawn data (pawnClass " + pawnData.pawnClass() + ") spawns a " + pawn.getClass().getSimpleName()
              + ", not a Hero, so the match cannot use it";
          log.warn("The match did not start: {}", notStarted);
          pawn.destroy();
          return;
        }
        hero.join(slot, slot % config.teams().size());
        hero.respawnAt(freeSpawn(hero));
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
    picture = ArenaPicture.contribute(this);
  }

  @Override
  protected void endPlay(EndPlayReason reason) {
    if (picture != null) {
      picture.release();
      picture = null;
    }
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
    List<Hero> heroes = turnOrder();
    for (Hero hero : heroes) {
      if (!hero.isAlive() && hero.waitToRespawn()) {
        hero.respawnAt(freeSpawn(hero));
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
    List<Integer> leaders = leadingTeams();
    if (teamScore(leaders.get(0)) >= config.scoreLimit()) {
      state.end(leaders.size() == 1 ? teamName(leaders.get(0)) : ""); // teams level at the end draw
    }
  }

  /** The teams with the highest score, by index: one, or all that share it. */
  public List<Integer> leadingTeams() {
    List<Integer> leaders = new ArrayList<>();
    for (int team = 0; team < config.teams().size(); team++) {
      if (!leaders.isEmpty() && teamScore(team) > teamScore(leaders.get(0))) {
        leaders.clear();
      }
      if (leaders.isEmpty() || teamScore(team) == teamScore(leaders.get(0))) {
        leaders.add(team);
      }
    }
    return leaders;
  }

  /** The heroes in this turn's order: slot order shuffled (Fisher-Yates) by the match's seeded sequence. */
  private List<Hero> turnOrder() {
    List<Hero> order = heroes();
    for (int i = order.size() - 1; i > 0; i--) {
      Collections.swap(order, i, state().nextInt(i + 1));
    }
    return order;
  }

  /** The name of team {@code team}. */
  public String teamName(int team) {
    return config.teams().get(team);
  }

  /** The heroes of the match, in slot order (the order they are shown in, not the order they act in). */
  public List<Hero> heroes() {
    List<Hero> heroes = new ArrayList<>(world().actors(Hero.class));
    heroes.sort(Comparator.comparingInt(Hero::slot));
    return heroes;
  }

  /** The hero in play standing on {@code cell}, if any. */
  public Optional<Hero> heroAt(Cell cell) {
    for (Hero hero : world().actors(Hero.class)) { // at most one hero in play stands on a cell: no need to sort
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
    List<Cell> enemies = new ArrayList<>();
    for (Hero other : heroes()) {
      if (other.isAlive() && other.team() != hero.team()) {
        enemies.add(other.cell());
      }
    }
    return nearest(hero.cell(), enemies);
  }

  /**
   * The cell of {@code cells} nearest to {@code from} (ignoring walls); between equally near ones
   * the match's seeded sequence picks, since always taking the first would favour whoever is listed
   * first. Empty when {@code cells} is.
   */
  public Optional<Cell> nearest(Cell from, List<Cell> cells) {
    List<Cell> best = new ArrayList<>();
    for (Cell cell : cells) {
      if (!best.isEmpty() && from.distance(cell) < from.distance(best.get(0))) {
        best.clear();
      }
      if (best.isEmpty() || from.distance(cell) == from.distance(best.get(0))) {
        best.add(cell);
      }
    }
    return best.isEmpty() ? Optional.empty() : Optional.of(best.size() == 1 ? best.get(0) : best.get(state().nextInt(best.size())));
  }

  /** {@code attacker} eliminated {@code victim}: the rules hear it, then the event's subscribers. */
  void eliminated(Hero attacker, Hero victim) {
    for (MatchRules rule : rules()) {
      rule.onElimination(this, attacker, victim);
    }
    publish(new MatchEvent.Kill(state().turn(), attacker.name(), teamName(attacker.team()), victim.name(), teamName(victim.team())));
  }

  /** Tells the world's {@link MatchEvents} subscribers (the rules of any plugin publish what happens). */
  public void publish(MatchEvent event) {
    world().subsystem(MatchEvents.class).publish(event);
  }

  /** Team {@code team}'s score. */
  public int teamScore(int team) {
    return state().counter("score." + team);
  }

  /** Adds to team {@code team}'s score. */
  public void addTeamScore(int team, int points) {
    state().setCounter("score." + team, teamScore(team) + points);
  }

  /**
   * A free spawn cell for {@code hero}: its team's own spawns first, then free floor they lead to (a
   * hero placed on floor walled off from them would never meet the match), then any free floor,
   * chosen by the seeded sequence. On the floor the spawns lead to, a cell that would leave some
   * teams too little of their own floor for their heroes still to be placed is passed over for the
   * next that would not (teams sharing a room unevenly: a hero of one team could take the cell
   * another team's only room needs).
   */
  private Cell freeSpawn(Hero hero) {
    int team = hero.team();
    // The cells heroes stand on, gathered once: asking heroAt for every cell of a large floor made
    // placing thousands of heroes take heroes x heroes x cells steps.
    java.util.Set<Cell> taken = new java.util.HashSet<>();
    int[] inPlay = new int[config().teams().size()];
    for (Hero other : world().actors(Hero.class)) {
      if (other != hero && other.isAlive()) {
        taken.add(other.cell());
        inPlay[other.team()]++;
      }
    }
    List<Cell> free = new ArrayList<>();
    for (Cell cell : level().spawns(team)) {
      if (!taken.contains(cell)) {
        free.add(cell);
      }
    }
    if (!free.isEmpty()) {
      return free.get(state().nextInt(free.size()));
    }
    for (Cell cell : level().teamFloor(team)) {
      if (!taken.contains(cell)) {
        free.add(cell);
      }
    }
    if (!free.isEmpty()) {
      int pick = state().nextInt(free.size());
      return roomLeft(free, pick, team, taken, inPlay);
    }
    for (Cell cell : level().floor()) {
      if (!taken.contains(cell)) {
        free.add(cell);
      }
    }
    return free.get(state().nextInt(free.size()));
  }

  /**
   * {@code free}'s cell at {@code pick}, or, when taking it would leave a set of teams fewer free
   * cells of the floor their spawns lead to than heroes still to place, the next in turn that would
   * not (the pick itself when none would). Where every team's spawns lead to the same floor, no cell
   * can do that, and nothing is checked.
   */
  private Cell roomLeft(List<Cell> free, int pick, int team, java.util.Set<Cell> taken, int[] inPlay) {
    int teams = inPlay.length;
    List<List<Cell>> floors = new ArrayList<>();
    for (int each = 0; each < teams; each++) {
      floors.add(level().teamFloor(each));
    }
    if (floors.stream().distinct().count() <= 1) {
      return free.get(pick);
    }
    long[] waiting = new long[teams];
    for (int each = 0; each < teams; each++) {
      waiting[each] = Math.max(0, config().teamSize() - inPlay[each] - (each == team ? 1 : 0));
    }
    for (int step = 0; step < free.size(); step++) {
      Cell cell = free.get((pick + step) % free.size());
      if (ArenaLevel.shortOfRoom(floors, waiting, other -> other.equals(cell) || taken.contains(other)).isEmpty()) {
        return cell;
      }
    }
    return free.get(pick);
  }
}
