package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.overture.asset.AssetLoadException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.asset.BoundFile;
import dev.overture.asset.ScanRule;
import dev.overture.asset.SoftRef;
import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.feature.PluginDescriptor;
import dev.overture.inject.Overture;
import dev.overture.internal.JsonLayout;
import dev.overture.object.ObjectArchetype;
import dev.overture.validation.SchemaGenerator;
import dev.overture.version.VersionHeader;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Review finding: the schemas and binding disagreed in both directions (binding took {@code
 * "defaultPawnData": null} that the schema refuses; the schema took {@code "maxPlayerCount": 1e3}
 * and {@code 99999999999} that binding refused). A content author checks a file with the schema in
 * the editor and then loads it: the two must give one verdict.
 *
 * <p>Every value of every sample file (the plugin jar's too), and every property its schema
 * declares that the file leaves out, is set in turn to each of {@link #VALUES} (and each property the
 * file writes is left out: a required one, {@code @Required}, is refused by both), and the document
 * checked both ways: against the schema the code generates (networknt, draft 2020-12; SchemasTest
 * holds the committed ones to it) and by binding it to
 * its class ({@code AssetTools.bindFile}; for an archetype also {@code ObjectFactory.check}, which
 * loading runs on the pawn's archetype and validate on every archetype: the properties of its
 * subobjects' classes are checked there). An archetype's schema types its properties by the class it
 * names ({@code if}/{@code then}), which the walk follows. Where a place's schema has bounds (a
 * {@code @ValueRange}'s {@code minimum} and {@code maximum}, a {@code @SizeRange}'s item counts, a
 * {@code @NotBlank}'s {@code minLength}), each bound and the first value past it are set there too
 * ({@link #edges}): a range the schema states and binding does not honour (an archetype's property
 * ranges, once) is a disagreement. Binding's warnings do not count: the one rule that keeps
 * two verdicts on purpose, an unknown property, is {@link
 * #anUnknownOrMiscasedProperty_isAnErrorInTheSchema_andAWarningInBinding}.
 */
class SchemaBindingAgreementTest {

  private static final Path ASSETS = Path.of("../assets");

  /** Every value stays as written: 1e999 is not read as Infinity, 1000.0 not as 1000. */
  private static final JsonMapper JSON = JsonMapper.builder()
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS, DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
      .build();

  /**
   * What each place is set to: null; whole numbers written as decimals; a fraction; the edges of
   * int, long, short and byte; a number too large for a double; and a value of each JSON type.
   */
  private static final List<String> VALUES = List.of(
      "null", "1e3", "1000.0", "-0.0", "1.5", "0", "-1", "127", "128", "-129", "32768", "2147483647", "2147483648",
      "-2147483649", "9223372036854775807", "9223372036854775808", "1e19", "1e999", "-1e999", "true", "\"text\"", "\"\"",
      "\"A\"", "{}", "[]", "[null]", "[1e3]", "[\"text\"]", "{\"k\":null}");

  /** Values of a JSON type a schema may ask for, which only a record's own checks can refuse. */
  private static final Set<String> RIGHT_TYPE = Set.of("{}", "[]", "\"\"", "\"text\"", "\"A\"");

  /** The case of a property the file writes, left out: a required one is refused by both. */
  private static final String LEFT_OUT = "(left out)";

  @TempDir Path temp;
  private Overture overture;
  private AssetManager assets;
  private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

  @BeforeEach
  void open() {
    overture = SampleContent.open(ASSETS);
    assets = overture.assets();
    overture.features().ready().join();
  }

  @AfterEach
  void close() {
    overture.close();
  }

  @Test
  void everyValueOfEverySampleFile_setToEachCase_isValidForTheSchemaExactlyWhenBindingTakesIt() throws Exception {
    Map<String, Class<?>> classes = classesBySchema();
    Map<String, ObjectNode> generated = new SchemaGenerator(assets).generate();
    assertEquals(generated.keySet(), classes.keySet(), "a class for every schema");
    List<String> disagreements = new ArrayList<>();
    List<String> recordChecks = new ArrayList<>();
    int checked = 0;
    Set<String> reached = new HashSet<>();
    Set<String> edgesChecked = new HashSet<>();
    for (Path file : SchemasTest.contentFiles()) {
      ObjectNode written = (ObjectNode) JSON.readTree(file.toFile());
      String schemaName = Path.of(written.get("$schema").asString()).getFileName().toString();
      Class<?> type = classes.get(schemaName);
      assertTrue(type != null, file + ": no class for " + schemaName);
      // Read back as a file is read, with every number as written: networknt 3.0.9 compares a decimal
      // beyond a long (1e19) with a long-valued minimum through asLong(), which throws.
      ObjectNode schemaRoot = (ObjectNode) JSON.readTree(JsonLayout.toBytes(generated.get(schemaName)));
      Schema schema = registry.getSchema(schemaRoot);
      for (ObjectNode content : documents(current(written, type), type)) {
        Case base = check(schema, content, type);
        assertEquals(List.of(), base.schemaErrors(), file + " as it is");
        assertEquals(List.of(), base.bindingErrors(), file + " as it is");
        for (Place place : places(schemaRoot, schemaRoot, content, "")) {
          reached.add(schemaName + place.pointer());
          List<String> edges = edges(content, place);
          edges.forEach(edge -> edgesChecked.add(schemaName + place.pointer() + " = " + edge));
          for (String value : cases(content, place, edges)) {
            ObjectNode changed = content.deepCopy();
            if (value.equals(LEFT_OUT)) {
              remove(changed, place.pointer());
            } else {
              set(changed, place.pointer(), JSON.readTree(value));
            }
            Case result = check(schema, changed, type);
            checked++;
            if (result.schemaErrors().isEmpty() && !result.bindingErrors().isEmpty() && RIGHT_TYPE.contains(value)) {
              recordChecks.add(ASSETS.getParent().relativize(file) + " " + place.pointer() + " = " + value + ": " + result.bindingErrors());
            } else if (result.schemaErrors().isEmpty() != result.bindingErrors().isEmpty()) {
              disagreements.add(file + " " + place.pointer() + " = " + value
                  + ": schema " + (result.schemaErrors().isEmpty() ? "takes it" : "refuses it " + result.schemaErrors())
                  + ", binding " + (result.bindingErrors().isEmpty() ? "takes it" : "refuses it " + result.bindingErrors()));
            }
          }
        }
      }
    }
    assertEquals(List.of(), disagreements, disagreements.size() + " of " + checked + " documents");
    assertTrue(reached.containsAll(List.of("Archetype.schema.json/properties/health", "Archetype.schema.json/properties/alive",
        "Archetype.schema.json/subobjects/Movement/properties/maxSpeed", "Archetype.schema.json/subobjects/Movement/create")),
        "an archetype's property values, its class's and its subobjects': " + reached);
    assertTrue(edgesChecked.containsAll(List.of("Archetype.schema.json/properties/health = -1",
        "Archetype.schema.json/properties/health = 101", "Archetype.schema.json/subobjects/Movement/properties/maxSpeed = -0.25",
        "Archetype.schema.json/subobjects/Movement/properties/turnRate = 3600.25")),
        "the ranges of an archetype's properties, its class's and its subobjects', each side of each bound: " + edgesChecked);
    // What a record's own code checks on a value of the right type, that no declaration (@Required,
    // @NotBlank, @SizeRange, @ValueRange, a type's pattern) carries into the schema, is binding's
    // alone: docs/assets.md names each such check. A new one fails here until it is declared or named there.
    String entryPoint = "[[Overture/InvalidEntryPoint] \"entryPoint\" must name a class, for example"
        + " \"com.example.arena.ArenaPlugin\", not \"\"]";
    assertEquals(List.of(
        "assets/plugins/ShooterCore/plugin.json /entryPoint = \"\": " + entryPoint,
        "sample-plugins/top-down-arena/src/main/resources/plugin.json /entryPoint = \"\": " + entryPoint),
        recordChecks, String.join("\n", recordChecks));
    assertTrue(checked > 10_000, "every place of every file, each case: " + checked);
  }

  /** The one rule that keeps two verdicts on purpose: older code must read newer content (docs/assets.md). */
  @Test
  void anUnknownOrMiscasedProperty_isAnErrorInTheSchema_andAWarningInBinding() throws Exception {
    Class<?> type = classesBySchema().get("UserFacingExperience.schema.json");
    ObjectNode tile = current((ObjectNode) JSON.readTree(ASSETS.resolve("ui/experiences/EliminationTile.json").toFile()), type);
    Schema schema = registry.getSchema(JSON.readTree(JsonLayout.toBytes(new SchemaGenerator(assets).generate().get("UserFacingExperience.schema.json"))));
    for (String name : List.of("colour", "MaxPlayerCount")) {
      ObjectNode changed = tile.deepCopy().put(name, 4);

      List<com.networknt.schema.Error> schemaErrors = schema.validate(changed);
      Case result = check(schema, changed, type);

      assertEquals(1, schemaErrors.size(), schemaErrors.toString());
      assertEquals("additionalProperties", schemaErrors.get(0).getKeyword());
      assertTrue(schemaErrors.get(0).toString().contains(name), schemaErrors.toString());
      assertEquals(List.of(), result.bindingErrors());
      assertEquals(List.of("Overture/UnknownProperty"), result.bindingWarnings(), name);
    }
  }

  /**
   * The documents to vary for a file: the file, and for an archetype that sets none of its class's
   * properties the file with {@code "properties": {}} too, so that each property of the class is
   * set to each case (a place is a property the schema declares, present or not, and what is under
   * a property the file leaves out is not reached).
   */
  private static List<ObjectNode> documents(ObjectNode content, Class<?> type) {
    if (type != ObjectArchetype.class || content.has("properties")) {
      return List.of(content);
    }
    ObjectNode withProperties = content.deepCopy();
    withProperties.putObject("properties");
    return List.of(content, withProperties);
  }

  /**
   * {@code content} in the current format, under the current version header: the schemas describe
   * that format, and binding then upgrades nothing (a step could otherwise move or convert a value).
   */
  private ObjectNode current(ObjectNode content, Class<?> type) {
    ObjectNode body = content.deepCopy();
    JsonNode header = body.remove(VersionHeader.FIELD);
    if (header != null) {
      assets.tools().versions().plan(VersionHeader.fromJson(header), type).apply(body);
    }
    ObjectNode result = JSON.createObjectNode();
    result.set(VersionHeader.FIELD, assets.tools().versions().headerFor(type).toJson());
    result.setAll(body);
    return result;
  }

  /**
   * A place a value can be set: a property the schema declares (present or not), a list element, a
   * map entry; with its schema, {@code $ref}s resolved.
   */
  private record Place(String pointer, JsonNode schema) {}

  /** The two verdicts on one document. */
  private record Case(List<String> schemaErrors, List<String> bindingErrors, List<String> bindingIds, List<String> bindingWarnings) {}

  private Case check(Schema schema, ObjectNode document, Class<?> type) throws Exception {
    List<com.networknt.schema.Error> errors = schema.validate(document);
    Path file = temp.resolve("case.json");
    Files.writeString(file, JSON.writeValueAsString(document));
    try {
      BoundFile<?> bound = assets.tools().bindFile(AssetSource.directory(temp), "Game", AssetPath.parse("case.json"), type);
      if (bound.value() instanceof ObjectArchetype archetype) {
        // What only the class knows (its subobjects, the properties of a subobject's class) loading
        // checks when the archetype loads with the pawn data, and validate on every archetype.
        List<DataException> problems = overture.objects().check(archetype);
        if (!problems.isEmpty()) {
          return new Case(errors.stream().map(Object::toString).toList(),
              problems.stream().map(p -> "[" + p.problemId() + "] " + p.getMessage()).toList(),
              problems.stream().map(DataException::problemId).toList(), List.of());
        }
      }
      List<String> warnings = bound.warnings().stream().map(Problem::id).toList();
      // An unknown property: the schema's error, binding's warning, on purpose (see the test below).
      boolean unknownWarned = warnings.contains("Overture/UnknownProperty");
      return new Case(errors.stream().filter(error -> !(unknownWarned && error.getKeyword().equals("additionalProperties")))
          .map(Object::toString).toList(), List.of(), List.of(), warnings);
    } catch (AssetLoadException e) {
      return new Case(errors.stream().map(Object::toString).toList(),
          e.problems().stream().map(p -> "[" + p.id() + "] " + p.message()).toList(),
          e.problems().stream().map(Problem::id).toList(), List.of());
    }
  }

  /** The places under {@code node}, whose schema is {@code schema}, found by walking the two together. */
  private static List<Place> places(JsonNode root, JsonNode schema, JsonNode node, String pointer) {
    schema = resolve(root, schema);
    List<Place> found = new ArrayList<>();
    if (node instanceof ObjectNode object) {
      JsonNode variant = cases(variant(root, schema, object), object);
      JsonNode properties = variant.get("properties");
      if (properties != null) {
        for (String name : properties.propertyNames()) {
          if (name.startsWith("$") || isKindProperty(variant, name)) {
            continue; // the file's header and schema, and the kind that picks the variant
          }
          String at = pointer + "/" + escape(name);
          found.add(new Place(at, resolve(root, properties.get(name))));
          if (object.has(name)) {
            found.addAll(places(root, properties.get(name), object.get(name), at));
          }
        }
      } else if (variant.get("additionalProperties") instanceof ObjectNode values) {
        for (String name : object.propertyNames()) {
          String at = pointer + "/" + escape(name);
          found.add(new Place(at, resolve(root, values)));
          found.addAll(places(root, values, object.get(name), at));
        }
      }
    } else if (node instanceof ArrayNode array && schema.has("items")) {
      for (int i = 0; i < array.size(); i++) {
        found.add(new Place(pointer + "/" + i, resolve(root, schema.get("items"))));
        found.addAll(places(root, schema.get("items"), array.get(i), pointer + "/" + i));
      }
    }
    return found;
  }

  private static JsonNode resolve(JsonNode root, JsonNode schema) {
    while (schema.has("$ref")) {
      schema = root.at(schema.get("$ref").asString().substring(1));
    }
    return schema;
  }

  /** The variant of a {@code oneOf} of kinds that {@code object} names; the schema itself otherwise. */
  private static JsonNode variant(JsonNode root, JsonNode schema, ObjectNode object) {
    if (!schema.has("oneOf")) {
      return schema;
    }
    for (JsonNode candidate : schema.get("oneOf")) {
      JsonNode variant = resolve(root, candidate);
      String kind = variant.get("required").get(0).asString();
      if (variant.at("/properties/" + kind + "/const").asString().equals(object.path(kind).asString())) {
        return variant;
      }
    }
    return schema;
  }

  private static boolean isKindProperty(JsonNode variant, String name) {
    return variant.at("/properties/" + escape(name)).has("const") && variant.path("required").path(0).asString().equals(name);
  }

  /**
   * {@code schema} with the {@code then} of each {@code allOf} case whose {@code if} {@code object}
   * meets merged into its properties, the case's the more specific (an archetype's properties and
   * subobjects, by the class it names).
   */
  private static JsonNode cases(JsonNode schema, ObjectNode object) {
    if (!(schema.get("allOf") instanceof ArrayNode cases)) {
      return schema;
    }
    ObjectNode merged = (ObjectNode) schema.deepCopy();
    ObjectNode properties = merged.get("properties") instanceof ObjectNode own ? own : merged.putObject("properties");
    for (JsonNode rule : cases) {
      if (rule.has("if") && meets(rule.get("if"), object) && rule.at("/then/properties") instanceof ObjectNode then) {
        properties.setAll(then);
      }
    }
    return merged;
  }

  /** Whether {@code object} meets a case's condition, as the generator writes them: {@code required}, a {@code const}, {@code not}. */
  private static boolean meets(JsonNode condition, ObjectNode object) {
    if (condition.has("not")) {
      return !meets(condition.get("not"), object);
    }
    for (JsonNode name : condition.path("required")) {
      if (!object.has(name.asString())) {
        return false;
      }
    }
    for (Map.Entry<String, JsonNode> property : condition.path("properties").properties()) {
      JsonNode value = object.get(property.getKey());
      if (value != null && property.getValue().has("const") && !property.getValue().get("const").equals(value)) {
        return false;
      }
    }
    return true;
  }

  private static String escape(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }

  /** {@link #VALUES}, {@code edges}, and {@link #LEFT_OUT} for a property {@code content} writes. */
  private static List<String> cases(ObjectNode content, Place place, List<String> edges) {
    JsonPointer at = JsonPointer.compile(place.pointer());
    List<String> cases = new ArrayList<>(VALUES);
    edges.stream().filter(edge -> !VALUES.contains(edge)).forEach(cases::add);
    if (content.at(at.head()) instanceof ObjectNode && !content.at(at).isMissingNode()) {
      cases.add(LEFT_OUT);
    }
    return cases;
  }

  /**
   * The values on each side of each bound the place's schema states: a number's {@code minimum}
   * and {@code maximum} (and one past each: 1 for a whole number, 0.25 for any number), a list's
   * {@code minItems} and {@code maxItems} (the list the file writes, its first item repeated), and a
   * blank string where {@code minLength} asks for text. A bound as wide as a {@code long} or a
   * {@code double} is its type's, which {@link #VALUES} already straddles (1e19, 1e999).
   */
  private static List<String> edges(ObjectNode content, Place place) {
    JsonNode schema = place.schema();
    List<String> edges = new ArrayList<>();
    boolean whole = schema.path("type").asString("").equals("integer");
    BigDecimal step = whole ? BigDecimal.ONE : new BigDecimal("0.25");
    for (String bound : List.of("minimum", "maximum")) {
      JsonNode number = schema.path(bound);
      if (number.isNumber() && number.decimalValue().abs().compareTo(new BigDecimal("1e15")) < 0) {
        BigDecimal value = number.decimalValue();
        edges.add(value.toPlainString());
        edges.add((bound.equals("minimum") ? value.subtract(step) : value.add(step)).toPlainString());
      }
    }
    if (content.at(place.pointer()) instanceof ArrayNode written && !written.isEmpty()) {
      for (String count : List.of("minItems", "maxItems")) {
        if (schema.get(count) != null) {
          int size = schema.get(count).asInt() + (count.equals("minItems") ? -1 : 1);
          if (size >= 0) {
            ArrayNode items = JSON.createArrayNode();
            for (int i = 0; i < size; i++) {
              items.add(written.get(0).deepCopy());
            }
            edges.add(items.toString());
          }
        }
      }
    }
    if (schema.has("minLength") && schema.path("type").asString("").equals("string")) {
      edges.add("\" \"");
    }
    return edges.stream().distinct().toList();
  }

  /** {@code document} without the property at {@code pointer}. */
  private static void remove(ObjectNode document, String pointer) {
    JsonPointer at = JsonPointer.compile(pointer);
    ((ObjectNode) document.at(at.head())).remove(at.last().getMatchingProperty());
  }

  /** {@code document} with the value at {@code pointer} set (added when the parent object lacks it). */
  private static void set(ObjectNode document, String pointer, JsonNode value) {
    JsonPointer at = JsonPointer.compile(pointer);
    JsonNode parent = document.at(at.head());
    String last = at.last().getMatchingProperty();
    if (parent instanceof ArrayNode array) {
      array.set(at.last().getMatchingIndex(), value);
    } else {
      ((ObjectNode) parent).set(last, value);
    }
  }

  /** The class each schema describes: the asset types', the plugin descriptor's, and those soft references point to. */
  private Map<String, Class<?>> classesBySchema() {
    Map<String, Class<?>> classes = new HashMap<>();
    for (ScanRule rule : assets.tools().scanRules()) {
      classes.putIfAbsent(rule.type().name() + ".schema.json", rule.assetClass());
    }
    classes.put("Plugin.schema.json", PluginDescriptor.class);
    Set<Class<?>> seen = new HashSet<>();
    for (Class<?> type : List.copyOf(classes.values())) {
      softReferenced(type, seen, classes);
    }
    return classes;
  }

  private void softReferenced(Class<?> type, Set<Class<?>> seen, Map<String, Class<?>> classes) {
    if (!type.isRecord() || !seen.add(type)) {
      return;
    }
    for (RecordComponent component : type.getRecordComponents()) {
      softReferenced(component.getGenericType(), seen, classes, false);
    }
  }

  private void softReferenced(Type type, Set<Class<?>> seen, Map<String, Class<?>> classes, boolean target) {
    if (type instanceof WildcardType wildcard) {
      softReferenced(wildcard.getUpperBounds()[0], seen, classes, target);
    } else if (type instanceof ParameterizedType parameterized) {
      boolean soft = parameterized.getRawType() == SoftRef.class;
      for (Type argument : parameterized.getActualTypeArguments()) {
        softReferenced(argument, seen, classes, soft);
      }
    } else if (type instanceof Class<?> c) {
      if (target && c.isRecord()) {
        classes.putIfAbsent(c.getSimpleName() + ".schema.json", c);
      }
      if (c.isInterface()) {
        for (String kind : assets.tools().kinds(c)) {
          assets.tools().kind(c, kind).ifPresent(k -> softReferenced(k, seen, classes));
        }
      }
      softReferenced(c, seen, classes);
    }
  }
}
