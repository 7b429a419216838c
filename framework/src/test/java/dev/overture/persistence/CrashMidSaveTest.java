package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.object.Property;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real crash: a child JVM saves a world over and over, each save writing one new number into
 * every actor, and is killed (SIGKILL) in the middle of its saves. Whatever moment the kill hits,
 * the store must hold one whole save: every actor, all with the same number.
 */
class CrashMidSaveTest {

  /** An actor whose every save stamps a round number. */
  public static class Crate extends Pawn {
    @Property public long round;
  }

  static final ClassNames CLASSES = ClassNames.of(Map.of("Crate", Crate.class));
  static final int ACTORS = 200;

  /** The child: saves round 1, 2, 3, ... until killed, printing each finished round. */
  public static void main(String[] args) {
    try (WorldStore store = WorldStore.open(Path.of(args[0]), CLASSES)) {
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

  @Test
  void killingTheProcessMidSave_leavesOneWholeSave(@TempDir Path temp) throws Exception {
    Path db = temp.resolve("game.db");
    Process child = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"),
            CrashMidSaveTest.class.getName(), db.toString())
        .redirectErrorStream(true)
        .start();
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

    try (WorldStore store = WorldStore.open(db, CLASSES)) {
      World world = World.builder("Warehouse").ids(store.ids()).build();
      WorldStore.Restored restored = store.restore(world);

      assertEquals(List.of(), restored.warnings());
      assertEquals(ACTORS + 1, restored.actors(), "every actor of one save, and the game state");
      Set<Long> rounds = world.actors(Crate.class).stream().map(crate -> crate.round).collect(Collectors.toSet());
      assertEquals(1, rounds.size(), "all from the same save: " + rounds);
      assertTrue(rounds.iterator().next() >= 5, "at least the last save the child reported: " + rounds);
    }
  }
}
