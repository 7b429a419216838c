package dev.overture.sample;

import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.core.Problems;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.feature.PluginState;
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
      double revolutions;
      try {
        revolutions = properties.get("turnRate").asDouble();
      } catch (tools.jackson.core.JacksonException pastDouble) {
        // 1e400: left as written, for the binding to refuse at its place (Overture/InvalidValue),
        // rather than fail the upgrade step with Jackson's words at the top of the file.
        return;
      }
      properties.put("turnRate", revolutions * 360);
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
      awaitReady(overture.features());
      return overture;
    } catch (java.util.concurrent.CompletionException e) {
      overture.close();
      if (e.getCause() instanceof ProblemException problems) {
        throw problems;
      }
      throw e;
    }
  }

  /**
   * {@code failure} with, when it says an experience is not indexed, the warnings about folders and
   * files that look like plugins but are none ({@code Overture/NotAPlugin}, not loaded), and, when
   * some plugins are in {@code Error}, a problem for each such plugin saying that its content is not
   * indexed: an experience inside either would otherwise only "not exist".
   */
  static ProblemException withPluginsInError(ProblemException failure, GameFeatures features) {
    if (failure.problems().stream().noneMatch(problem -> problem.id().equals("Overture/UnknownExperience"))) {
      return failure;
    }
    List<Problem> problems = new java.util.ArrayList<>(failure.problems());
    // A folder or file that looks like a plugin but is none is not loaded: the experience may be in it.
    problems.addAll(nearMisses(features));
    for (PluginId id : features.plugins()) {
      if (features.state(id) == PluginState.ERROR) {
        problems.add(Problem.error("Overture/PluginInError", "Plugin " + id + " is in Error, so its content is not indexed;"
                + " an experience it holds is found once its problem (above, or in overture list) is fixed")
            .at(dev.overture.core.SourceLocation.ofFile(features.location(id))));
      }
    }
    return problems.size() == failure.problems().size() ? failure : new ProblemException(failure.heading(), problems, failure);
  }

  /** {@code folder} when it is one, else null. */
  static Path existing(Path folder) {
    return java.nio.file.Files.isDirectory(folder) ? folder : null;
  }

  /**
   * Waits until the plugins reached their initial states; prints the problems of those that could
   * not, and the folders and files that look like plugins but are none, so are not loaded.
   */
  static void awaitPlugins(Overture overture, java.io.PrintWriter err) {
    try {
      awaitReady(overture.features(), err);
    } catch (java.util.concurrent.CompletionException e) {
      if (!(e.getCause() instanceof ProblemException problems)) {
        throw e;
      }
      printWarnings(err, problems.problems(), "plugin problem; what needs those plugins will not load (overture list shows their states)",
          "plugin problems; what needs those plugins will not load (overture list shows their states)");
    }
    printWarnings(err, nearMisses(overture.features()), "folder or file looks like a plugin but is not loaded",
        "folders or files look like plugins but are not loaded");
  }

  /**
   * Prints {@code warnings}, when there are any, under "warning: N " and {@code one} or {@code many}
   * as their count asks, to {@code err} at once: what every command prints of problems it goes on
   * after.
   */
  static void printWarnings(java.io.PrintWriter err, List<Problem> warnings, String one, String many) {
    if (warnings.isEmpty()) {
      return;
    }
    err.println(Problems.format("warning: " + warnings.size() + " " + (warnings.size() == 1 ? one : many), warnings));
    err.flush();
  }

  /** The warnings of discovery: what looks like a plugin but is none ({@code Overture/NotAPlugin}). */
  static List<Problem> nearMisses(GameFeatures features) {
    return features.discoveryProblems().stream().filter(problem -> !problem.isError()).toList();
  }

  /**
   * Waits until the plugins reached their initial states, and refuses them as {@code validate}
   * does: a plugin that could not be found, installed or registered (a jar naming no entry point, a
   * jar holding an asset the game already has), and a plugin's own actions that fail validate's checks of
   * actions (located in its plugin.json), are errors there, so {@code play} does not start
   * either, with the same problems (id, words, file, place). Their warnings are printed to {@code err}, but for the
   * descriptors' own, which the library logs as it reads them.
   *
   * @throws ProblemException when a plugin has an error
   */
  static void requirePlugins(Overture overture, java.io.PrintWriter err) {
    GameFeatures features = overture.features();
    try {
      awaitReady(features, err);
    } catch (java.util.concurrent.CompletionException e) {
      if (!(e.getCause() instanceof ProblemException)) {
        throw e;
      }
      // the same problems are among those below
    }
    List<Problem> problems = new java.util.ArrayList<>(dev.overture.validation.Validator.pluginProblems(features));
    // The plugins' own actions apply to every world while they are active: checked as validate checks them.
    problems.addAll(dev.overture.validation.Validator.builder(overture.assets()).features(features).build().pluginActionProblems());
    List<Problem> errors = problems.stream().filter(Problem::isError).toList();
    if (!errors.isEmpty()) {
      throw new ProblemException("Could not bring up the feature plugins (overture validate reports the same)", errors);
    }
    // A descriptor's warnings (an unknown property in a plugin.json) are the library's to log when it
    // reads the descriptor, and it does: printed again here, each showed twice.
    java.util.Set<Problem> logged = new java.util.HashSet<>();
    features.plugins().forEach(id -> logged.addAll(features.descriptorWarnings(id)));
    List<Problem> warnings = problems.stream().filter(problem -> !logged.contains(problem)).toList();
    printWarnings(err, warnings, "plugin problem", "plugin problems");
  }

  /**
   * How long a command waits for the plugins to reach their initial states: {@code
   * overture.pluginTimeout} (an ISO-8601 duration such as {@code PT5S}), else a minute.
   */
  static java.time.Duration pluginTimeout() {
    String given = System.getProperty("overture.pluginTimeout");
    try {
      java.time.Duration timeout = given == null ? java.time.Duration.ofMinutes(1) : java.time.Duration.parse(given);
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("-Doverture.pluginTimeout=" + given + " must be positive, such as PT30S");
      }
      return timeout;
    } catch (java.time.format.DateTimeParseException e) {
      throw new IllegalArgumentException("-Doverture.pluginTimeout=" + given + " is not a duration such as PT30S");
    }
  }

  /** After how long a command says which plugin it waits for: 5 s, or half the timeout when that is shorter. */
  static java.time.Duration pluginNotice(java.time.Duration timeout) {
    java.time.Duration half = timeout.dividedBy(2);
    return half.compareTo(java.time.Duration.ofSeconds(5)) < 0 ? half : java.time.Duration.ofSeconds(5);
  }

  /** {@link #awaitReady(GameFeatures, java.io.PrintWriter)}, saying what it waits for on stderr. */
  static void awaitReady(GameFeatures features) {
    awaitReady(features, new java.io.PrintWriter(System.err, true));
  }

  /**
   * Waits until every plugin has reached its initial state, as {@code features.ready()} says, but
   * not forever: a plugin whose code blocks (an entry point waiting on something that never comes)
   * would hold every command. After {@link #pluginNotice} it prints to {@code err} which plugin's
   * code it waits for and which wait behind it; after {@link #pluginTimeout()} it gives up on that
   * code ({@link GameFeatures#abandonRunningChange}, so that closing adds no wait and no warning
   * before the message) and fails naming them, with where their code is.
   *
   * @throws java.util.concurrent.CompletionException when a plugin could not come up (as {@code ready()})
   * @throws IllegalStateException when the plugins took longer than the timeout
   */
  static void awaitReady(GameFeatures features, java.io.PrintWriter err) {
    java.time.Duration timeout = pluginTimeout();
    java.time.Duration notice = pluginNotice(timeout);
    java.util.concurrent.TimeUnit millis = java.util.concurrent.TimeUnit.MILLISECONDS;
    try {
      try {
        features.ready().get(dev.overture.internal.Durations.millis(notice), millis);
        return;
      } catch (java.util.concurrent.TimeoutException slow) {
        err.println("overture: still waiting after " + seconds(notice) + " for " + waitingFor(features) + "; giving up after "
            + seconds(timeout) + " (java -Doverture.pluginTimeout=PT2M -jar ... waits longer)");
        err.flush();
      }
      features.ready().get(dev.overture.internal.Durations.millis(timeout.minus(notice)), millis);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new java.util.concurrent.CompletionException(e.getCause());
    } catch (java.util.concurrent.TimeoutException e) {
      String stuck = waitingFor(features);
      features.abandonRunningChange();
      throw new IllegalStateException("The plugins did not come up within " + seconds(timeout) + ": " + stuck
          + "; a plugin's code is waiting for something that does not come (remove the plugin, or fix its entry point)");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while the plugins came up");
    }
  }

  /**
   * The plugins not ready yet, in words: the one whose code runs ("plugin LoopReg (plp/loopreg.jar),
   * whose entry point lr.P has not returned from register") and those waiting behind it.
   */
  static String waitingFor(GameFeatures features) {
    List<String> running = new java.util.ArrayList<>();
    List<String> behind = new java.util.ArrayList<>();
    for (PluginId id : features.notReady()) {
      PluginState state = features.state(id);
      if (state.isStable() || state == PluginState.ERROR) {
        behind.add(id + " (" + features.location(id) + ")");
      } else if (state == PluginState.REGISTERING) {
        String entryPoint = features.descriptor(id).map(descriptor -> descriptor.entryPoint()).orElse(null);
        running.add("plugin " + id + " (" + features.location(id) + "), whose entry point "
            + (entryPoint == null ? "" : entryPoint + " ") + "has not returned from register");
      } else {
        running.add("plugin " + id + " (" + features.location(id) + "), still " + state);
      }
    }
    String said = running.isEmpty() ? "the plugins (none says why)" : String.join(", ", running);
    if (!behind.isEmpty()) {
      // Named up to a screenful: a game of 3,000 plugin folders had all of them in one 76 KB line.
      String named = behind.size() <= MAX_NAMED_BEHIND ? String.join(", ", behind)
          : String.join(", ", behind.subList(0, MAX_NAMED_BEHIND)) + " and " + (behind.size() - MAX_NAMED_BEHIND) + " more";
      said += "; " + named + (behind.size() == 1 ? " waits" : " wait") + " behind it and "
          + (behind.size() == 1 ? "has" : "have") + " not started";
    }
    return said;
  }

  /** How many of the plugins waiting behind the one whose code runs {@link #waitingFor} names. */
  static final int MAX_NAMED_BEHIND = 10;

  private static String seconds(java.time.Duration duration) {
    long millis = dev.overture.internal.Durations.millis(duration);
    return millis % 1000 == 0 ? millis / 1000 + " s" : java.math.BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString() + " s";
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
