package dev.overture.benchmarks;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.ExperienceSettings;
import dev.overture.experience.Experiences;
import dev.overture.experience.LoadState;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.world.ActorComponent;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
    int switches = Rounds.intOption(args, "--switches", 1000);
    System.out.printf("Switching a listen-server world between two experiences %d times (Java %s, %d cores)%n%n",
        switches, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
    System.out.printf("| after switches | heap after GC (KiB) |%n|---|---|%n");
    Result result = run(switches, (after, heap) -> System.out.printf("| %s | %,d |%n", after, heap / 1024));
    System.out.println();
    System.out.printf("Time per switch (deactivate one, load the other): median %.2f ms, p90 %.2f ms, max %.2f ms%n",
        Rounds.median(result.nanos()) / 1e6, Rounds.percentile(result.nanos(), 90) / 1e6,
        Rounds.percentile(result.nanos(), 100) / 1e6);
    System.out.printf("Heap growth from switch 100 to the end: %+,d KiB%n", result.growth() / 1024);
    System.out.println("Left behind: " + result.leftBehind());
  }

  /**
   * What a run found.
   *
   * @param nanos the time of each switch
   * @param heapAt100 the heap after GC after 100 switches (warmed up), in bytes
   * @param heapAtEnd the heap after GC after the last switch and a deactivation
   * @param leftBehind the counts of what the last deactivation left
   * @param clean whether every one of those counts is zero
   */
  record Result(long[] nanos, long heapAt100, long heapAtEnd, String leftBehind, boolean clean) {
    long growth() {
      return heapAtEnd - heapAt100;
    }
  }

  /** Receives the heap after GC at points along the way. */
  interface HeapProbe {
    void heap(String afterSwitches, long bytes);
  }

  static Result run(int switches, HeapProbe probe) throws Exception {
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
        long baseline = 0;
        for (int i = 0; i < switches; i++) {
          if (i == 0 || i == 100 || i == switches / 2) {
            long heap = Rounds.heapAfterGc();
            if (i == 100) {
              baseline = heap;
            }
            probe.heap(Integer.toString(i), heap);
          }
          long start = System.nanoTime();
          manager.switchExperience(experiences[i % 2]);
          drive(world, manager, LoadState.LOADED);
          nanos[i] = System.nanoTime() - start;
          if (!manager.experienceId().orElseThrow().equals(experiences[i % 2]) || manager.activeActions().isEmpty()) {
            throw new IllegalStateException("switch " + i + " did not load " + experiences[i % 2]);
          }
        }
        manager.deactivate();
        drive(world, manager, LoadState.UNLOADED);
        long end = Rounds.heapAfterGc();
        probe.heap(switches + " (deactivated)", end);
        int[] left = {
          world.componentManager().activeRequests(), world.componentManager().requestedComponents(),
          world.componentManager().extensionHandlers(), pawn.components().size(),
          features.requestCount(PluginId.of("Shared")),
          assets.stats().pinned(), assets.stats().loaded()
        };
        String leftBehind = String.format("%d component requests, %d requested components, %d extension handlers,"
                + " %d components on the pawn, %d plugin requests, %d pinned assets, %d loaded assets",
            left[0], left[1], left[2], left[3], left[4], left[5], left[6]);
        world.close();
        return new Result(nanos, baseline, end, leftBehind, java.util.Arrays.stream(left).allMatch(n -> n == 0));
      }
    } finally {
      Rounds.deleteTree(root);
    }
  }

  /** Ticks the world until the manager reaches {@code target}; fails when it fails instead. */
  static void drive(World world, ExperienceManager manager, LoadState target) {
    while (manager.state() != target) {
      if (manager.state() == LoadState.FAILED) {
        throw new IllegalStateException(manager.failure().orElseThrow().getMessage());
      }
      world.tick(0.001);
      if (world.runPendingTasks() == 0) {
        Thread.onSpinWait();
      }
    }
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
