package dev.overture.benchmarks;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.ExperienceSettings;
import dev.overture.experience.Experiences;
import dev.overture.experience.LoadState;
import dev.overture.feature.GameFeatures;
import dev.overture.world.ActorComponent;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Switches a listen-server world between two experiences (each with a plugin, an action set and
 * component, ability, input and HUD actions) {@code --switches} times with the real executors,
 * and reports the time per switch and the heap after GC along the way, then counts what is left.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.overture.benchmarks.SwitchBenchmark [--switches 1000]
 * </pre>
 */
public final class SwitchBenchmark {

  /** A component the generated experiences add. */
  public static class Marker extends ActorComponent {}

  private SwitchBenchmark() {}

  public static void main(String[] args) throws Exception {
    int switches = args.length >= 2 && args[0].equals("--switches") ? Integer.parseInt(args[1]) : 1000;
    Path root = Files.createTempDirectory("overture-switch-");
    try {
      write(root);
      try (AssetManager assets = Experiences.register(AssetManager.builder())
              .contentRoot(AssetSource.directory(root))
              .kind(ActorComponent.class, "Marker", Marker.class)
              .build();
          GameFeatures features = GameFeatures.builder(assets).build()) {
        features.ready().join();
        World world = World.builder("Bench").netMode(NetMode.LISTEN_SERVER).build();
        ExperienceManager manager =
            ExperienceManager.install(world, new Experiences(assets, features, ExperienceSettings.defaults()));
        Pawn pawn = world.spawnActor(Pawn.class, "Player");
        pawn.setLocallyControlled(true);
        PrimaryAssetId[] experiences = {PrimaryAssetId.of("Experience", "Alpha"), PrimaryAssetId.of("Experience", "Beta")};

        long[] nanos = new long[switches];
        System.out.printf("Switching a listen-server world between two experiences %d times (Java %s, %d cores)%n%n",
            switches, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        System.out.printf("| after switches | heap after GC (KiB) |%n|---|---|%n");
        long baseline = 0;
        for (int i = 0; i < switches; i++) {
          if (i == 0 || i == 100 || i == switches / 2) {
            long heap = heapAfterGc();
            if (i == 100) {
              baseline = heap;
            }
            System.out.printf("| %d | %,d |%n", i, heap / 1024);
          }
          long start = System.nanoTime();
          manager.switchExperience(experiences[i % 2]);
          drive(world, manager);
          nanos[i] = System.nanoTime() - start;
        }
        manager.deactivate();
        while (manager.state() != LoadState.UNLOADED) {
          world.tick(0.001);
          Thread.onSpinWait();
        }
        long end = heapAfterGc();
        System.out.printf("| %d (deactivated) | %,d |%n%n", switches, end / 1024);
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        System.out.printf("Time per switch (deactivate one, load the other): median %.2f ms, p90 %.2f ms, max %.2f ms%n",
            sorted[switches / 2] / 1e6, sorted[switches * 9 / 10] / 1e6, sorted[switches - 1] / 1e6);
        System.out.printf("Heap growth from switch 100 to the end: %+,d KiB%n", (end - baseline) / 1024);
        System.out.printf("Left behind: %d component requests, %d requested components, %d extension handlers,"
                + " %d components on the pawn, %d plugin requests, %d pinned assets, %d loaded assets%n",
            world.componentManager().activeRequests(), world.componentManager().requestedComponents(),
            world.componentManager().extensionHandlers(), pawn.components().size(),
            features.requestCount(features.pluginUrlByName("Shared").orElseThrow()),
            assets.stats().pinned(), assets.stats().loaded());
        world.close();
      }
    } finally {
      try (Stream<Path> walk = Files.walk(root)) {
        walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      }
    }
  }

  private static void drive(World world, ExperienceManager manager) {
    while (manager.state() != LoadState.LOADED) {
      if (manager.state() == LoadState.FAILED) {
        throw new IllegalStateException(manager.failure().orElseThrow().getMessage());
      }
      world.tick(0.001);
      if (world.runPendingTasks() == 0) {
        Thread.onSpinWait();
      }
    }
  }

  private static long heapAfterGc() {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      System.gc();
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }

  private static void write(Path root) throws IOException {
    write(root, "experiences/Alpha.json", """
        { "gameFeaturesToEnable": ["Shared"], "defaultPawnData": "Hero", "actionSets": ["Common"],
          "actions": [ { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Marker" } ] },
                       { "action": "AddAbilities", "abilitiesList": [ { "actorClass": "Pawn", "grantedAbilities": ["Dash"] } ] } ] }
        """);
    write(root, "experiences/Beta.json", """
        { "gameFeaturesToEnable": ["Shared"], "defaultPawnData": "Hero",
          "actions": [ { "action": "AddWidgets", "widgets": [ { "slotId": "HUD.Slot.Score", "widgetClass": "Score" } ] },
                       { "action": "AddInputMapping", "inputMappings": [ { "inputMapping": "input/map.json" } ] } ] }
        """);
    write(root, "actionsets/Common.json", """
        { "actions": [ { "action": "AddInputBinding", "inputConfigs": ["input/config.json"] } ] }
        """);
    write(root, "pawns/Hero.json", """
        { "pawnClass": "Pawn", "inputConfig": "input/config.json", "abilitySets": ["abilities/hero.json"] }
        """);
    write(root, "input/config.json", "{ \"nativeInputActions\": [ { \"inputAction\": \"Move\", \"inputTag\": \"InputTag.Move\" } ] }");
    write(root, "input/map.json", "{ \"mappings\": [ { \"action\": \"Move\", \"keys\": [\"W\"] } ] }");
    write(root, "abilities/hero.json", "{ \"grantedAbilities\": [\"Jump\"] }");
    write(root, "plugins/Shared/plugin.json", "{ \"version\": \"1.0.0\" }");
  }

  private static void write(Path root, String path, String text) throws IOException {
    Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}
