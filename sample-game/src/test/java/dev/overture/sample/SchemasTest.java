package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.overture.asset.AssetManager;
import dev.overture.feature.GameFeatures;
import dev.overture.inject.Overture;
import dev.overture.internal.JsonLayout;
import dev.overture.validation.SchemaGenerator;
import dev.overture.version.VersionHeader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The committed schemas are current, every sample file names one, and every sample file passes it. */
class SchemasTest {

  private static final Path ASSETS = Path.of("../assets");
  private static final Path SCHEMAS = ASSETS.resolve("schemas");
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private Overture overture;
  private AssetManager assets;
  private GameFeatures features;

  @BeforeEach
  void open() {
    overture = SampleContent.open(ASSETS);
    assets = overture.assets();
    features = overture.features();
    features.ready().join();
  }

  @AfterEach
  void close() {
    overture.close();
  }

  /** The plugin jar's content, as its module holds it; its files name the schemas of assets/schemas too. */
  private static final Path PLUGIN_CONTENT = Path.of("../sample-plugins/top-down-arena/src/main/resources");

  /** The sample's content files and its plugin's, sorted: every file a schema names. */
  static List<Path> contentFiles() throws Exception {
    List<Path> all = new ArrayList<>();
    for (Path root : List.of(ASSETS, PLUGIN_CONTENT)) {
      try (Stream<Path> files = Files.walk(root)) {
        files.filter(path -> path.toString().endsWith(".json") && !path.startsWith(SCHEMAS)).sorted().forEach(all::add);
      }
    }
    return all;
  }

  @Test
  void theCommittedSchemas_areWhatTheCodeGenerates() throws Exception {
    Map<String, ObjectNode> generated = new SchemaGenerator(assets).generate();

    List<String> stale = new ArrayList<>();
    for (Map.Entry<String, ObjectNode> schema : generated.entrySet()) {
      Path file = SCHEMAS.resolve(schema.getKey());
      if (!Files.exists(file) || !new String(JsonLayout.toBytes(schema.getValue()), StandardCharsets.UTF_8).equals(Files.readString(file))) {
        stale.add(schema.getKey());
      }
    }
    try (Stream<Path> files = Files.list(SCHEMAS)) {
      files.map(path -> path.getFileName().toString()).filter(name -> !generated.containsKey(name)).forEach(stale::add);
    }
    assertEquals(List.of(), stale,
        "assets/schemas is out of date: run  mvn -q -DskipTests package && java -jar sample-game/target/overture.jar schemas");
  }

  @Test
  void everySampleFile_namesItsSchema_andPassesIt() throws Exception {
    SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (Path file : contentFiles()) {
      ObjectNode content = (ObjectNode) JSON.readTree(file.toFile());
      assertTrue(content.has("$schema"), file + " names no $schema");
      Path schemaFile = file.getParent().resolve(content.get("$schema").asString()).normalize();
      Schema schema = registry.getSchema(Files.readString(schemaFile));
      for (Error error : schema.validate(upgraded(content, schemaFile))) {
        failures.add(file + ": " + error);
      }
      checked++;
    }
    assertEquals(List.of(), failures);
    assertEquals(25, checked, "every asset of the sample, the plugin descriptor included");
  }

  @Test
  void theSchemas_catchWhatAnEditorShouldFlag() throws Exception {
    SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    Schema experience = registry.getSchema(Files.readString(SCHEMAS.resolve("Experience.schema.json")));

    List<Error> errors = experience.validate(JSON.readTree("""
        { "defaultPawnData": "Weapon:Sword", "actions": [ { "action": "AddComponentz" } ], "colour": "red" }
        """));

    String all = errors.toString();
    assertTrue(all.contains("defaultPawnData"), all);
    assertTrue(all.contains("colour"), all);
    assertTrue(all.contains("actions"), all);
  }

  /**
   * The archetype schema types the property values of the class the file names, and of its
   * subobjects' classes, as loading reads them: before, {@code "maxSpeed": "fast"} and a misspelt
   * {@code "maxSpeeed"} passed the editor and failed the load.
   */
  @Test
  void theArchetypeSchema_checksThePropertiesOfTheClassTheFileNames_andOfItsSubobjects() throws Exception {
    SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    Schema archetype = registry.getSchema(Files.readString(SCHEMAS.resolve("Archetype.schema.json")));

    assertEquals(List.of(), flagged(archetype, """
        { "class": "Hero", "properties": { "health": 80, "alive": true },
          "subobjects": { "Movement": { "properties": { "maxSpeed": 0, "jumpHeight": 2, "turnRate": 3600 } } } }
        """), "what loading takes: a finite number within what HeroMovement declares (@ValueRange), bounds included");
    assertEquals(List.of(), flagged(archetype, """
        { "class": "HeroMovement", "properties": { "maxSpeed": 7.5 } }
        """));
    assertEquals(List.of(), flagged(archetype, """
        { "class": "Hero", "subobjects": { "Movement": { "class": "HeroMovement", "create": true, "properties": { "turnRate": 90 } } } }
        """));

    assertEquals(List.of("/subobjects/Movement/properties/maxSpeed type"), flagged(archetype, """
        { "class": "Hero", "subobjects": { "Movement": { "properties": { "maxSpeed": "fast" } } } }
        """));
    assertEquals(List.of("/subobjects/Movement/properties additionalProperties maxSpeeed"), flagged(archetype, """
        { "class": "Hero", "subobjects": { "Movement": { "properties": { "maxSpeeed": 7.5 } } } }
        """));
    assertEquals(List.of("/properties/health type", "/properties/team maximum"), flagged(archetype, """
        { "class": "Hero", "properties": { "health": 1.5, "team": 2147483648 } }
        """));
    assertEquals(List.of("/properties/health maximum", "/subobjects/Movement/properties/maxSpeed minimum",
        "/subobjects/Movement/properties/turnRate maximum"), flagged(archetype, """
        { "class": "Hero", "properties": { "health": 101 },
          "subobjects": { "Movement": { "properties": { "maxSpeed": -3, "turnRate": 3600.5 } } } }
        """), "what the properties declare: @ValueRange, as loading refuses it");
    assertEquals(List.of("/properties additionalProperties maxSpeed"), flagged(archetype, """
        { "class": "Hero", "properties": { "maxSpeed": 7.5 } }
        """), "the properties of the class the file names, not of another");
    assertEquals(List.of("/subobjects additionalProperties Movment"), flagged(archetype, """
        { "class": "Hero", "subobjects": { "Movment": {} } }
        """));
    assertEquals(List.of("/subobjects/Movement/create const"), flagged(archetype, """
        { "class": "Hero", "subobjects": { "Movement": { "create": false } } }
        """), "Movement is required");
    assertEquals(List.of("/subobjects/Movement/class enum"), flagged(archetype, """
        { "class": "Hero", "subobjects": { "Movement": { "class": "Hero" } } }
        """), "only a HeroMovement may be Movement");
  }

  /** What {@code schema} flags in {@code json}: each error's place, keyword and (for an unknown name) the name, sorted. */
  private static List<String> flagged(Schema schema, String json) {
    return schema.validate(JSON.readTree(json)).stream()
        .map(error -> error.getInstanceLocation() + " " + error.getKeyword()
            + (error.getKeyword().equals("additionalProperties") ? " " + error.getProperty() : ""))
        .sorted().toList();
  }

  /** A file in an older format, as its upgrade steps make it (the schema describes the current one). */
  private JsonNode upgraded(ObjectNode content, Path schemaFile) {
    if (!content.has(VersionHeader.FIELD)) {
      return content;
    }
    String type = schemaFile.getFileName().toString().replace(".schema.json", "");
    Class<?> assetClass = assets.tools().scanRules().stream().filter(rule -> rule.type().name().equals(type)).findFirst()
        .<Class<?>>map(rule -> rule.assetClass()).orElse(Object.class);
    VersionHeader header = VersionHeader.fromJson(content.get(VersionHeader.FIELD));
    ObjectNode body = content.deepCopy();
    ObjectNode header$ = (ObjectNode) body.remove(VersionHeader.FIELD);
    assets.tools().versions().plan(header, assetClass).apply(body);
    ObjectNode result = JSON.createObjectNode();
    result.set(VersionHeader.FIELD, header$);
    result.setAll(body);
    return result;
  }
}
