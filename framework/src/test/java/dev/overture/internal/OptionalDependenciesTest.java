package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.MissingDependencyException;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.inject.Overture;
import dev.overture.persistence.ClassNames;
import dev.overture.persistence.IdMigration;
import dev.overture.persistence.WorldStore;
import dev.overture.testing.Content;
import dev.overture.world.ActorComponent;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Guice, sqlite-jdbc and directory-watcher are optional: a host with none of them on its class path
 * builds a runtime and loads an experience, and what needs sqlite-jdbc or the watcher says which
 * artifact to add. Checked in a child JVM whose class path is this one's without those three jars.
 */
class OptionalDependenciesTest {

  @TempDir Path temp;

  /** Content with a plugin, a pawn, secondary assets and the host's own component. */
  static Content arena() {
    return Content.of()
        .file("experiences/Arena.json", """
            {
              "gameFeaturesToEnable": ["Combat"],
              "defaultPawnData": "Hero",
              "actions": [ { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Score" } ] } ]
            }
            """)
        .file("pawns/Hero.json", """
            { "pawnClass": "Pawn", "displayName": "Hero", "abilitySets": ["abilities/punch.json"] }
            """)
        .file("abilities/punch.json", "{ \"grantedAbilities\": [\"Punch\"] }")
        .file("plugins/Combat/plugin.json", """
            {
              "version": "1.0.0",
              "actions": [ { "action": "AddAbilities", "abilitiesList": [ { "actorClass": "Pawn", "grantedAbilities": ["Jump"] } ] } ]
            }
            """);
  }

  /** What the child does: a host that uses neither Guice nor a world store file. */
  public static final class Host {

    /** The host's component, named {@code Score} in content. */
    public static class Score extends ActorComponent {
      /** Made by the object factory. */
      public Score() {}
    }

    private Host() {}

    /**
     * Loads {@code Experience:Arena} from the folder {@code args[0]}, then asks for a world store
     * file {@code args[1]} in each way there is.
     */
    public static void main(String[] args) {
      System.out.println("guice on the class path: " + present("com.google.inject.Guice"));
      System.out.println("sqlite-jdbc on the class path: " + present("org.sqlite.SQLiteDataSource"));
      try (Overture overture = Overture.builder()
          .contentRoot(AssetSource.directory(Path.of(args[0])))
          .workers(Runnable::run)
          .pluginExecutor(Runnable::run)
          .component("Score", Score.class)
          .build()) {
        overture.ready().join();
        World world = overture.worlds().create("Match", NetMode.STANDALONE);
        ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
        experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Arena"));
        for (int tick = 0; tick < 100 && experience.state() != LoadState.LOADED && experience.state() != LoadState.FAILED; tick++) {
          world.tick(1.0 / 30);
        }
        System.out.println("experience: " + experience.state() + experience.failure().map(e -> " " + e.getMessage()).orElse(""));
        Pawn pawn = experience.spawnPawn("Player");
        System.out.println("pawn components: " + pawn.components().stream().map(c -> c.getClass().getSimpleName()).sorted().toList());
        Path file = Path.of(args[1]);
        tell(() -> WorldStore.open(file, ClassNames.from(overture.assets())));
        tell(() -> Overture.builder().worldStore(file));
        tell(() -> IdMigration.run(file, IdMigration.Target.STABLE_ID, true, false, 100));
        tell(() -> Overture.builder().contentRoot(AssetSource.directory(Path.of(args[0]))).liveContent().build().close());
        world.close();
      }
    }

    private static boolean present(String name) {
      try {
        Class.forName(name);
        return true;
      } catch (ClassNotFoundException e) {
        return false;
      }
    }

    private static void tell(Runnable call) {
      try {
        call.run();
        System.out.println("no exception");
      } catch (MissingDependencyException e) {
        System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
      }
    }
  }

  @Test
  void aHostWithoutGuiceOrSqlite_loadsAnExperience_andIsToldWhatAWorldStoreFileNeeds() throws Exception {
    Path content = arena().writeTo(temp.resolve("content"));
    Path db = temp.resolve("game.db");
    Files.writeString(db, "not opened"); // IdMigration wants a file; nothing may touch it
    List<Path> classPath = ChildJava.classPath().stream()
        .filter(entry -> !entry.equals(ChildJava.jar("guice")) && !entry.equals(ChildJava.jar("sqlite-jdbc"))
            && !entry.equals(ChildJava.jar("directory-watcher")))
        .toList();
    assertEquals(ChildJava.classPath().size() - 3, classPath.size());

    ChildJava.Result child = ChildJava.run(List.of(
        ChildJava.java(), "-cp", ChildJava.pathList(classPath), Host.class.getName(), content.toString(), db.toString()));

    String sqlite = System.getProperty("overture.sqliteCoordinates");
    assertEquals(List.of(
        "guice on the class path: false",
        "sqlite-jdbc on the class path: false",
        "experience: Loaded",
        "pawn components: [AbilitySystemComponent, Score]",
        "MissingDependencyException: A world store's own database file needs sqlite-jdbc, which is not on the class path: add "
            + sqlite + " to the host's dependencies, or open the store over a DataSource of your own (WorldStore.builder(dataSource)).",
        "MissingDependencyException: Overture.Builder.worldStore(Path) needs sqlite-jdbc, which is not on the class path: add "
            + sqlite + " to the host's dependencies, or open the store over a DataSource of your own (worldStore(dataSource, name)).",
        "MissingDependencyException: IdMigration.run(Path, ...) needs sqlite-jdbc, which is not on the class path: add "
            + sqlite + " to the host's dependencies, or migrate over a DataSource of your own (IdMigration.run(dataSource, ...)).",
        "MissingDependencyException: Live content's file watcher (Overture.Builder.liveContent) needs directory-watcher, which is not on"
            + " the class path: add " + System.getProperty("overture.watcherCoordinates") + " to the host's dependencies, or turn"
            + " watching off (LiveContent.Builder.watch(false)) and announce changed files yourself."),
        withoutLogging(child.lines()), child.output());
    assertEquals(0, child.exit(), child.output());
    assertEquals("not opened", Files.readString(db));
    try (Stream<Path> files = Files.list(temp)) {
      assertEquals(List.of("content", "game.db"), files.map(f -> f.getFileName().toString()).sorted().toList());
    }
  }

  @Test
  void theCoordinatesNamed_areThoseOfThisBuild() {
    assertTrue(OptionalDependency.SQLITE_JDBC.isPresent()); // the tests have it
    assertEquals(System.getProperty("overture.sqliteCoordinates"), OptionalDependency.SQLITE_JDBC.coordinates());
    assertFalse(OptionalDependency.SQLITE_JDBC.coordinates().contains("${"));
    assertEquals(System.getProperty("overture.watcherCoordinates"), OptionalDependency.DIRECTORY_WATCHER.coordinates());
    assertEquals("io.methvin:directory-watcher:0.19.1", OptionalDependency.DIRECTORY_WATCHER.coordinates());
  }

  /** The lines the child printed itself, without the logger's. */
  static List<String> withoutLogging(List<String> lines) {
    List<String> own = new ArrayList<>();
    for (String line : lines) {
      if (!line.startsWith("[main] ")) {
        own.add(line);
      }
    }
    return own;
  }
}
