package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a content author sees for each way a plugin folder's {@code plugin.json} can be wrong: one
 * located problem for the plugin at fault, which stays in {@code Error}, while the plugins beside it
 * register. And what registering reads (issue 20): discovery reads the whole file but its actions,
 * which may use kinds the plugin's own code registers; registering binds the file again only for
 * them, so a plugin without actions registers with what discovery read. Shown by changing the files
 * on disk between discovery and registration.
 */
class PluginDescriptorsTest {

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor serial = new ManualExecutor();
  private AssetManager assets;
  private GameFeatures features;
  private Path root;

  @BeforeEach
  void setUp() {
    root = Content.of()
        .file("plugins/Core/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Objected/plugin.json", "{ \"name\": { \"x\": 1 }, \"version\": \"1.0.0\" }")
        .file("plugins/Long/plugin.json", "{ \"name\": \"" + "a-".repeat(50_000) + "\", \"version\": \"1.0.0\" }")
        .file("plugins/Arena/plugin.json", "{ \"name\": \"Arnea\", \"version\": \"1.0.0\" }")
        .file("plugins/Unversioned/plugin.json", "{ \"description\": \"forgot\" }")
        .file("plugins/Dotted/plugin.json", "{ \"version\": \"1.0.0\", \"entryPoint\": \"com..example.Plugin\" }")
        .file("plugins/Numbered/plugin.json", "{ \"version\": \"1.0.0\", \"entryPoint\": \"com.1example.Plugin\" }")
        .file("plugins/Dashed/plugin.json", "{ \"version\": \"1.0.0\", \"entryPoint\": \"com.my-example.Plugin\" }")
        .file("plugins/Trailing/plugin.json", "{ \"version\": \"1.0.0\", \"entryPoint\": \"com.example.\" }")
        .file("plugins/Scanner/plugin.json", """
            { "version": "1.0.0",
              "primaryAssetTypesToScan": [ { "type": "Note", "assetClass": "Nothing", "directories": ["notes"] } ] }
            """)
        .file("plugins/Top-Down/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Restless/plugin.json", "{ \"version\": \"1.0.0\", \"initialState\": \"Activating\" }")
        .file("plugins/Shouting/plugin.json", "{ \"version\": \"1.0.0\", \"initialState\": \" LOADED \" }")
        .file("plugins/Bad Name/plugin.json", "{ \"version\": \"1.0.0\" }")
        .file("plugins/Quiet/plugin.json", "{ \"version\": \"1.0.0\", \"description\": \"no actions\", \"initialState\": \"installed\" }")
        .file("plugins/Nulled/plugin.json", "{ \"version\": \"1.0.0\", \"initialState\": \"installed\", \"actions\": null }")
        .file("plugins/NullFields/plugin.json",
            "{ \"name\": \"NullFields\", \"version\": null, \"dependencies\": null, \"contributes\": null, \"actions\": null }")
        .file("plugins/Loud/plugin.json", """
            { "version": "1.0.0", "initialState": "installed", "actions": [ { "action": "Record", "name": "first" } ] }
            """)
        .writeTo(temp.resolve("assets"));
    assets = BuiltIns.register(AssetManager.builder())
        .contentRoot(AssetSource.directory(root))
        .kind(GameFeatureAction.class, "Record", TestActions.Record.class)
        .executor(workers)
        .build();
    features = GameFeatures.builder(assets).executor(serial).build();
    while (workers.runAll() + serial.runAll() > 0) {
      // discovery and the initial states
    }
  }

  @AfterEach
  void tearDown() {
    features.close();
    assets.close();
  }

  private Problem onlyProblem(String plugin) {
    PluginId id = PluginId.of(plugin);
    assertEquals(PluginState.ERROR, features.state(id), plugin);
    List<Problem> problems = features.failure(id).orElseThrow().problems();
    assertEquals(1, problems.size(), problems.toString());
    return problems.get(0);
  }

  private String at(String plugin, String pointer) {
    return root.resolve("plugins/" + plugin + "/plugin.json") + " " + pointer;
  }

  private static String where(Problem problem) {
    var location = problem.location().orElseThrow();
    assertTrue(location.line() > 0, "with its line: " + location);
    return location.file() + " " + location.pointer();
  }

  /** A hostile review: Jackson's words naming a Java class, and a 100,000-character name echoed whole. */
  @Test
  void aNameOfTheWrongKind_saysWhatItTakes_andAHugeOneIsQuotedInPart() {
    Problem objected = onlyProblem("Objected");
    assertEquals("Overture/WrongType: Expected a string for \"name\" but found an object",
        objected.id() + ": " + objected.message());
    assertEquals(at("Objected", "/name"), where(objected));

    Problem huge = onlyProblem("Long");
    assertTrue(huge.message().startsWith("Invalid plugin name \"" + "a-".repeat(32) + "…\" (100000 characters)"),
        huge.message().substring(0, 200));
    assertTrue(huge.message().length() < 400, "a message, not the file: " + huge.message().length());
  }

  @Test
  void theOthers_register() {
    assertEquals(PluginState.REGISTERED, features.state(PluginId.of("Core")));
    assertTrue(features.failure(PluginId.of("Core")).isEmpty());
  }

  @Test
  void aNameOtherThanTheFolders_isAMismatch_atTheName() {
    Problem problem = onlyProblem("Arena");

    assertEquals("Overture/PluginNameMismatch", problem.id());
    assertEquals("Plugin \"Arnea\" lives in folder \"Arena\"; the names must match", problem.message());
    assertEquals(at("Arena", "/name"), where(problem));
    assertTrue(features.descriptor(PluginId.of("Arena")).isEmpty(), "a descriptor at fault is not kept");
  }

  @Test
  void anInitialStateAPluginCannotRestIn_isRefused_namingTheOnesItCan() {
    Problem problem = onlyProblem("Restless");

    assertEquals("Unknown plugin state \"Activating\" (valid: \"Installed\", \"Registered\", \"Loaded\", \"Active\")", problem.message());
    assertEquals(at("Restless", "/initialState"), where(problem));
    assertEquals(PluginState.LOADED, features.state(PluginId.of("Shouting")), "a state's name is read in any case, spaces around");
  }

  @Test
  void aMissingVersion_saysWhatOneLooksLike() {
    Problem problem = onlyProblem("Unversioned");

    assertEquals("Overture/MissingProperty", problem.id());
    assertEquals("Missing \"version\": for example \"1.0.0\"", problem.message());
    assertEquals(root.resolve("plugins/Unversioned/plugin.json").toString(), problem.location().orElseThrow().file());
  }

  @Test
  void anEntryPointThatIsNoClassName_isRefused_atTheEntryPoint() {
    for (String plugin : List.of("Dotted", "Numbered", "Dashed", "Trailing")) {
      Problem problem = onlyProblem(plugin);
      String entryPoint = features.location(PluginId.of(plugin));
      assertEquals("Overture/InvalidEntryPoint", problem.id(), plugin + " at " + entryPoint);
      assertTrue(problem.message().startsWith("\"entryPoint\" must name a class, for example \"com.example.arena.ArenaPlugin\", not \""),
          problem.message());
      assertEquals(at(plugin, "/entryPoint"), where(problem));
    }
  }

  @Test
  void aScanRuleOfAnUnknownAssetClass_isRefused_atTheRule() {
    Problem problem = onlyProblem("Scanner");

    assertEquals("Overture/InvalidScanRule", problem.id());
    assertEquals(at("Scanner", "/primaryAssetTypesToScan/0"), where(problem));
  }

  @Test
  void aPluginNameThatCannotNameAContentRoot_isRefused_whenItIsFound_notAcceptedAndRefusedLater() {
    // It was accepted as a plugin name, then refused when the plugin registered, with another rule.
    Problem problem = features.discoveryProblems().stream().filter(found -> found.message().contains("Top-Down")).findFirst()
        .orElseThrow();

    assertEquals("Overture/InvalidPluginName", problem.id(), problem.toString());
    assertEquals("Plugin folder \"Top-Down\" is not a plugin name: use ASCII letters, digits and '_', starting with a letter, at"
        + " most 64 characters; it names the plugin's content root", problem.message());
    assertEquals(root.resolve("plugins/Top-Down/plugin.json").toString(), problem.location().orElseThrow().file());
  }

  @Test
  void aFolderThatIsNoPluginName_isADiscoveryProblem_ofNoPlugin() {
    assertEquals(List.of("Overture/InvalidPluginName", "Overture/InvalidPluginName"),
        features.discoveryProblems().stream().map(Problem::id).toList());
    Problem problem = features.discoveryProblems().stream().filter(found -> found.message().contains("Bad Name")).findFirst()
        .orElseThrow();
    assertEquals("Plugin folder \"Bad Name\" is not a plugin name: use ASCII letters, digits and '_', starting with a"
        + " letter, at most 64 characters; it names the plugin's content root", problem.message());
    assertEquals(root.resolve("plugins/Bad Name/plugin.json").toString(), problem.location().orElseThrow().file());
    assertTrue(features.plugins().stream().noneMatch(id -> id.name().contains(" ")));
  }

  private PluginDescriptor register(String name) {
    PluginId id = PluginId.of(name);
    features.register(id);
    while (workers.runAll() + serial.runAll() > 0) {
      // the registration
    }
    assertEquals(PluginState.REGISTERED, features.state(id), () -> features.failure(id).map(Object::toString).orElse(""));
    return features.descriptor(id).orElseThrow();
  }

  @Test
  void aPluginWithoutActions_registersWithWhatDiscoveryRead_withoutReadingItsFileAgain() throws Exception {
    PluginDescriptor discovered = features.descriptor(PluginId.of("Quiet")).orElseThrow();
    Files.writeString(root.resolve("plugins/Quiet/plugin.json"), "{ \"version\": ");

    PluginDescriptor registered = register("Quiet");

    assertEquals(discovered, registered);
    assertEquals("no actions", registered.description());
    assertEquals(List.of(), registered.actions());
  }

  /**
   * Review D6: binding reads a null as absent, so these nulls gave only "Missing "version"" at the
   * closing brace (1:101), without a pointer, and the other three went unsaid.
   */
  @Test
  void eachNullField_isAnError_atItsOwnPointer_sayingWhatItTakes() {
    PluginId id = PluginId.of("NullFields");
    assertEquals(PluginState.ERROR, features.state(id));
    String file = root.resolve("plugins/NullFields/plugin.json").toString();
    assertEquals(List.of(
            "[Overture/InvalidValue] \"version\" is null; give a version, such as \"1.0.0\" at " + file + ":1:36 (/version)",
            "[Overture/InvalidValue] \"dependencies\" is null; leave it out for the default, or give a list, such as [ { \"name\":"
                + " \"ShooterCore\" } ] at " + file + ":1:58 (/dependencies)",
            "[Overture/InvalidValue] \"contributes\" is null; leave it out for the default, or give an object, such as {"
                + " \"components\": [], \"actions\": [] } at " + file + ":1:79 (/contributes)",
            "[Overture/InvalidValue] \"actions\" is null; leave it out for the default, or give a list of actions at " + file
                + ":1:96 (/actions)"),
        features.failure(id).orElseThrow().problems().stream().map(Problem::toString).toList());

    Problem actions = onlyProblem("Nulled");
    assertEquals(at("Nulled", "/actions"), where(actions));
  }

  @Test
  void aPluginWithActions_bindsThemWhenItRegisters_fromTheFileAsItIsThen() throws Exception {
    Path file = root.resolve("plugins/Loud/plugin.json");
    Files.writeString(file, Files.readString(file).replace("first", "second"));

    List<GameFeatureAction> actions = register("Loud").actions();

    assertEquals(List.of(new TestActions.Record("second", false, false)), actions);
  }
}
