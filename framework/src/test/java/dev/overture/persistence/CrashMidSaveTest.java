package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.object.Property;
import dev.overture.reliability.ChildJvm;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A real crash, on SQLite and on PostgreSQL: a child JVM saves a world over and over, each save
 * writing one new number into every actor, and is killed (SIGKILL) in the middle of its saves.
 * Whatever moment the kill hits, the store must hold one whole save: every actor, all with the same
 * number. And killed at a known point, inside a save's transaction just before it commits, the
 * store holds exactly the save before.
 */
@ParameterizedClass
@EnumSource(Backend.class)
class CrashMidSaveTest {

  /** An actor whose every save stamps a round number. */
  public static class Crate extends Pawn {
    @Property public long round;
  }

  static final ClassNames CLASSES = ClassNames.of(Map.of("Crate", Crate.class));
  static final int ACTORS = 200;

  @Parameter Backend backend;
  @TempDir Path temp;
  private Backend.Place place;

  @BeforeEach
  void database() {
    place = backend.fresh(temp);
  }

  @AfterEach
  void closeDatabase() {
    place.close();
  }

  /**
   * The child: saves round 1, 2, 3, ... until killed, printing each finished round. Arguments: the
   * database ({@link Backend.Place#childArgs}), then the save to hold in before it commits (0: none)
   * and the marker file of the hold.
   */
  public static void main(String[] args) {
    int at = args[0].equals("sqlite") ? 2 : 1;
    int holdAt = Integer.parseInt(args[at]);
    StoreDatabase.TransactionHook hook = holdAt > 0 ? Holds.at("saving world", holdAt, Path.of(args[at + 1]))
        : StoreDatabase.TransactionHook.NONE;
    try (WorldStore store = Holds.builder(args, hook).open(CLASSES)) {
      World world = World.builder("Warehouse").ids(store.ids()).build();
      List<Crate> crates = new ArrayList<>();
      for (int i = 0; i < ACTORS; i++) {
        crates.add(world.spawnActor(Crate.class, "Crate" + i));
      }
      for (long round = 1; ; round++) {
        for (Crate crate : crates) {
          crate.round = round;
        }
        store.save(world);
        System.out.println("saved " + round);
        System.out.flush();
      }
    }
  }

  private List<String> childArgs(int holdAt, Path marker) {
    List<String> args = new ArrayList<>(place.childArgs());
    args.addAll(List.of(Integer.toString(holdAt), marker.toString()));
    return args;
  }

  @Test
  void killingTheProcessMidSave_leavesOneWholeSave() throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), CrashMidSaveTest.class.getName()));
    command.addAll(childArgs(0, temp.resolve("never")));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(place.childEnvironment());
    Process child = builder.start();
    long lastRound = 0;
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        if (line.startsWith("saved ")) {
          lastRound = Long.parseLong(line.substring(6));
          if (lastRound == 5) {
            child.destroyForcibly(); // SIGKILL: no shutdown hook, no rollback by the process
            break;
          }
        }
      }
    }
    assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child ended");
    assertEquals(5, lastRound, "the child saved five rounds before it was killed");

    Set<Long> rounds = restoredRounds();
    assertEquals(1, rounds.size(), "all from the same save: " + rounds);
    assertTrue(rounds.iterator().next() >= 5, "at least the last save the child reported: " + rounds);
  }

  @Test
  void killingTheProcessJustBeforeASaveCommits_leavesThePreviousSaveWhole() throws Exception {
    Path marker = temp.resolve("held");
    ChildJvm child = ChildJvm.start(marker, temp.resolve("child.log"), place.childEnvironment(), CrashMidSaveTest.class.getName(),
        childArgs(4, marker));
    child.awaitHold();
    child.kill();

    assertEquals(Set.of(3L), restoredRounds(), "round 4 was written but never committed: round 3, whole");
  }

  /** The rounds of the crates a fresh store restores (one value when the save is whole). */
  private Set<Long> restoredRounds() {
    try (WorldStore store = place.open(CLASSES)) {
      World world = World.builder("Warehouse").ids(store.ids()).build();
      WorldStore.Restored restored = store.restore(world);

      assertEquals(List.of(), restored.warnings());
      assertEquals(ACTORS + 1, restored.actors(), "every actor of one save, and the game state");
      return world.actors(Crate.class).stream().map(crate -> crate.round).collect(Collectors.toSet());
    }
  }
}
