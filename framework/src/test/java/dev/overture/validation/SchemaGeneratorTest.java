package dev.overture.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.overture.asset.AllowedTypes;
import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetPath;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.ScanRule;
import dev.overture.asset.SoftRef;
import dev.overture.asset.NotBlank;
import dev.overture.asset.Required;
import dev.overture.asset.SizeRange;
import dev.overture.asset.ValueRange;
import dev.overture.feature.VersionRange;
import dev.overture.experience.Experiences;
import dev.overture.feature.PluginVersion;
import dev.overture.internal.JsonLayout;
import dev.overture.object.ObjectArchetype;
import dev.overture.version.EngineVersion;
import dev.overture.version.Guid;
import dev.overture.world.ActorComponent;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schemas an author's editor checks content files against: one per asset type, per file
 * that soft references point to and for plugin descriptors, naming what only the project's registry
 * knows (action kinds, class names, asset types) and written beside the content.
 */
class SchemaGeneratorTest {

  static class Shield extends ActorComponent {}

  /** A game's own asset type, with the kinds of values a game's records hold. */
  record Loadout(
      @JsonProperty("loadoutName") String name,
      @AllowedTypes({"Weapon", "Gadget"}) PrimaryAssetId primary,
      PrimaryAssetId anything,
      Optional<Integer> slots,
      BigDecimal price,
      char grade,
      String[] tags,
      List<? extends Number> weights,
      Pair<String> colours,
      SoftRef<Crate> crate,
      JsonNode extra) {}

  record Pair<T>(T first, T second) {}

  record Crate(int size, @ValueRange(min = 1, max = 8) int stack, @ValueRange(min = 0.5) List<Double> weights) {}

  /** An asset's name as the schemas write it: ASCII letters, digits, '_', or any character beyond ASCII; '.' and '-' after the first. */
  private static final String NAME = "(?:[A-Za-z0-9_]|[^\\u0000-\\u007F])(?:[A-Za-z0-9_.-]|[^\\u0000-\\u007F])*";
  /** The end of the text, as every regex dialect of the editors reads it ({@code $} is not: see SchemaGenerator.END). */
  private static final String END = "(?![\\s\\S])";

  @TempDir Path temp;
  private AssetManager assets;

  @BeforeEach
  void open() {
    assets = Experiences.register(AssetManager.builder())
        .contentRoot(AssetSource.directory(temp))
        .kind(ActorComponent.class, "Shield", Shield.class)
        .scanRule(ScanRule.of("Loadout", Loadout.class, "loadouts"))
        .build();
  }

  @AfterEach
  void close() {
    assets.close();
  }

  private ObjectNode schema(String name) {
    return new SchemaGenerator(assets).generate().get(name);
  }

  private static List<String> strings(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(value -> values.add(value.asString()));
    return values;
  }

  @Test
  void aProjectGetsASchemaPerAssetType_perFileSoftReferencesPointTo_andOneForPlugins() {
    assertEquals(List.of("AbilitySet.schema.json", "ActionSet.schema.json", "Archetype.schema.json", "CameraMode.schema.json",
            "Crate.schema.json", "Experience.schema.json", "InputConfig.schema.json", "InputMappingContext.schema.json",
            "Loadout.schema.json", "Map.schema.json", "PawnData.schema.json", "Plugin.schema.json",
            "TagRelationshipMapping.schema.json", "UserFacingExperience.schema.json"),
        List.copyOf(new SchemaGenerator(assets).generate().keySet()));
    assertEquals("SchemaGenerator[7 asset types]", new SchemaGenerator(assets).toString());
  }

  @Test
  void anExperience_namesItsPawnDataAndActionSetsById_andRefusesUnknownProperties() {
    ObjectNode experience = schema("Experience.schema.json");

    assertEquals(SchemaGenerator.DIALECT, experience.get("$schema").asString());
    assertEquals("ExperienceDefinition", experience.get("title").asString());
    assertEquals("An Experience (primary asset, bound to ExperienceDefinition)", experience.get("description").asString());
    assertEquals(false, experience.get("additionalProperties").asBoolean());
    JsonNode properties = experience.get("properties");
    assertEquals(List.of("$schema", "$version", "gameFeaturesToEnable", "defaultPawnData", "actions", "actionSets"),
        List.copyOf(properties.propertyNames()));
    assertEquals("^((PawnData):)?" + NAME + END, properties.at("/defaultPawnData/pattern").asString());
    assertEquals("An id of a PawnData (\"PawnData:Name\", or just the name)", properties.at("/defaultPawnData/description").asString());
    assertEquals("An id of an ActionSet (\"ActionSet:Name\", or just the name)",
        properties.at("/actionSets/items/description").asString());
    assertEquals("array", properties.at("/gameFeaturesToEnable/type").asString());
    assertEquals("string", properties.at("/gameFeaturesToEnable/items/type").asString());
  }

  @Test
  void actions_areOneOfTheRegisteredKinds_eachNamingItselfInTheActionProperty() {
    ObjectNode experience = schema("Experience.schema.json");

    assertEquals("#/$defs/GameFeatureAction", experience.at("/properties/actions/items/$ref").asString());
    JsonNode kinds = experience.at("/$defs/GameFeatureAction/oneOf");
    List<String> titles = new ArrayList<>();
    for (JsonNode kind : kinds) {
      titles.add(kind.get("title").asString());
      assertEquals(kind.get("title").asString(), kind.at("/properties/action/const").asString());
      assertEquals(List.of("action"), strings(kind.get("required")));
      assertEquals(false, kind.get("additionalProperties").asBoolean());
    }
    assertEquals(List.of("AddAbilities", "AddComponents", "AddInputBinding", "AddInputMapping", "AddWidgets"), titles);
    JsonNode entry = experience.at("/$defs/" + kinds.get(1).at("/properties/componentList/items/$ref").asString().substring(8));
    assertEquals(List.of("Actor", "GameState", "Pawn"), strings(entry.at("/properties/actorClass/enum")));
    assertEquals(List.of("AbilitySystemComponent", "InputComponent", "Shield"), strings(entry.at("/properties/componentClass/enum")),
        "the game's own component is offered");
    assertEquals("A registered ActorComponent class name", entry.at("/properties/componentClass/description").asString());
    assertEquals("boolean", entry.at("/properties/addUnique/type").asString());
  }

  @Test
  void aPawnsClass_isARegisteredClassOrAnArchetype_andItsFilesArePathsWithSchemasOfTheirOwn() {
    JsonNode properties = schema("PawnData.schema.json").get("properties");

    JsonNode pawnClass = properties.at("/pawnClass/anyOf");
    assertEquals(List.of("Pawn"), strings(pawnClass.at("/0/enum")));
    assertEquals("^(Archetype):" + NAME + END, pawnClass.at("/1/pattern").asString(), "no bare name: the type is needed");
    assertEquals("An id of an Archetype (\"Archetype:Name\")", pawnClass.at("/1/description").asString());
    assertEquals("^(?:/[A-Za-z][A-Za-z0-9_]{0,63}/)?(?![A-Za-z]:)(?!\\.\\.(?:/|$))[^/\\\\\\u0000-\\u001F\\u007F][^\\\\\\u0000-\\u001F\\u007F]*" + END,
        properties.at("/inputConfig/pattern").asString(), "relative, or in a root named first: never from the root of the disk");
    assertEquals("A path to an InputConfig file, relative to the content root (\"folder/file.json\") or in the root it names first"
            + " (\"/Game/folder/file.json\")",
        properties.at("/inputConfig/description").asString());
    assertEquals("A path to a CameraMode file, relative to the content root (\"folder/file.json\") or in the root it names first"
            + " (\"/Game/folder/file.json\")",
        properties.at("/defaultCameraMode/description").asString());
    assertEquals("An InputConfig (a file soft references point to)", schema("InputConfig.schema.json").get("description").asString());
    assertEquals("A path to a file, relative to the content root (\"folder/file.json\") or in the root it names first"
            + " (\"/Game/folder/file.json\")",
        schema("UserFacingExperience.schema.json").at("/properties/tileIcon/description").asString(), "any file");
    assertEquals("A UserFacingExperience (primary asset, bound to UserFacingExperience)",
        schema("UserFacingExperience.schema.json").get("description").asString());
  }

  @Test
  void everyFile_mayCarryItsVersionHeader_andNameItsSchema() {
    for (Map.Entry<String, ObjectNode> schema : new SchemaGenerator(assets).generate().entrySet()) {
      JsonNode header = schema.getValue().at("/properties/$version");
      assertEquals("object", header.get("type").asString(), schema.getKey());
      assertEquals("string", schema.getValue().at("/properties/$schema/type").asString(), schema.getKey());
      assertEquals(List.of("guid", "version"), strings(header.at("/properties/custom/items/required")), schema.getKey());
      assertEquals(0, header.at("/properties/custom/items/properties/version/minimum").asInt());
      assertEquals("integer", header.at("/properties/custom/items/properties/version/type").asString());
      assertEquals(List.of("engine", "compatible", "custom"), List.copyOf(header.get("properties").propertyNames()));
    }
  }

  @Test
  void anArchetype_namesARegisteredClass_andMayOverrideItsSubobjects() {
    ObjectNode archetype = schema("Archetype.schema.json");

    assertEquals(List.of("class"), strings(archetype.get("required")));
    assertEquals(false, archetype.get("additionalProperties").asBoolean());
    List<String> classes = strings(archetype.at("/properties/class/enum"));
    assertEquals(List.of("AbilitySystemComponent", "Actor", "GameState", "InputComponent", "Pawn", "Shield"), classes,
        "the classes the loader takes: no action kind (review finding 4)");
    assertEquals("A registered class name", archetype.at("/properties/class/description").asString());
    JsonNode override = archetype.at("/properties/subobjects/additionalProperties");
    assertEquals(classes, strings(override.at("/properties/class/enum")));
    assertEquals("boolean", override.at("/properties/create/type").asString());
    assertEquals("object", override.at("/properties/properties/type").asString());
    assertEquals(false, override.get("additionalProperties").asBoolean());
  }

  @Test
  void aPluginDescriptor_takesTheStatesByTheirJsonNames() {
    ObjectNode plugin = schema("Plugin.schema.json");

    assertEquals("A feature plugin's descriptor (plugins/<Name>/plugin.json)", plugin.get("description").asString());
    assertEquals(List.of("Installed", "Registered", "Loaded", "Active"), strings(plugin.at("/properties/initialState/anyOf/0/enum")),
        "the states a plugin may start in, as PluginState.fromJson takes them (review finding 3)");
    assertEquals("^(?:" + PluginVersion.FORM + ")" + END, plugin.at("/properties/version/pattern").asString());
    assertEquals("major.minor.patch, for example \"1.2.0\"", plugin.at("/properties/version/description").asString());
    assertEquals("^[A-Za-z][A-Za-z0-9_]{0,63}" + END, plugin.at("/properties/name/pattern").asString());
    assertEquals("^[A-Za-z][A-Za-z0-9_]{0,63}" + END, plugin.at("/$defs/Dependency/properties/name/pattern").asString());
    assertEquals("#/$defs/GameFeatureAction", plugin.at("/properties/actions/items/$ref").asString());
    assertEquals("object", plugin.at("/$defs/Dependency/type").asString());
  }

  @Test
  void aGamesOwnAssetType_isDescribedFromItsRecord() {
    ObjectNode loadout = schema("Loadout.schema.json");
    JsonNode properties = loadout.get("properties");

    assertEquals("A Loadout (primary asset, bound to Loadout)", loadout.get("description").asString());
    assertEquals("string", properties.at("/loadoutName/type").asString(), "named as JSON names it");
    assertEquals("^(Weapon|Gadget):" + NAME + END, properties.at("/primary/pattern").asString());
    assertEquals("An id of a Weapon or Gadget (\"Weapon:Name\")", properties.at("/primary/description").asString());
    assertEquals("^[A-Za-z][A-Za-z0-9_]{0,63}:" + NAME + END, properties.at("/anything/pattern").asString());
    assertEquals("A primary asset id, \"Type:Name\"", properties.at("/anything/description").asString());
    assertEquals("integer", properties.at("/slots/type").asString(), "an Optional is its value or nothing");
    assertEquals("number", properties.at("/price/type").asString());
    assertEquals("string", properties.at("/grade/type").asString());
    assertEquals("string", properties.at("/tags/items/type").asString());
    assertEquals("number", properties.at("/weights/items/type").asString());
    assertEquals("#/$defs/Pair", properties.at("/colours/$ref").asString());
    assertEquals("string", loadout.at("/$defs/Pair/properties/first/type").asString(), "the type argument bound");
    assertEquals("A path to a Crate file, relative to the content root (\"folder/file.json\") or in the root it names first"
            + " (\"/Game/folder/file.json\")",
        properties.at("/crate/description").asString());
    assertEquals("A Crate (a file soft references point to)", schema("Crate.schema.json").get("description").asString());
    assertEquals("integer", schema("Crate.schema.json").at("/properties/size/type").asString());
    ObjectNode crate = schema("Crate.schema.json");
    assertEquals("{\"type\":\"integer\",\"minimum\":1,\"maximum\":8}", crate.at("/properties/stack").toString(),
        "the range binding takes");
    assertEquals("{\"type\":\"number\",\"minimum\":0.5,\"maximum\":1.7976931348623157E308}",
        crate.at("/properties/weights/items").toString(), "number by number");
    assertEquals("{\"type\":\"integer\",\"minimum\":-2147483648,\"maximum\":2147483647}", crate.at("/properties/size").toString(),
        "no range declared: what an int holds");
    assertEquals(0, properties.get("extra").size(), "any JSON");
  }

  /** Numbers of every width a record may hold. */
  record Numbers(long id, Short small, byte tiny, float ratio, char grade, @ValueRange(min = 0, max = 1e12) long capped,
      @ValueRange(min = -1e20) long floor) {}

  /**
   * Review finding: binding refuses a whole number its Java type cannot hold (99999999999 for an
   * int), so the schema says where each type ends; a double or float holds no infinity (1e999).
   */
  @Test
  void everyNumber_isBoundedByWhatItsJavaTypeHolds_narrowedByItsValueRange() {
    AssetManager numbers = AssetManager.builder().contentRoot(AssetSource.directory(temp))
        .scanRule(ScanRule.of("Numbers", Numbers.class, "numbers")).build();
    try {
      JsonNode properties = new SchemaGenerator(numbers).generate().get("Numbers.schema.json").get("properties");

      assertEquals("{\"type\":\"integer\",\"minimum\":-9223372036854775808,\"maximum\":9223372036854775807}",
          properties.get("id").toString());
      assertEquals("{\"type\":\"integer\",\"minimum\":-32768,\"maximum\":32767}", properties.get("small").toString());
      assertEquals("{\"type\":\"integer\",\"minimum\":-128,\"maximum\":127}", properties.get("tiny").toString());
      assertEquals("{\"type\":\"number\",\"minimum\":-3.4028234663852886E38,\"maximum\":3.4028234663852886E38}",
          properties.get("ratio").toString());
      assertEquals("{\"type\":\"string\",\"minLength\":1,\"maxLength\":1}", properties.get("grade").toString());
      assertEquals("{\"type\":\"integer\",\"minimum\":0,\"maximum\":1000000000000}", properties.get("capped").toString());
      assertEquals("{\"type\":\"integer\",\"minimum\":-9223372036854775808,\"maximum\":9223372036854775807}",
          properties.get("floor").toString(), "a range wider than the type: the type's");
    } finally {
      numbers.close();
    }
  }

  /** What binding checks beyond a value's type, declared on the components. */
  record Match(@Required("name it") String name, @NotBlank @SizeRange(min = 1, max = 4) List<String> teams,
      @SizeRange(min = 2) String[] stops, VersionRange versions, String anything) {}

  /**
   * Review finding: a required property, a blank name, a count of teams and a version range passed
   * the schema that binding refused; each is declared once on the component, and the schema says it.
   */
  @Test
  void requiredProperties_blankStrings_itemCounts_andVersionRanges_areInTheSchema_asDeclared() {
    AssetManager matches = AssetManager.builder().contentRoot(AssetSource.directory(temp))
        .scanRule(ScanRule.of("Match", Match.class, "matches")).build();
    try {
      JsonNode schema = new SchemaGenerator(matches).generate().get("Match.schema.json");
      JsonNode properties = schema.get("properties");

      assertEquals("[\"name\"]", schema.get("required").toString());
      assertEquals("{\"type\":\"array\",\"items\":{\"type\":\"string\",\"minLength\":1,\"pattern\":"
          + tools.jackson.databind.node.JsonNodeFactory.instance.stringNode(NotBlank.PATTERN) + "},\"minItems\":1,\"maxItems\":4}",
          properties.get("teams").toString());
      assertEquals("{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"minItems\":2}", properties.get("stops").toString());
      assertEquals("^(?:" + VersionRange.FORM + ")" + END, properties.get("versions").get("pattern").asString());
      assertEquals("{\"type\":\"string\"}", properties.get("anything").toString());
    } finally {
      matches.close();
    }
  }

  /** A component whose properties carry the declarations a record's components may. */
  static class Gauge extends ActorComponent {
    @dev.overture.object.Property @ValueRange(min = 0, max = 10) int dial;
    @dev.overture.object.Property @ValueRange(min = 0) List<Double> speeds;
    @dev.overture.object.Property @SizeRange(min = 1, max = 4) @NotBlank List<String> names;
    @dev.overture.object.Property @NotBlank String label;
    @dev.overture.object.Property double plain;
  }

  /** Gauge's properties as a record's components. */
  record Gauges(@ValueRange(min = 0, max = 10) int dial, @ValueRange(min = 0) List<Double> speeds,
      @SizeRange(min = 1, max = 4) @NotBlank List<String> names, @NotBlank String label, double plain) {}

  /** Builds a Gauge as its default subobject. */
  static class Console extends dev.overture.world.Actor {
    Console(dev.overture.object.ObjectInitializer initializer) {
      createDefaultSubobject("Gauge", Gauge.class);
    }
  }

  /**
   * Review finding: a property's {@code @ValueRange} (and {@code @SizeRange}, {@code @NotBlank}) was
   * not in the archetype schema, which took {@code "dial": -3}. An archetype's property is typed as a
   * record's component of the same type and declarations, by the same code: in the class's own
   * {@code properties}, and in a subobject override's.
   */
  @Test
  void anArchetypesProperties_carryTheirDeclarations_asARecordsComponentsDo() {
    AssetManager gauges = AssetManager.builder().contentRoot(AssetSource.directory(temp))
        .scanRule(ObjectArchetype.scanRule())
        .scanRule(ScanRule.of("Gauges", Gauges.class, "gauges"))
        .kind(ActorComponent.class, "Gauge", Gauge.class)
        .kind(dev.overture.world.Actor.class, "Console", Console.class)
        .build();
    try {
      Map<String, ObjectNode> schemas = new SchemaGenerator(gauges).generate();
      JsonNode record = schemas.get("Gauges.schema.json").get("properties");
      JsonNode archetype = schemas.get("Archetype.schema.json");
      JsonNode own = whenClass(archetype.get("allOf"), "Gauge").at("/properties/properties/properties");
      JsonNode console = whenClass(archetype.get("allOf"), "Console").at("/properties/subobjects/properties/Gauge");
      JsonNode asSubobject = whenClass(console.get("allOf"), "Gauge").at("/properties/properties/properties");

      assertEquals("{\"type\":\"integer\",\"minimum\":0,\"maximum\":10}", own.get("dial").toString());
      for (String name : List.of("dial", "speeds", "names", "label", "plain")) {
        assertEquals(record.get(name), own.get(name), name);
        assertEquals(record.get(name), asSubobject.get(name), name + " of a subobject");
      }
    } finally {
      gauges.close();
    }
  }

  /** The {@code then} of the case of {@code cases} for {@code "class": name}. */
  private static JsonNode whenClass(JsonNode cases, String name) {
    for (JsonNode rule : cases) {
      if (name.equals(rule.at("/if/properties/class/const").asString())) {
        return rule.get("then");
      }
    }
    throw new AssertionError("no case for " + name + " in " + cases);
  }

  /** A file with one soft reference, as the loader binds it. */
  record Holder(SoftRef<Crate> crate) {}

  /** Whether the loader binds {@code text} as a soft reference (the game's root, with its real deserializer). */
  private boolean loaderTakesSoftReference(String text) throws Exception {
    ObjectNode file = tools.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("crate", text);
    Files.writeString(temp.resolve("holder.json"), file.toString());
    try {
      assets.tools().bindFile(AssetSource.directory(temp), "Game", AssetPath.parse("holder.json"), Holder.class);
      return true;
    } catch (AssetLoadException e) {
      assertEquals("Overture/InvalidPath", e.problems().get(0).id(), e.getMessage());
      return false;
    }
  }

  private static boolean matches(String pattern, String text) {
    return Pattern.compile(pattern).matcher(text).find(); // JSON Schema's "pattern" searches; ours are anchored
  }

  /** Review finding 1: the mount form ("/Game/...") is a path the loader takes, a bare "/x" or a backslash is not. */
  @ParameterizedTest
  @ValueSource(strings = {"maps/Arena.json", "/Game/abilities/HeroAbilities.json", "/ShooterCore/maps/Arena.json",
      "/Nope/a.json", "a//b.json", "./a.json", "a/../b.json", "Héro/é.json", "a/", "\\maps\\Arena.json", "a\\b.json", "/maps",
      "/x", "/Game/", "/Game//a.json", "/9Game/a.json", "/Ga me/a.json", "../a.json", "..", "C:/a.json", "/Game/C:/a.json",
      "/Game/../a.json", "", "a\u0001b.json", "a\u007fb.json"})
  void theSoftReferencePattern_takesWhatTheLoaderTakes(String text) throws Exception {
    ObjectNode loadout = schema("Loadout.schema.json");

    assertEquals(loaderTakesSoftReference(text), matches(loadout.at("/properties/crate/pattern").asString(), text), text);
  }

  /**
   * java.util.regex and Python's re read {@code $} as "the end, or before a final line terminator":
   * a pattern ending in {@code $} took what the loader refuses, a value with a newline at its end.
   */
  @ParameterizedTest
  @ValueSource(strings = {"\n", "\r\n", "\r"})
  void aValueEndingInALineTerminator_isRefusedByEveryPattern_asByTheLoader(String end) throws Exception {
    ObjectNode experience = schema("Experience.schema.json");
    String id = experience.at("/properties/defaultPawnData/pattern").asString();
    String path = schema("Loadout.schema.json").at("/properties/crate/pattern").asString();
    String pluginName = schema("Plugin.schema.json").at("/properties/name/pattern").asString();

    assertEquals(false, PrimaryAssetId.isValidName("HeroPawn" + end));
    assertEquals(false, matches(id, "HeroPawn" + end));
    assertEquals(false, matches(id, "PawnData:HeroPawn" + end));
    assertEquals(false, loaderTakesSoftReference("maps/Arena.json" + end));
    assertEquals(false, matches(path, "maps/Arena.json" + end));
    assertEquals(false, ContentRoot.isValidName("ShooterCore" + end));
    assertEquals(false, matches(pluginName, "ShooterCore" + end));
  }

  /** The version header's strings: what VersionHeader reads with EngineVersion.parse and Guid.parse, and no more. */
  @ParameterizedTest
  @ValueSource(strings = {"0.1.0-1000+++Overture+Main", "5.0.3.20979098+++UE5+Release-5.0", "1.2.3", "1.2.3-0", "1.2.3+b",
      "1.2.3-4294967295", "1.2.3-4294967296", "1.2.3-9999999999", "1.2.3-2147484648+x", "1.2.3+a\nb", "banana", "1.2", "1.2.3-",
      "1.2.3-12345678901", "1234567890.0.0", "1.2.3\n", " 1.2.3", "1.2.3-1+", "\u0661.2.3"})
  void theEngineVersionPattern_takesWhatTheHeaderReads(String text) {
    tools.jackson.databind.JsonNode header = schema("Experience.schema.json").at("/properties/$version");
    boolean loader;
    try {
      EngineVersion.parse(text);
      loader = true;
    } catch (IllegalArgumentException e) {
      loader = false;
    }
    assertEquals(loader, matches(header.at("/properties/engine/pattern").asString(), text), text);
    assertEquals(loader, matches(header.at("/properties/compatible/pattern").asString(), text), text);
  }

  @ParameterizedTest
  @ValueSource(strings = {"9A7D33B5-82CB-4E5D-BA5A-C377486FEA31", "9a7d33b5-82cb-4e5d-ba5a-c377486fea31", "2EB5FDBD-01AC4D10-8136F38F-3393A5DA",
      "9A7D33B582CB4E5DBA5AC377486FEA31", "nope", "9A7D33B5-82CB-4E5D-BA5A-C377486FEA3", "{9A7D33B5-82CB-4E5D-BA5A-C377486FEA31}",
      "9A7D33B5-82CB-4E5D-BA5A-C377486FEA31\n", "9A7D33B5-82CB-4E5D-BA5A-C377486FEA3G"})
  void theGuidPattern_takesWhatTheHeaderReads(String text) {
    tools.jackson.databind.JsonNode entry = schema("Experience.schema.json").at("/properties/$version/properties/custom/items");
    boolean loader;
    try {
      Guid.parse(text);
      loader = true;
    } catch (IllegalArgumentException e) {
      loader = false;
    }
    assertEquals(loader, matches(entry.at("/properties/guid/pattern").asString(), text), text);
    assertEquals(Integer.MAX_VALUE, entry.at("/properties/version/maximum").asInt(), "a version beyond 31 bits is refused");
  }

  /** PluginState.fromJson takes the names in any case and trimmed: the schema refused "registered", which loads. */
  @ParameterizedTest
  @ValueSource(strings = {"Registered", "registered", "ACTIVE", " Loaded\n", "\tinstalled", "Error", "Registering", "Loadedx",
      "Re gistered", "", "Active!"})
  void theInitialStateSchema_takesWhatPluginStateTakes(String text) {
    tools.jackson.databind.JsonNode state = schema("Plugin.schema.json").at("/properties/initialState");
    boolean loader;
    try {
      dev.overture.feature.PluginState.fromJson(text);
      loader = true;
    } catch (IllegalArgumentException e) {
      loader = false;
    }
    boolean schema = strings(state.at("/anyOf/0/enum")).contains(text)
        || state.at("/anyOf/1/pattern").isString() && matches(state.at("/anyOf/1/pattern").asString(), text);
    assertEquals(loader, schema, text);
  }

  /** What a regular expression cannot count is left to the loader, which refuses it in words. */
  @ParameterizedTest
  @ValueSource(strings = {"a/../../b.json", ".", "a/.."})
  void aPathThatClimbsOutPastItsFirstSegment_orNamesTheRootItself_isLeftToTheLoader(String text) throws Exception {
    assertEquals(false, loaderTakesSoftReference(text));
    assertEquals(true, matches(SchemaGenerator.SOFT_REFERENCE, text));
  }

  /** Review finding 2: names of any script, as PrimaryAssetId takes them. */
  @ParameterizedTest
  @ValueSource(strings = {"Hero", "Héro", "日本", "Ωmega2", "_x", "9lives", "a.b-c", "\uD835\uDC9C", "", "-x", ".x", "a b", "a:b",
      "a/b", "a\\b", "Hé ro"})
  void theNamePattern_takesWhatPrimaryAssetIdTakes(String name) {
    ObjectNode experience = schema("Experience.schema.json");
    String pattern = experience.at("/properties/defaultPawnData/pattern").asString();

    assertEquals(PrimaryAssetId.isValidName(name), matches(pattern, name), name);
    assertEquals(PrimaryAssetId.isValidName(name), matches(pattern, "PawnData:" + name), name);
  }

  /** Beyond ASCII the pattern takes any character (see SchemaGenerator); the loader refuses a non-letter there, in words. */
  @ParameterizedTest
  @ValueSource(strings = {"H→ro", "→x", "e\u0301"})
  void aNameWithANonLetterBeyondAscii_isLeftToTheLoader(String name) {
    assertEquals(false, PrimaryAssetId.isValidName(name));
    assertEquals(true, matches("^" + SchemaGenerator.ID_NAME + END, name));
  }

  /** Review finding 5, and the names that name content roots (a plugin's, a mount path's root, a type). */
  @ParameterizedTest
  @ValueSource(strings = {"1.0.0", "1.4", " 2.0.1 ", "01.02.03", "0.0.0", "999999999.0.1", "banana", "1", "1.2.3.4", "1..2", "+1.0",
      "-0.1", "1.-2.0", "1234567890.0.0", "1.0.0-beta", "1.0.0\u00a0", "1. 0"})
  void theVersionPattern_takesWhatThePluginLoaderTakes(String text) {
    boolean loader;
    try {
      PluginVersion.parse(text);
      loader = true;
    } catch (IllegalArgumentException e) {
      loader = false;
    }
    assertEquals(loader, matches(schema("Plugin.schema.json").at("/properties/version/pattern").asString(), text), text);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ShooterCore", "A_1", "a", "9x", "_x", "Héro", "A-B", "", "Abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl",
      "Abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklm"})
  void theRootNamePattern_takesWhatContentRootTakes(String name) {
    assertEquals(ContentRoot.isValidName(name), matches("^" + SchemaGenerator.TYPE_NAME + END, name), name);
  }

  @Test
  void writeTo_writesEachSchemaInTheJsonLayout_andRewritesOnlyWhatChanged() throws Exception {
    Path folder = temp.resolve("schemas");
    SchemaGenerator generator = new SchemaGenerator(assets);

    List<Path> first = generator.writeTo(folder);

    assertEquals(14, first.size());
    assertEquals(new String(JsonLayout.toBytes(generator.generate().get("Map.schema.json")), StandardCharsets.UTF_8),
        Files.readString(folder.resolve("Map.schema.json")));
    assertEquals(List.of(), generator.writeTo(folder), "all current: none written");

    Files.writeString(folder.resolve("Map.schema.json"), "{}");
    Files.writeString(folder.resolve("Crate.schema.json"),
        Files.readString(folder.resolve("Crate.schema.json")).replace("Crate", "Crat"));
    assertEquals(List.of(folder.resolve("Crate.schema.json"), folder.resolve("Map.schema.json")), generator.writeTo(folder));
    assertEquals(List.of(), generator.writeTo(folder));
    try (Stream<Path> files = Files.list(folder)) {
      assertEquals(14, files.count(), "no temporary left");
    }
  }

  @Test
  void writeTo_refusesAFileWhereTheFolderShouldBe_andAFolderWhereASchemaShouldBe() throws Exception {
    Path file = Files.writeString(temp.resolve("schemas"), "not a folder");

    NotDirectoryException notFolder = assertThrows(NotDirectoryException.class, () -> new SchemaGenerator(assets).writeTo(file));
    assertEquals(file.toString(), notFolder.getMessage());
    Path folder = temp.resolve("other");
    Files.createDirectories(folder.resolve("Map.schema.json"));
    FileSystemException e = assertThrows(FileSystemException.class, () -> new SchemaGenerator(assets).writeTo(folder));
    assertEquals(folder.resolve("Map.schema.json").toAbsolutePath() + ": it is a folder, not a file", e.getMessage());
    assertTrue(Files.isDirectory(folder.resolve("Map.schema.json")), "left as it is");
  }
}
