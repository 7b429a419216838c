package dev.overture.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.RawAsset;
import dev.overture.asset.ScanRule;
import dev.overture.asset.SoftRef;
import dev.overture.core.Problem;
import dev.overture.core.Severity;
import dev.overture.core.SourceLocation;
import dev.overture.experience.Experiences;
import dev.overture.experience.MapDefinition;
import dev.overture.feature.AddComponents;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginId;
import dev.overture.feature.PluginState;
import dev.overture.object.ObjectInitializer;
import dev.overture.testing.Content;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.Pawn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One broken fixture per check: the exact problem id and its place. */
class ValidatorTest {

  static class Shield extends ActorComponent {}

  static class Knight extends Pawn {
    Knight(ObjectInitializer initializer) {
      createDefaultSubobject("Shield", Shield.class);
    }
  }

  @TempDir Path temp;
  private Path root;

  /** A small valid game, plus {@code extra}. */
  private Content game() {
    return Content.of()
        .file("experiences/Arena.json", """
            { "defaultPawnData": "Hero", "actionSets": ["Standard"], "gameFeaturesToEnable": ["Core"] }
            """)
        .file("actionsets/Standard.json", """
            { "actions": [ { "action": "AddComponents", "componentList": [ { "actorClass": "Pawn", "componentClass": "Shield" } ] } ] }
            """)
        .file("pawns/Hero.json", """
            { "pawnClass": "Archetype:Paladin", "displayName": "Hero" }
            """)
        .file("archetypes/Paladin.json", """
            { "class": "Knight" }
            """)
        .file("maps/Dust.json", """
            { "title": "Dust" }
            """)
        .file("ui/experiences/ArenaTile.json", """
            { "mapId": "Map:Dust", "experienceId": "Arena", "isDefaultExperience": true }
            """)
        .file("plugins/Core/plugin.json", """
            { "version": "1.0.0" }
            """);
  }

  private ValidationReport validate(Content content) throws Exception {
    return validate(content, builder -> {});
  }

  private ValidationReport validate(Content content, java.util.function.Consumer<Validator.Builder> configure) throws Exception {
    return validate(content, assets -> {}, configure);
  }

  private ValidationReport validate(Content content, java.util.function.Consumer<AssetManager.Builder> game,
      java.util.function.Consumer<Validator.Builder> configure) throws Exception {
    root = content.writeTo(temp.resolve("assets"));
    AssetManager.Builder gameAssets = Experiences.register(AssetManager.builder());
    game.accept(gameAssets);
    try (AssetManager assets = gameAssets
            .contentRoot(AssetSource.directory(root))
            .kind(Actor.class, "Knight", Knight.class)
            .kind(ActorComponent.class, "Shield", Shield.class)
            .build();
        GameFeatures features = GameFeatures.builder(assets).build()) {
      features.ready().handle((ok, failed) -> null).join(); // plugins that cannot come up are the validator's to report
      Validator.Builder builder = Validator.builder(assets).features(features);
      configure.accept(builder);
      return builder.build().run();
    }
  }

  private SourceLocation at(String file, int line, int column, String pointer) {
    return new SourceLocation(root + "/" + file, line, column, pointer);
  }

  private static Problem only(ValidationReport report) {
    assertEquals(1, report.problems().size(), report.format());
    return report.problems().get(0);
  }

  @Test
  void aValidGame_hasNoProblems() throws Exception {
    ValidationReport report = validate(game());

    assertEquals(List.of(), report.problems(), report.format());
    assertFalse(report.hasErrors());
    assertEquals("Content is valid: no problems found.", report.format());
  }

  @Test
  void load_gathersWhatLoadingAnAssetReports_attributedToIt() throws Exception {
    ValidationReport report = validate(game()
        .file("maps/Broken.json", "{ \"title\": \"Broken\",, }")
        .file("maps/Odd.json", "{ \"title\": \"Odd\", \"colour\": \"red\" }"));

    Problem malformed = report.problems().stream().filter(p -> p.id().equals("Overture/MalformedJson")).findFirst().orElseThrow();
    assertEquals("Map:Broken", malformed.asset().orElseThrow());
    assertEquals(1, malformed.location().orElseThrow().line());
    Problem unknown = report.problems().stream().filter(p -> p.id().equals("Overture/UnknownProperty")).findFirst().orElseThrow();
    assertEquals(Severity.ERROR, unknown.severity(), "issue 16: a warning for play, an error in validate");
    assertEquals(at("maps/Odd.json", 1, 29, "/colour"), unknown.location().orElseThrow());
  }

  @Test
  void references_mustResolve_evenThoseNoBundleFollows() throws Exception {
    Problem problem = only(validate(game().file("ui/experiences/ArenaTile.json", """
        { "mapId": "Map:Dusty", "experienceId": "Arena", "isDefaultExperience": true }
        """)));

    assertEquals("Overture/UnknownAsset", problem.id(), "as a load says it: one fault, one id");
    assertEquals("No asset Map:Dusty is indexed (indexed: \"Map:Dust\")", problem.message());
    assertEquals(at("ui/experiences/ArenaTile.json", 1, 12, "/mapId"), problem.location().orElseThrow());
  }

  @Test
  void namedPlugins_mustBeInstalled() throws Exception {
    Problem problem = only(validate(game().file("experiences/Arena.json", """
        { "defaultPawnData": "Hero", "actionSets": ["Standard"], "gameFeaturesToEnable": ["Cor"] }
        """)));

    assertEquals("Overture/UnknownPlugin", problem.id());
    assertEquals("Plugin \"Cor\" is not installed (installed: \"Core\")", problem.message());
    assertEquals(at("experiences/Arena.json", 1, 83, "/gameFeaturesToEnable/0"), problem.location().orElseThrow());
  }

  @Test
  void anUnknownPropertyOfAPluginDescriptor_isAnError_withTheClosestName() throws Exception {
    Problem problem = only(validate(game().file("plugins/Core/plugin.json", """
        { "version": "1.0.0", "descriptoin": "The core" }
        """)));

    assertEquals("Overture/UnknownProperty", problem.id());
    assertEquals(Severity.ERROR, problem.severity(), "a warning when the game loads, an error here (issue 16)");
    assertTrue(problem.message().startsWith("Unknown property \"descriptoin\" in plugin.json was ignored; did you mean"
        + " \"description\"?"), problem.message());
    assertEquals(at("plugins/Core/plugin.json", 1, 38, "/descriptoin"), problem.location().orElseThrow());
  }

  @Test
  void pluginDependencies_mustExist_acceptTheInstalledVersion_andNotLoop() throws Exception {
    ValidationReport report = validate(game()
        .file("plugins/Core/plugin.json", """
            { "version": "1.0.0", "dependencies": [ { "name": "Combat" } ] }
            """)
        .file("plugins/Combat/plugin.json", """
            { "version": "2.0.0", "dependencies": [ { "name": "Core", "versions": ">=2.0.0" }, { "name": "Magic" } ] }
            """));

    assertEquals(List.of("Overture/MissingPluginDependency", "Overture/PluginCycle", "Overture/PluginVersionMismatch"),
        report.problems().stream().map(Problem::id).sorted().toList(), report.format());
    Problem cycle = report.problems().stream().filter(p -> p.id().equals("Overture/PluginCycle")).findFirst().orElseThrow();
    assertEquals("Plugins depend on each other in a cycle: Combat -> Core -> Combat; none of them can activate until one of these dependencies is taken out of its plugin.json", cycle.message());
    assertEquals(at("plugins/Combat/plugin.json", 1, 51, "/dependencies/0/name"), cycle.location().orElseThrow());
    Problem version = report.problems().stream().filter(p -> p.id().equals("Overture/PluginVersionMismatch")).findFirst().orElseThrow();
    assertEquals("Plugin Combat needs Core >=2.0.0, but version 1.0.0 is installed", version.message());
    Problem missing = report.problems().stream().filter(p -> p.id().equals("Overture/MissingPluginDependency")).findFirst().orElseThrow();
    assertEquals(at("plugins/Combat/plugin.json", 1, 94, "/dependencies/1/name"), missing.location().orElseThrow());
  }

  @Test
  void actions_getTheirOwnChecks_andNullEntriesAreRefused() throws Exception {
    ValidationReport report = validate(game().file("actionsets/Standard.json", """
        { "actions": [ { "action": "AddComponents", "componentList": [] }, null ] }
        """));

    assertEquals(List.of("Overture/InvalidValue"), report.errors().stream().map(Problem::id).toList(), report.format());
    assertEquals("null is not allowed here", report.errors().get(0).message());
  }

  @Test
  void anActionsOwnCheck_reportsAtTheAction() throws Exception {
    Problem problem = only(validate(game().file("actionsets/Standard.json", """
        { "actions": [ { "action": "AddComponents", "componentList": [] } ] }
        """)));

    assertEquals("Overture/EmptyAction", problem.id());
    assertEquals(at("actionsets/Standard.json", 1, 62, "/actions/0/componentList"), problem.location().orElseThrow());
  }

  @Test
  void aPawnArchetype_mustBeOfAPawn_andEveryArchetypeMustFitItsClass() throws Exception {
    ValidationReport report = validate(game()
        .file("pawns/Hero.json", """
            { "pawnClass": "Archetype:Buckler", "displayName": "Hero" }
            """)
        .file("archetypes/Buckler.json", """
            { "class": "Shield" }
            """)
        .file("archetypes/Paladin.json", """
            { "class": "Knight", "subobjects": { "Sheild": { "create": false } } }
            """));

    Problem wrongClass = report.problems().stream().filter(p -> p.id().equals("Overture/WrongClass")).findFirst().orElseThrow();
    assertEquals(at("pawns/Hero.json", 1, 16, "/pawnClass"), wrongClass.location().orElseThrow());
    Problem subobject = report.problems().stream().filter(p -> p.id().equals("Overture/UnknownSubobject")).findFirst().orElseThrow();
    assertEquals("Knight creates no default subobject \"Sheild\" (subobjects: \"Shield\")", subobject.message());
    assertEquals(at("archetypes/Paladin.json", 1, 48, "/subobjects/Sheild"), subobject.location().orElseThrow());
  }

  @Test
  void anActionSetThatIncludesItself_throughOthers_isACycle() throws Exception {
    ValidationReport report = validate(game()
        .file("actionsets/Standard.json", """
            { "actionSets": ["Extra"] }
            """)
        .file("actionsets/Extra.json", """
            { "actionSets": ["Standard"] }
            """));

    Problem cycle = report.problems().stream().filter(p -> p.id().equals("Overture/ReferenceCycle")).findFirst().orElseThrow();
    assertTrue(cycle.message().contains("ActionSet:Standard") && cycle.message().contains("ActionSet:Extra"), cycle.message());
    assertEquals(Severity.ERROR, cycle.severity());
    assertEquals("/actionSets/0", cycle.location().orElseThrow().pointer());
  }

  @Test
  void atMostOneUserFacingExperience_isTheDefault() throws Exception {
    ValidationReport report = validate(game().file("ui/experiences/OtherTile.json", """
        { "mapId": "Map:Dust", "experienceId": "Arena", "isDefaultExperience": true }
        """));

    assertEquals(List.of("Overture/TwoDefaultExperiences", "Overture/TwoDefaultExperiences"),
        report.problems().stream().map(Problem::id).toList());
    assertEquals(at("ui/experiences/ArenaTile.json", 1, 72, "/isDefaultExperience"), report.problems().get(0).location().orElseThrow());
    assertTrue(report.problems().get(0).message().startsWith("2 user-facing experiences are marked the default"));
  }

  @Test
  void settingsFiles_mustParse() throws Exception {
    Path settings = Files.createDirectories(temp.resolve("settings"));
    Files.writeString(settings.resolve("LocalSettings.json"), "{ \"overallVolume\": ");
    Files.createDirectories(settings.resolve("player-1"));
    Files.writeString(settings.resolve("player-1/SharedSettings.json"), "{ \"mouseSensitivity\": 99 }");

    ValidationReport report = validate(game(), builder -> builder.settingsFolder(settings));

    assertEquals(List.of("Overture/CorruptSettings", "Overture/SettingOutOfRange"), report.problems().stream().map(Problem::id).toList());
    assertEquals(Severity.ERROR, report.problems().get(0).severity());
    assertEquals(settings.resolve("player-1/SharedSettings.json").toString(), report.problems().get(1).location().orElseThrow().file());
  }

  @Test
  void gamesAddTheirOwnChecks_forAnAssetClass_anActionKind_andTheProject() throws Exception {
    List<String> seen = new ArrayList<>();
    ValidationReport report = validate(game(), builder -> builder
        .validator(new AssetValidator<dev.overture.experience.MapDefinition>() {
          @Override
          public Class<dev.overture.experience.MapDefinition> assetClass() {
            return dev.overture.experience.MapDefinition.class;
          }

          @Override
          public void isDataValid(dev.overture.experience.MapDefinition map, ValidationContext context) {
            if (!map.title().equals(map.title().toUpperCase())) {
              context.warning("Game/MapTitleCase", "/title", "Map titles are upper case in this game");
            }
          }
        })
        .validator(new ActionValidator<AddComponents>() {
          @Override
          public Class<AddComponents> actionClass() {
            return AddComponents.class;
          }

          @Override
          public void isDataValid(AddComponents action, ValidationContext context) {
            seen.add(context.asset() + " " + action.componentList().size());
          }
        })
        .validator(context -> seen.add("project " + context.assets().index().size())));

    assertEquals(List.of("ActionSet:Standard 1", "project 6"), seen);
    Problem custom = only(report);
    assertEquals("Game/MapTitleCase", custom.id());
    assertEquals(at("maps/Dust.json", 1, 12, "/title"), custom.location().orElseThrow());
  }

  @Test
  void theJsonReport_isForTools() throws Exception {
    ValidationReport report = validate(game().file("ui/experiences/ArenaTile.json", """
        { "mapId": "Map:Dusty", "experienceId": "Arena", "isDefaultExperience": true }
        """));

    String json = report.toJson();
    assertTrue(json.contains("\"errors\" : 1"), json);
    assertTrue(json.contains("\"id\" : \"Overture/UnknownAsset\""), json);
    assertTrue(json.contains("\"line\" : 1"), json);
    assertTrue(json.contains("\"pointer\" : \"/mapId\""), json);
    assertTrue(json.contains("\"choices\" : [ \"Map:Dust\" ]"), json);
  }

  /** A game's check: map titles are upper case. */
  static final class MapTitleCase implements AssetValidator<MapDefinition> {
    @Override
    public Class<MapDefinition> assetClass() {
      return MapDefinition.class;
    }

    @Override
    public void isDataValid(MapDefinition map, ValidationContext context) {
      if (!map.title().equals(map.title().toUpperCase(java.util.Locale.ROOT))) {
        context.warning("Game/MapTitleCase", "/title", "Map titles are upper case in this game");
      }
    }
  }

  @Test
  void aChainOfActionSetsEachIncludingTheNext_isReadOnceAFile_asPlayReadsIt() throws Exception {
    int length = 200;
    Content content = game();
    for (int i = 0; i < length; i++) {
      content.file("actionsets/Chain" + i + ".json",
          "{ \"actions\": []" + (i + 1 < length ? ", \"actionSets\": [\"Chain" + (i + 1) + "\"]" : "") + " }");
    }
    content.file("experiences/Arena.json", """
        { "defaultPawnData": "Hero", "actionSets": ["Standard", "Chain0"], "gameFeaturesToEnable": ["Core"] }
        """);
    root = content.writeTo(temp.resolve("assets"));
    dev.overture.asset.CountingSource counting = new dev.overture.asset.CountingSource(AssetSource.directory(root));
    try (AssetManager assets = Experiences.register(AssetManager.builder())
            .contentRoot(counting)
            .kind(Actor.class, "Knight", Knight.class).kind(ActorComponent.class, "Shield", Shield.class).build();
        GameFeatures features = GameFeatures.builder(assets).build()) {
      features.ready().join();

      ValidationReport report = Validator.builder(assets).features(features).build().run();

      assertFalse(report.hasErrors(), report.format());
      // Each asset loaded alone, then released, read the chain below it again: 20,100 reads here.
      assertEquals(1, counting.reads("actionsets/Chain0.json"), counting.allReads().toString());
      assertEquals(1, counting.reads("actionsets/Chain" + (length - 1) + ".json"), counting.allReads().toString());
      assertTrue(counting.allReads().values().stream().allMatch(count -> count.get() == 1), counting.allReads().toString());
    }
  }

  @Test
  void check_ofAnEditNotYetInForce_keepsOnlyWhatConcernsIt_locatedInItsFile() throws Exception {
    root = game().writeTo(temp.resolve("assets"));
    try (AssetManager assets = Experiences.register(AssetManager.builder()).contentRoot(AssetSource.directory(root)).build()) {
      Validator validator = Validator.builder(assets)
          .validator(new MapTitleCase())
          .validator(project -> project.report(Problem.warning("Game/Elsewhere", "about the experience").withAsset("Experience:Arena")))
          .build();

      List<Problem> problems = validator.check(Map.of(PrimaryAssetId.parse("Map:Dust"), new MapDefinition("dust", "", List.of())), assets)
          .get(30, TimeUnit.SECONDS);

      assertEquals(1, problems.size(), problems.toString());
      assertEquals("Game/MapTitleCase", problems.get(0).id());
      assertEquals(at("maps/Dust.json", 1, 12, "/title"), problems.get(0).location().orElseThrow(), "where the file on disk has it");
      assertEquals(List.of(), validator.check(Map.of(PrimaryAssetId.parse("Map:Dust"), new MapDefinition("DUST", "", List.of())), assets)
          .get(30, TimeUnit.SECONDS), "the same edit, fixed");
    }
  }

  @Test
  void aPluginStillInstalled_isRegisteredForTheRun_soItsContentIsChecked_andIsLeftInstalled() throws Exception {
    root = game()
        .file("plugins/Extra/plugin.json", """
            { "version": "1.0.0", "initialState": "Installed", "dependencies": [ { "name": "Core" } ] }
            """)
        .file("plugins/Extra/ui/experiences/ExtraTile.json", """
            { "mapId": "Map:Nowhere", "experienceId": "Arena" }
            """)
        .writeTo(temp.resolve("assets"));
    try (AssetManager assets = Experiences.register(AssetManager.builder()).contentRoot(AssetSource.directory(root))
            .kind(Actor.class, "Knight", Knight.class).kind(ActorComponent.class, "Shield", Shield.class).build();
        GameFeatures features = GameFeatures.builder(assets).build()) {
      features.ready().join();
      assertEquals(PluginState.INSTALLED, features.state(PluginId.of("Extra")));

      ValidationReport report = Validator.builder(assets).features(features).build().run();

      Problem unresolved = only(report);
      assertEquals("No asset Map:Nowhere is indexed (indexed: \"Map:Dust\")", unresolved.message());
      assertEquals(at("plugins/Extra/ui/experiences/ExtraTile.json", 1, 12, "/mapId"), unresolved.location().orElseThrow());
      assertEquals(PluginState.INSTALLED, features.state(PluginId.of("Extra")), "back where it was");
      assertEquals(PluginState.REGISTERED, features.state(PluginId.of("Core")), "a plugin that was registered stays so");
    }
  }

  @Test
  void aFileAReferenceNames_mustExist() throws Exception {
    Problem problem = only(validate(game().file("pawns/Hero.json", """
        { "pawnClass": "Archetype:Paladin", "displayName": "Hero", "inputConfig": "input/Missing.json" }
        """)));

    assertEquals("Overture/MissingFile", problem.id(), "reported once, by the load");
    assertEquals("File " + root.resolve("input/Missing.json") + " does not exist, referenced by PawnData:Hero", problem.message());
    assertEquals(at("pawns/Hero.json", 1, 75, "/inputConfig"), problem.location().orElseThrow());
  }

  @Test
  void anActionSetListedTwice_isAWarning_andAnActionSetsPluginsMustBeInstalledToo() throws Exception {
    ValidationReport report = validate(game()
        .file("experiences/Arena.json", """
            { "defaultPawnData": "Hero", "actionSets": ["Standard", "Standard"], "gameFeaturesToEnable": ["Core"] }
            """)
        .file("actionsets/Standard.json", """
            { "gameFeaturesToEnable": ["Magic"] }
            """));

    assertEquals(List.of("Overture/UnknownPlugin", "Overture/DuplicateActionSet"), report.problems().stream().map(Problem::id).toList(),
        report.format());
    assertEquals("Plugin \"Magic\" is not installed (installed: \"Core\")", report.errors().get(0).message());
    assertEquals(at("actionsets/Standard.json", 1, 28, "/gameFeaturesToEnable/0"), report.errors().get(0).location().orElseThrow());
    Problem twice = report.warnings().get(0);
    assertEquals("Action set ActionSet:Standard is listed twice; its actions would run twice", twice.message());
    assertEquals(at("experiences/Arena.json", 1, 57, "/actionSets/1"), twice.location().orElseThrow());
  }

  @Test
  void aPluginListedTwiceToEnable_isAWarning_inAnExperienceAndInAnActionSet() throws Exception {
    ValidationReport report = validate(game()
        .file("experiences/Arena.json", """
            { "defaultPawnData": "Hero", "actionSets": ["Standard"], "gameFeaturesToEnable": ["Core", "Core"] }
            """)
        .file("actionsets/Standard.json", """
            { "gameFeaturesToEnable": ["Core", "Core"] }
            """));

    assertFalse(report.hasErrors(), report.format());
    assertEquals(List.of("Overture/DuplicateFeature", "Overture/DuplicateFeature"), report.problems().stream().map(Problem::id).toList(),
        report.format());
    assertEquals("Plugin Core is listed twice in gameFeaturesToEnable; once is enough", report.warnings().get(0).message());
    List<SourceLocation> where = report.warnings().stream().map(problem -> problem.location().orElseThrow()).toList();
    assertTrue(where.contains(at("actionsets/Standard.json", 1, 36, "/gameFeaturesToEnable/1")), where.toString());
    assertTrue(where.contains(at("experiences/Arena.json", 1, 91, "/gameFeaturesToEnable/1")), where.toString());
  }

  @Test
  void aFileInAContentRootThatIsNotAdded_isRefusedAtTheReference_likeAMissingFile() throws Exception {
    ValidationReport report = validate(game().file("ui/experiences/DustTile.json", """
        { "mapId": "Map:Dust", "experienceId": "Arena", "tileIcon": "/Arcade/icons/Dust.png" }
        """));

    Problem problem = only(report);
    assertEquals("Overture/UnknownContentRoot", problem.id());
    assertEquals("Content root \"Arcade\" is not added, referenced by UserFacingExperience:DustTile (content roots: \"Game\","
        + " \"Core\")", problem.message());
    assertEquals(at("ui/experiences/DustTile.json", 1, 61, "/tileIcon"), problem.location().orElseThrow());
  }

  /** A game's asset whose references no bundle follows. */
  record Loot(String name, PrimaryAssetId map, SoftRef<RawAsset> banner) {}

  @Test
  void referencesNoBundleFollows_areReportedWithTheLoadsIdsAndWords() throws Exception {
    Content content = game()
        .file("loot/Gold.json", """
            { "name": "Gold", "map": "Map:Dusk", "banner": "banners/Gold.png" }
            """)
        .file("loot/Silver.json", """
            { "name": "Silver", "map": "Map:Dust", "banner": "/Arcade/banners/Silver.png" }
            """)
        .file("loot/Bronze.json", """
            { "name": "Bronze", "map": "Map:Dust", "banner": "banners/Bronze.png" }
            """)
        .file("banners/Bronze.png", "not really a picture");

    ValidationReport report = validate(content, assets -> assets.scanRule(ScanRule.of("Loot", Loot.class, "loot")), builder -> {});

    assertEquals(List.of(
            "[Overture/UnknownAsset] No asset Map:Dusk is indexed (indexed: \"Map:Dust\") at " + at("loot/Gold.json", 1, 26, "/map"),
            "[Overture/MissingFile] File " + root.resolve("banners/Gold.png") + " does not exist, referenced by Loot:Gold at "
                + at("loot/Gold.json", 1, 48, "/banner"),
            "[Overture/UnknownContentRoot] Content root \"Arcade\" is not added, referenced by Loot:Silver (content roots:"
                + " \"Game\", \"Core\") at " + at("loot/Silver.json", 1, 50, "/banner")),
        report.problems().stream().map(Problem::toString).toList(), report.format());
  }

  @Test
  void aPluginsContent_namesOnlyWhatItsDependenciesOffer_checkedWithoutLoadingTheBundleThatFollowsIt() throws Exception {
    ValidationReport report = validate(game()
        .file("plugins/Magic/plugin.json", """
            { "version": "1.0.0" }
            """)
        .file("plugins/Magic/maps/Tower.json", """
            { "title": "Tower" }
            """)
        .file("plugins/Combat/plugin.json", """
            { "version": "1.0.0", "dependencies": [ { "name": "Core" } ] }
            """)
        .file("plugins/Combat/ui/experiences/DuelTile.json", """
            { "mapId": "Map:Tower", "experienceId": "Arena" }
            """)
        .file("plugins/Combat/ui/experiences/RingTile.json", """
            { "mapId": "Map:Dust", "experienceId": "Arena" }
            """));

    Problem problem = only(report);
    assertEquals("Overture/UndeclaredDependency", problem.id());
    assertEquals("Refers to Map:Tower of \"Magic\", which the content of \"Combat\" may not name: a plugin's content names the"
        + " game's, its own and that of the plugins it depends on; add \"Magic\" to the dependencies of Combat"
        + " (may name: \"Combat\", \"Core\", \"Game\")", problem.message());
    assertEquals(at("plugins/Combat/ui/experiences/DuelTile.json", 1, 12, "/mapId"), problem.location().orElseThrow());
    assertEquals("UserFacingExperience:DuelTile", problem.asset().orElseThrow());
  }

}
