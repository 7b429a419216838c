package dev.overture.live;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.experience.PawnData;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live content on real files in a temporary folder, noticed by the real watcher: the tests write
 * and delete files as an editor does, tick the worlds on the test's thread (their game thread), and
 * wait with Awaitility until the change is in force.
 */
class LiveContentTest {

  /** Added to pawns by the shared action set. */
  public static class Shield extends ActorComponent {}

  /** Added to pawns by the shared action set once edited. */
  public static class Banner extends ActorComponent {}

  private static final String SHARED_SHIELD = """
      { "actions": [ { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Shield" } ] } ] }
      """;
  private static final String SHARED_BANNER = """
      { "actions": [ { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Banner" } ] } ] }
      """;

  @TempDir Path folder;
  @TempDir Path jars;
  private Overture overture;
  private final List<LiveReload> heard = new CopyOnWriteArrayList<>();
  private final List<World> worlds = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() {
    Content.of()
        .file("experiences/Duel.json", """
            { "defaultPawnData": "Fighter", "actionSets": ["Shared"] }
            """)
        .file("experiences/Brawl.json", """
            { "defaultPawnData": "Fighter", "actionSets": ["Shared"] }
            """)
        .file("actionsets/Shared.json", SHARED_SHIELD)
        .file("pawns/Fighter.json", """
            { "pawnClass": "Pawn", "displayName": "Fighter" }
            """)
        .writeTo(folder);
    overture = Overture.builder()
        .contentRoot(AssetSource.directory(folder))
        .kind(ActorComponent.class, "Shield", Shield.class)
        .kind(ActorComponent.class, "Banner", Banner.class)
        .plugins(jars)
        // Real files, a real watcher and a real clock: a quiet period well above a busy machine's
        // stalls, so that a test's burst of writes (each one truncates, then writes) is one change
        // and never read half-written, whatever else the machine is doing.
        .liveContent(live -> live.quietPeriod(Duration.ofMillis(400)))
        .build();
    overture.liveContent().orElseThrow().subscribe(heard::add);
  }

  @AfterEach
  void stop() {
    worlds.forEach(World::close);
    overture.close();
  }

  private World play(String name, String experience) {
    World world = overture.worlds().create(name);
    worlds.add(world);
    ExperienceManager manager = ExperienceManager.of(world).orElseThrow();
    manager.setCurrentExperience(PrimaryAssetId.parse("Experience:" + experience));
    tickUntil(() -> manager.state() == LoadState.LOADED);
    manager.spawnPawn("Player");
    return world;
  }

  /** Ticks every world on this thread until {@code done}. */
  private void tickUntil(BooleanSupplier done) {
    await().pollInSameThread().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(30)).until(() -> {
      worlds.forEach(world -> world.tick(1.0 / 60));
      return done.getAsBoolean();
    });
  }

  private void write(String path, String text) throws IOException {
    Files.writeString(folder.resolve(path), text);
  }

  /** How messages show a content file: its path on disk. */
  private String shown(String path) {
    return folder.resolve(path).toString();
  }

  private static String displayName(World world) {
    return ExperienceManager.of(world).orElseThrow().pawnData().map(PawnData::displayName).orElse("(none)");
  }

  private static boolean has(World world, Class<? extends ActorComponent> type) {
    Pawn pawn = world.actors(Pawn.class).get(0);
    return pawn.findComponent(type).isPresent();
  }

  private long count(LiveReload.Status status) {
    return heard.stream().filter(reload -> reload.status() == status).count();
  }

  @Test
  void anEdit_isAppliedInTheRunningWorld() throws IOException {
    World world = play("Match", "Duel");

    write("pawns/Fighter.json", """
        { "pawnClass": "Pawn", "displayName": "Brawler" }
        """);

    tickUntil(() -> displayName(world).equals("Brawler"));
    tickUntil(() -> count(LiveReload.Status.APPLIED) == 1);
    LiveReload reload = heard.get(0);
    assertEquals(List.of(shown("pawns/Fighter.json")), reload.files());
    assertEquals(List.of("PawnData:Fighter /displayName: \"Fighter\" -> \"Brawler\""), reload.changes());
    assertEquals(List.of(new LiveReload.WorldUpdate("Match", PrimaryAssetId.parse("Experience:Duel"),
        dev.overture.experience.ExperienceReload.Outcome.APPLIED)), reload.worlds());
    assertTrue(reload.summary().startsWith("Reloaded " + shown("pawns/Fighter.json") + " in "), reload.summary());
    assertTrue(reload.summary().endsWith(" ms: applied to world Match"), reload.summary());
  }

  @Test
  void aBurstOfWrites_isOneChange() throws IOException {
    World world = play("Match", "Duel");

    for (int i = 1; i <= 5; i++) {
      write("pawns/Fighter.json", "{ \"pawnClass\": \"Pawn\", \"displayName\": \"Draft " + i + "\" }");
    }

    tickUntil(() -> displayName(world).equals("Draft 5"));
    overture.liveContent().orElseThrow().whenIdle().join();
    assertEquals(1, heard.size(), heard.toString());
    assertEquals(LiveReload.Status.APPLIED, heard.get(0).status());
  }

  @Test
  void aBrokenEdit_changesNothing_isReportedOnce_andTheNextGoodSaveApplies() throws IOException {
    World world = play("Match", "Duel");

    write("pawns/Fighter.json", """
        { "pawnClass": "Pawn", "displayName": "Broken"
        """);
    tickUntil(() -> count(LiveReload.Status.REFUSED) == 1);

    LiveReload refused = heard.get(0);
    assertEquals("Refused " + shown("pawns/Fighter.json") + ": 1 error; the old content stays in force", refused.summary());
    Problem problem = refused.problems().get(0);
    assertEquals(shown("pawns/Fighter.json"), problem.location().orElseThrow().file());
    assertEquals(2, problem.location().orElseThrow().line(), problem.toString());
    assertEquals("Fighter", displayName(world), "the old content stays in force");
    assertTrue(has(world, Shield.class));

    write("pawns/Fighter.json", """
        { "pawnClass": "Pawn", "displayName": "Fixed" }
        """);
    tickUntil(() -> displayName(world).equals("Fixed"));
    tickUntil(() -> count(LiveReload.Status.APPLIED) == 1);
    assertEquals(1, count(LiveReload.Status.REFUSED), "the broken save is reported once: " + heard);
  }

  @Test
  void anActionSetUsedByTwoExperiences_reachesBothWorlds() throws IOException {
    World duel = play("Duel", "Duel");
    World brawl = play("Brawl", "Brawl");
    assertTrue(has(duel, Shield.class));
    assertTrue(has(brawl, Shield.class));

    write("actionsets/Shared.json", SHARED_BANNER);

    tickUntil(() -> has(duel, Banner.class) && has(brawl, Banner.class));
    assertFalse(has(duel, Shield.class), "the old action's component is gone");
    assertFalse(has(brawl, Shield.class), "the old action's component is gone");
    tickUntil(() -> count(LiveReload.Status.APPLIED) == 1);
    assertEquals(List.of("Brawl", "Duel"), heard.get(0).worlds().stream().map(LiveReload.WorldUpdate::world).sorted().toList());
  }

  @Test
  void aRemovedFileTheExperienceNeeds_isRefused_andTheWorldKeepsItsContent() throws IOException {
    World world = play("Match", "Duel");

    Files.delete(folder.resolve("actionsets/Shared.json"));

    tickUntil(() -> count(LiveReload.Status.REFUSED) == 1);
    LiveReload refused = heard.get(0);
    assertEquals("Refused " + shown("actionsets/Shared.json") + ": 1 error; the old content stays in force", refused.summary());
    assertEquals(List.of(shown("experiences/Duel.json")),
        refused.problems().stream().map(problem -> problem.location().map(where -> where.file()).orElse("?")).toList(),
        refused.problems().toString());
    assertTrue(has(world, Shield.class), "the old content stays in force");
    assertEquals(LoadState.LOADED, ExperienceManager.of(world).orElseThrow().state());
  }

  @Test
  void aNewExperience_isIndexed_andLoads() throws IOException {
    write("experiences/Arena.json", """
        { "defaultPawnData": "Fighter" }
        """);

    tickUntil(() -> count(LiveReload.Status.APPLIED) == 1);
    assertEquals(List.of("Experience:Arena added"), heard.get(0).changes());
    assertTrue(heard.get(0).summary().endsWith(": no running world uses it"), heard.get(0).summary());
    World world = play("Match", "Arena");
    assertEquals("Fighter", displayName(world));
  }

  @Test
  void aPluginJarDroppedIn_isRefused_untilTheGameRestarts() throws IOException {
    World world = play("Match", "Duel");
    assertEquals(List.of(folder, jars), overture.liveContent().orElseThrow().watchedFolders());

    Files.write(jars.resolve("Extra.jar"), new byte[] {'P', 'K'});

    tickUntil(() -> count(LiveReload.Status.REFUSED) == 1);
    Problem problem = heard.get(0).problems().get(0);
    assertEquals("Overture/RestartNeeded", problem.id());
    assertEquals(jars.resolve("Extra.jar") + " appeared or changed: plugin jars are loaded when the game starts (their code cannot be"
        + " swapped in a running game); restart to install or update Extra.jar", problem.message());
    assertEquals(LoadState.LOADED, ExperienceManager.of(world).orElseThrow().state());

    // A second build of the same jar says the same words, and is news all the same.
    Files.write(jars.resolve("Extra.jar"), new byte[] {'P', 'K', 3, 4});
    tickUntil(() -> count(LiveReload.Status.REFUSED) == 2);
    assertEquals(problem, heard.get(1).problems().get(0));
  }

  @Test
  void aShippingConfiguration_refusesLiveContent() {
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> Overture.builder().contentRoot(AssetSource.directory(folder)).liveContent().shipping().build());
    assertEquals("This runtime is marked as a shipping configuration (Overture.Builder.shipping()), which refuses development modes,"
        + " but live content (Overture.Builder.liveContent) is turned on; turn it off, or drop shipping() in development builds",
        e.getMessage());
  }
}
