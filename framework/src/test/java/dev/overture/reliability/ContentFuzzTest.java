package dev.overture.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.overture.asset.AssetLimits;
import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.asset.AssetTooLargeException;
import dev.overture.asset.ScanRule;
import dev.overture.core.Problem;
import dev.overture.experience.ExperienceActionSet;
import dev.overture.experience.ExperienceDefinition;
import dev.overture.experience.Experiences;
import dev.overture.experience.MapDefinition;
import dev.overture.experience.PawnData;
import dev.overture.experience.UserFacingExperience;
import dev.overture.feature.AbilitySet;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.InputConfig;
import dev.overture.object.ObjectArchetype;
import dev.overture.object.ObjectInitializer;
import dev.overture.object.Property;
import dev.overture.validation.ValidationReport;
import dev.overture.validation.Validator;
import dev.overture.version.CustomVersion;
import dev.overture.version.EngineVersion;
import dev.overture.version.Guid;
import dev.overture.version.JsonUpgrade;
import dev.overture.version.UpgradeStep;
import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzzing (Jazzer) of the JSON content loader: binding (with the version header
 * and upgrades of older files) and validation. The first byte of an input picks the file it
 * becomes (an experience, an action set, pawn data, a tile, a map, an archetype, a file a pawn
 * refers to, or a versioned asset with unit-changing upgrades); the rest are its bytes, in a small
 * valid project that refers to it. Whatever the bytes:
 *
 * <ul>
 *   <li>binding returns the asset or throws {@link AssetLoadException}, whose every problem is an
 *       {@code Overture/} problem located in that file, with a message that names no exception class;
 *   <li>validating the project returns a report, and never throws;
 *   <li>nothing takes longer than the timeout, and nothing allocates more than a small multiple of
 *       the input ({@link Fuzzing}): the limits (here smaller than the defaults, so that inputs of
 *       a few kilobytes reach them) hold before anything is built.
 * </ul>
 *
 * <p>{@code mvn -B verify} runs it over the committed inputs in {@code ContentFuzzTestInputs}; the
 * long run is in docs/testing.md.
 */
class ContentFuzzTest {

  /** Small limits, so that the fuzzer's inputs (at most a few kilobytes) reach each of them. */
  static final AssetLimits LIMITS = new AssetLimits(2048, 12, 200, 40, 30, 300);

  /** A format of the fuzzer's own, whose upgrades change units and names. */
  static final CustomVersion TUNING_FORMAT = new CustomVersion(Guid.parse("5E1F0A2B-3C4D-4E5F-8A9B-0C1D2E3F4A5B"), 3, "Fuzz-Tuning");

  /** A versioned asset whose older versions are upgraded: speeds in km/h, hp renamed, counts in thousands. */
  record Tuning(double speed, long health, int count, String name, List<Double> weights, Map<String, Integer> limits) {}

  /** A pawn class with properties and a default subobject, for archetypes. */
  static class Knight extends Pawn {
    @Property int armor = 1;
    @Property double speed = 5;
    @Property String title = "";
    @Property List<String> tags = List.of();
    final Shield shield;

    Knight(ObjectInitializer initializer) {
      shield = createDefaultSubobject("Shield", Shield.class);
    }
  }

  /** The knight's shield. */
  static class Shield extends ActorComponent {
    @Property int weight = 5;
  }

  /** A component content adds. */
  static class Score extends ActorComponent {
    @Property long points;
  }

  /** Which file an input becomes, by its first byte. */
  enum Target {
    EXPERIENCE('E', "experiences/Fuzzed.json", ExperienceDefinition.class),
    ACTION_SET('A', "actionsets/Fuzzed.json", ExperienceActionSet.class),
    PAWN_DATA('P', "pawns/Fuzzed.json", PawnData.class),
    TILE('U', "ui/experiences/Fuzzed.json", UserFacingExperience.class),
    MAP('M', "maps/Fuzzed.json", MapDefinition.class),
    ARCHETYPE('O', "archetypes/Fuzzed.json", ObjectArchetype.class),
    CAMERA('C', "cameras/third.json", PawnData.CameraMode.class),
    INPUT('I', "input/hero.json", InputConfig.class),
    ABILITIES('B', "abilities/hero.json", AbilitySet.class),
    TUNING('T', "tunings/Fuzzed.json", Tuning.class);

    final char letter;
    final String path;
    final Class<?> type;

    Target(char letter, String path, Class<?> type) {
      this.letter = letter;
      this.path = path;
      this.type = type;
    }

    static Target of(byte first) {
      for (Target target : values()) {
        if (target.letter == first) {
          return target;
        }
      }
      return values()[(first & 0xFF) % values().length];
    }
  }

  /** The valid project around the fuzzed file; a file a pawn refers to is replaced by it. */
  static final Map<String, String> PROJECT = Map.ofEntries(
      Map.entry("experiences/Base.json", """
          {
            "defaultPawnData": "Hero",
            "actionSets": ["Shared"],
            "actions": [
              { "action": "AddComponents", "componentList": [ { "actorClass": "Knight", "componentClass": "Score", "client": false } ] },
              { "action": "AddAbilities", "abilitiesList": [ { "actorClass": "Knight", "abilitySets": ["abilities/hero.json"] } ] }
            ]
          }
          """),
      Map.entry("actionsets/Shared.json", """
          { "actions": [ { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Score" } ] } ] }
          """),
      Map.entry("pawns/Hero.json", """
          {
            "pawnClass": "Archetype:Heavy",
            "displayName": "Hero",
            "inputConfig": "input/hero.json",
            "defaultCameraMode": "cameras/third.json",
            "abilitySets": ["abilities/hero.json"]
          }
          """),
      Map.entry("archetypes/Heavy.json", """
          { "class": "Knight", "properties": { "armor": 3, "speed": 7.5 }, "subobjects": { "Shield": { "properties": { "weight": 9 } } } }
          """),
      Map.entry("maps/Arena.json", """
          { "title": "Arena", "description": "A square", "tiles": ["#..#", "#..#"] }
          """),
      Map.entry("ui/experiences/Tile.json", """
          { "mapId": "Arena", "experienceId": "Base", "tileTitle": "Base", "isDefaultExperience": true }
          """),
      Map.entry("input/hero.json", """
          { "nativeInputActions": [ { "inputAction": "Move", "inputTag": "InputTag.Move" } ] }
          """),
      Map.entry("cameras/third.json", """
          { "distance": 4, "height": 2, "fieldOfView": 90 }
          """),
      Map.entry("abilities/hero.json", """
          { "grantedAbilities": ["Jump"], "grantedAttributes": [ { "attributeSet": "Health", "initialValues": { "max": 100 } } ] }
          """),
      Map.entry("tunings/Base.json", """
          { "speed": 10, "health": 100, "count": 3, "name": "base", "weights": [0.5], "limits": { "a": 1 } }
          """));

  /**
   * What a message quotes from the file: in double quotes (ours) or in single quotes (the JSON
   * parser's, for a token it did not recognise). It may be anything, an exception's name too.
   */
  private static final Pattern QUOTED = Pattern.compile("\"(?:[^\"\\\\]++|\\\\.)*+\"|'[^']*'"); // a run of characters per step: no recursion per character

  /** The name of an exception or error class, as its toString shows it: what no problem message may carry. */

  private static final Pattern EXCEPTION_NAME = Pattern.compile("\\b[A-Z][A-Za-z0-9_$]*(Exception|Error)\\b");

  /** A parser without limits (and without binding), to measure what a file that bound holds. */
  private static final JsonFactory UNLIMITED = JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE)
          .maxNameLength(Integer.MAX_VALUE).maxNumberLength(Integer.MAX_VALUE).maxNestingDepth(Integer.MAX_VALUE)
          .maxTokenCount(Long.MAX_VALUE).build())
      .build();

  private static final Map<Target, Project> PROJECTS = new EnumMap<>(Target.class);

  /**
   * Builds every target's project and runs an empty object through it, so that loading and
   * instrumenting classes happens here and not within the first input's time bound.
   */
  @BeforeAll
  static void buildProjects() {
    for (Target target : Target.values()) {
      check(target, "{}".getBytes(StandardCharsets.UTF_8));
    }
  }

  @FuzzTest(maxDuration = "10s")
  @DictionaryFile(resourcePath = "content.dict")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void anyFile_bindsOrFailsWithLocatedProblems_andValidates(byte[] input) {
    if (input.length > 0) {
      check(Target.of(input[0]), Arrays.copyOfRange(input, 1, input.length));
    }
  }

  private static void check(Target target, byte[] file) {
    Project project = PROJECTS.computeIfAbsent(target, Project::new);
    project.source.fuzzed = file;
    Fuzzing.withinAllocationBound(file.length, () -> {
      boolean bound = bind(project, target, file);
      if (bound) {
        validate(project, new String(file, StandardCharsets.UTF_8));
      }
    });
  }

  /** Binds the file as its type; true when it bound. */
  private static boolean bind(Project project, Target target, byte[] file) {
    String shown = project.source.displayPath(AssetPath.parse(target.path));
    try {
      project.assets.tools().bindFile(project.source, "assets", AssetPath.parse(target.path), target.type);
      assertWithinLimits(file);
      return true;
    } catch (AssetLoadException e) {
      assertFalse(e.problems().isEmpty(), "a load failure without problems: " + e.getMessage());
      for (Problem problem : e.problems()) {
        checkProblem(problem, new String(file, StandardCharsets.UTF_8));
        assertEquals(shown, problem.location().map(location -> location.file()).orElse(null),
            "the problem names the file: " + problem);
      }
      return false;
    }
  }

  /** Fails unless {@code file}, which bound, is within every limit: none may be crossed silently. */
  private static void assertWithinLimits(byte[] file) {
    assertTrue(file.length <= LIMITS.maxDocumentBytes(), "a file of " + file.length + " bytes bound");
    int depth = 0;
    int tokens = 0;
    try (JsonParser parser = UNLIMITED.createParser(file)) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        tokens++;
        assertTrue(tokens <= LIMITS.maxTokenCount(), "a file of more than " + LIMITS.maxTokenCount() + " tokens bound");
        switch (token) {
          case START_OBJECT, START_ARRAY -> {
            depth++;
            assertTrue(depth <= LIMITS.maxNestingDepth(), "a file nested " + depth + " deep bound");
          }
          case END_OBJECT, END_ARRAY -> depth--;
          case PROPERTY_NAME -> assertTrue(parser.currentName().length() <= LIMITS.maxNameLength(),
              "a property name of " + parser.currentName().length() + " characters bound");
          case VALUE_STRING -> assertTrue(parser.getString().length() <= LIMITS.maxStringLength(),
              "a string of " + parser.getString().length() + " characters bound");
          case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> assertTrue(parser.getString().length() <= LIMITS.maxNumberLength(),
              "a number of " + parser.getString().length() + " characters bound");
          default -> { }
        }
      }
    }
  }

  private static void validate(Project project, String file) {
    ValidationReport report = project.validator.run();
    for (Problem problem : report.problems()) {
      checkProblem(problem, file);
    }
    report.format();
    report.toJson();
  }

  private static void checkProblem(Problem problem, String file) {
    assertTrue(problem.id().startsWith("Overture/"), "a problem id outside Overture's: " + problem);
    assertFalse(problem.message().isBlank(), "a problem without a message: " + problem);
    // What the file said is quoted, and may be anything; the rest is ours, and may repeat a name
    // the file gave (a type, a class): only a name the file did not hold is an exception's.
    String ours = QUOTED.matcher(problem.message()).replaceAll("\"\"");
    Matcher name = EXCEPTION_NAME.matcher(ours);
    while (name.find()) {
      if (!file.contains(name.group())) {
        fail("a problem's message names an exception class: " + problem);
      }
    }
  }

  /** One target's project: its asset manager over the fuzzed source, and a validator of it. */
  static final class Project {
    final FuzzedSource source;
    final AssetManager assets;
    final Validator validator;

    Project(Target target) {
      source = new FuzzedSource(target.path);
      assets = Experiences.register(AssetManager.builder())
          .contentRoot(source)
          .limits(LIMITS)
          .engineVersion(EngineVersion.parse("1.2.0-5000+++Fuzz+Main"), EngineVersion.parse("1.0.0-1000+++Fuzz+Main"))
          .scanRule(ScanRule.of("Tuning", Tuning.class, "tunings"))
          .customVersion(TUNING_FORMAT, Tuning.class)
          .upgrade(UpgradeStep.of(TUNING_FORMAT, 2, Tuning.class, "speed in m/s, was km/h", JsonUpgrade.scale("/speed", 1 / 3.6)))
          .upgrade(UpgradeStep.of(TUNING_FORMAT, 3, Tuning.class, "hp is now health, count in units",
              JsonUpgrade.rename("/hp", "health").andThen(JsonUpgrade.scale("/count", 1000))))
          .kind(dev.overture.world.Actor.class, "Knight", Knight.class)
          .kind(ActorComponent.class, "Shield", Shield.class)
          .kind(ActorComponent.class, "Score", Score.class)
          .executor(Runnable::run)
          .build();
      GameFeatures features = GameFeatures.builder(assets).executor(Runnable::run).build();
      validator = Validator.builder(assets).features(features).build();
    }
  }

  /**
   * The project's files in memory, with the fuzzed file at {@code path} (replacing the project's
   * file there, if any). Reads check the size limit as a folder does. The fuzz test sets the
   * fuzzed bytes before each input, on the thread that then reads them.
   */
  static final class FuzzedSource implements AssetSource {
    private final Map<String, byte[]> files = new TreeMap<>();
    private final String path;
    volatile byte[] fuzzed = new byte[0];

    FuzzedSource(String path) {
      this.path = path;
      PROJECT.forEach((name, text) -> files.put(name, text.getBytes(StandardCharsets.UTF_8)));
      files.put(path, null);
    }

    @Override
    public String name() {
      return "assets";
    }

    @Override
    public List<String> list(AssetPath folder, boolean recursive) throws NoSuchFileException {
      String prefix = folder.value().isEmpty() ? "" : folder.value() + "/";
      List<String> found = new ArrayList<>();
      for (String file : files.keySet()) {
        if (file.startsWith(prefix) && (recursive || file.indexOf('/', prefix.length()) < 0)) {
          found.add(file);
        }
      }
      if (found.isEmpty() && !prefix.isEmpty()) {
        throw new NoSuchFileException(displayPath(folder));
      }
      return found;
    }

    @Override
    public byte[] read(AssetPath file, int maxBytes) throws NoSuchFileException, AssetTooLargeException {
      if (!files.containsKey(file.value())) {
        throw new NoSuchFileException(displayPath(file));
      }
      byte[] bytes = file.value().equals(path) ? fuzzed : files.get(file.value());
      if (bytes.length > maxBytes) {
        throw new AssetTooLargeException(displayPath(file), bytes.length, maxBytes);
      }
      return bytes.clone();
    }

    @Override
    public boolean exists(AssetPath file) {
      return files.containsKey(file.value());
    }
  }
}
