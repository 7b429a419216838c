package dev.overture.benchmarks;

import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.ExperienceSettings;
import dev.overture.experience.Experiences;
import dev.overture.experience.LoadState;
import dev.overture.feature.GameFeatures;
import dev.overture.testing.Content;
import dev.overture.world.ActorComponent;
import dev.overture.world.NetMode;
import dev.overture.world.Pawn;
import dev.overture.world.World;
import java.util.StringJoiner;

/**
 * Activates an experience that enables 20 feature plugins and runs 200 actions (components,
 * abilities and HUD widgets on a locally controlled pawn), with its content in memory so that no
 * file is touched: from {@code setCurrentExperience} to {@code Loaded}, then deactivated, round
 * after round on one world. Each round checks that every action ran (the pawn has its components
 * and the world has all 200 actions active).
 */
final class ActivationBenchmark {

  /** A component the actions add. */
  public static class MarkerA extends ActorComponent {}

  /** Another component the actions add. */
  public static class MarkerB extends ActorComponent {}

  static final int PLUGINS = 20;
  static final int ACTIONS = 200;

  private ActivationBenchmark() {}

  public static void main(String[] args) throws Exception {
    long[] nanos = run(Rounds.intOption(args, "--warmup", 50), Rounds.intOption(args, "--rounds", 100));
    System.out.printf("Activation: median %.2f ms, p90 %.2f ms%n", Rounds.median(nanos) / 1e6, Rounds.percentile(nanos, 90) / 1e6);
  }

  /** The time of each measured activation, in nanoseconds. */
  static long[] run(int warmup, int rounds) throws Exception {
    Content source = Content.of();
    StringJoiner plugins = new StringJoiner(", ");
    for (int p = 0; p < PLUGINS; p++) {
      String name = String.format("Feature%02d", p);
      source.file("plugins/" + name + "/plugin.json", "{ \"version\": \"1.0.0\" }");
      plugins.add('"' + name + '"');
    }
    StringJoiner actions = new StringJoiner(",\n");
    for (int a = 0; a < ACTIONS; a++) {
      switch (a % 4) {
        case 0 -> actions.add("{ \"action\": \"AddComponents\", \"componentList\": [ { \"actorClass\": \"Pawn\", \"componentClass\": \"MarkerA\" } ] }");
        case 1 -> actions.add("{ \"action\": \"AddComponents\", \"componentList\": [ { \"actorClass\": \"Pawn\", \"componentClass\": \"MarkerB\" } ] }");
        case 2 -> actions.add("{ \"action\": \"AddAbilities\", \"abilitiesList\": [ { \"actorClass\": \"Pawn\", \"grantedAbilities\": [\"Ability" + a + "\"] } ] }");
        default -> actions.add("{ \"action\": \"AddWidgets\", \"widgets\": [ { \"slotId\": \"HUD.Slot." + a + "\", \"widgetClass\": \"Widget" + a + "\" } ] }");
      }
    }
    source.file("experiences/Big.json", "{ \"gameFeaturesToEnable\": [" + plugins + "],\n \"actions\": [\n" + actions + "\n] }");
    PrimaryAssetId big = PrimaryAssetId.of("Experience", "Big");

    try (AssetManager assets = Experiences.register(AssetManager.builder())
            .contentRoot(source.source())
            .kind(ActorComponent.class, "MarkerA", MarkerA.class)
            .kind(ActorComponent.class, "MarkerB", MarkerB.class)
            .build();
        GameFeatures features = GameFeatures.builder(assets).build();
        World world = World.builder("Activation").netMode(NetMode.LISTEN_SERVER).build()) {
      features.ready().join();
      if (features.plugins().size() != PLUGINS) {
        throw new IllegalStateException("found " + features.plugins().size() + " plugins, expected " + PLUGINS);
      }
      ExperienceManager manager =
          ExperienceManager.install(world, new Experiences(assets, features, ExperienceSettings.defaults()));
      Pawn pawn = world.spawnActor(Pawn.class, "Player");
      pawn.setLocallyControlled(true);
      long[] nanos = new long[rounds];
      for (int round = 0; round < warmup + rounds; round++) {
        long start = System.nanoTime();
        manager.setCurrentExperience(big);
        SwitchBenchmark.drive(world, manager, LoadState.LOADED);
        long elapsed = System.nanoTime() - start;
        if (manager.activeActions().size() != ACTIONS || manager.activePlugins().size() != PLUGINS
            || pawn.components().stream().noneMatch(MarkerB.class::isInstance)) {
          throw new IllegalStateException("activation did not apply everything: " + manager.activePlugins().size()
              + " plugins, " + manager.activeActions().size() + " actions, components " + pawn.components());
        }
        if (round >= warmup) {
          nanos[round - warmup] = elapsed;
        }
        manager.deactivate();
        SwitchBenchmark.drive(world, manager, LoadState.UNLOADED);
      }
      return nanos;
    }
  }
}
