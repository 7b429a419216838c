package dev.overture.sample;

import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.core.Problems;
import dev.overture.inject.Overture;
import dev.overture.object.ObjectArchetype;
import dev.overture.sample.game.Hero;
import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import dev.overture.version.UpgradeStep;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * The sample game's runtime: its content root, its plugins folder, its build version and the
 * sample's own custom version with its upgrade. The game names no plugin: ShooterCore is a plugin
 * folder of its content whose {@code plugin.json} names its code (on the class path), and every jar
 * in the plugins folder is a plugin with its code inside.
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

  /** The sample's runtime over the content and plugins {@code options} name. */
  static Overture open(ContentOptions options) {
    return builder(options.folderOrNull(), options.pluginsOrNull()).build();
  }

  /**
   * The runtime of {@link #open}, once its plugins have reached their initial states. A plugin that
   * could not is not hidden: its problems are printed to {@code err} as a warning, and whatever
   * needs it fails with them later; the rest of the game goes on.
   */
  static Overture openReady(ContentOptions options, java.io.PrintWriter err) {
    Overture overture = open(options);
    try {
      awaitPlugins(overture, err);
      return overture;
    } catch (RuntimeException | Error e) {
      overture.close();
      throw e;
    }
  }

  /** The runtime over {@code folder} (null: the jar's content) and the default plugins folder, for tests and tools. */
  static Overture open(Path folder) {
    return builder(folder, existing(defaultPlugins())).build();
  }

  /**
   * {@link #open(Path)}, once every plugin reached its initial state.
   *
   * @throws ProblemException when a plugin could not (the runtime is closed)
   */
  static Overture openReady(Path folder) {
    Overture overture = open(folder);
    try {
      overture.ready().join();
      return overture;
    } catch (java.util.concurrent.CompletionException e) {
      overture.close();
      if (e.getCause() instanceof ProblemException problems) {
        throw problems;
      }
      throw e;
    }
  }

  /** {@code folder} when it is one, else null. */
  static Path existing(Path folder) {
    return java.nio.file.Files.isDirectory(folder) ? folder : null;
  }

  /** Waits until the plugins reached their initial states; prints the problems of those that could not. */
  static void awaitPlugins(Overture overture, java.io.PrintWriter err) {
    try {
      overture.ready().join();
    } catch (java.util.concurrent.CompletionException e) {
      if (!(e.getCause() instanceof ProblemException problems)) {
        throw e;
      }
      List<Problem> warnings = problems.problems();
      err.println(Problems.format("warning: " + warnings.size() + (warnings.size() == 1 ? " plugin problem" : " plugin problems")
          + "; what needs those plugins will not load (overture list shows their states)", warnings));
      err.flush();
    }
  }

  /**
   * The default plugins folder: {@code plugins} beside the jar the game runs from ({@code
   * target/plugins} beside {@code target/overture.jar}, or beside {@code target/classes} when run from
   * the build), where the build puts the sample's plugin jars and a player drops more.
   */
  static Path defaultPlugins() {
    try {
      Path code = Path.of(SampleContent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return code.toAbsolutePath().getParent().resolve("plugins");
    } catch (java.net.URISyntaxException | RuntimeException e) {
      return Path.of("plugins");
    }
  }

  /**
   * The sample's runtime, configured but not built: its content (the folder, or the content inside
   * the jar when it is null), its plugins folder (none when null), its build version and its custom
   * version.
   */
  static Overture.Builder builder(Path folder, Path plugins) {
    AssetSource source =
        folder != null ? AssetSource.directory(folder) : AssetSource.classpath(SampleContent.class.getClassLoader(), "assets");
    Overture.Builder builder = Overture.builder()
        .contentRoot(source)
        .engineVersion(SampleBuild.version());
    if (plugins != null) {
      builder.plugins(plugins);
    }
    return builder
        .customVersion(HERO_FORMAT, ObjectArchetype.class)
        .upgrade(UpgradeStep.of(HERO_FORMAT, 2, ObjectArchetype.class,
            "hero turnRate is in degrees per second, was revolutions per second", SampleContent::turnRateInDegrees));
  }

}
