package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.inject.Overture;
import dev.overture.object.ObjectArchetype;
import dev.overture.sample.game.Hero;
import dev.overture.sample.game.ShooterCore;
import dev.overture.sample.game.TopDownArena;
import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import dev.overture.version.UpgradeStep;
import java.nio.file.Path;
import tools.jackson.databind.node.ObjectNode;

/**
 * The sample game's asset manager: its content root, its build version, the experience asset
 * types and built-in actions, the code of its two feature plugins (ShooterCore and TopDownArena),
 * and the sample's own custom version with its upgrade.
 */
final class SampleContent {

  /**
   * The version of the sample's game data in archetypes. Version 2: the hero's movement {@code
   * turnRate} is in degrees per second (it was in revolutions per second).
   */
  static final CustomVersion HERO_FORMAT =
      new CustomVersion(Guid.parse("CEB9B655-6F46-4DE7-AFE1-31D0FC46BFC4"), 2, "Sample-Hero");

  private SampleContent() {}

  /** Sample-Hero 1 to 2: a hero archetype's movement turnRate, revolutions to degrees per second. */
  static void turnRateInDegrees(ObjectNode archetype) {
    if (archetype.path("class").asString("").equals("Hero")
        && archetype.at("/subobjects/" + Hero.MOVEMENT + "/properties") instanceof ObjectNode properties
        && properties.path("turnRate").isNumber()) {
      properties.put("turnRate", properties.get("turnRate").asDouble() * 360);
    }
  }

  /** The sample's runtime over {@code folder}, or over the content inside the jar when it is null. */
  static Overture open(Path folder) {
    return builder(folder).build();
  }

  /**
   * The runtime of {@link #open}, once its plugins have reached their initial states.
   *
   * @throws dev.overture.core.ProblemException when a plugin could not (the runtime is closed)
   */
  static Overture openReady(Path folder) {
    Overture overture = open(folder);
    try {
      overture.ready().join();
      return overture;
    } catch (java.util.concurrent.CompletionException e) {
      overture.close();
      if (e.getCause() instanceof dev.overture.core.ProblemException problems) {
        throw problems;
      }
      throw e;
    }
  }

  /**
   * The sample's runtime, configured but not built: its content (the folder, or the content inside
   * the jar when it is null), its build version, its plugins' classes and its custom version.
   */
  static Overture.Builder builder(Path folder) {
    AssetSource source =
        folder != null ? AssetSource.directory(folder) : AssetSource.classpath(SampleContent.class.getClassLoader(), "assets");
    return Overture.builder()
        .contentRoot(source)
        .engineVersion(SampleBuild.version())
        .assets(assets -> {
          ShooterCore.register(assets);
          TopDownArena.register(assets);
        })
        .customVersion(HERO_FORMAT, ObjectArchetype.class)
        .upgrade(UpgradeStep.of(HERO_FORMAT, 2, ObjectArchetype.class,
            "hero turnRate is in degrees per second, was revolutions per second", SampleContent::turnRateInDegrees));
  }

}
