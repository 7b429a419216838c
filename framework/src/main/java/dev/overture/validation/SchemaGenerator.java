package dev.overture.validation;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.overture.asset.AllowedTypes;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.ClassOrAsset;
import dev.overture.asset.ClassRef;
import dev.overture.asset.NotBlank;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.asset.RawAsset;
import dev.overture.asset.Required;
import dev.overture.asset.ScanRule;
import dev.overture.asset.SoftRef;
import dev.overture.asset.ValueRange;
import dev.overture.feature.PluginDescriptor;
import dev.overture.feature.PluginId;
import dev.overture.feature.PluginVersion;
import dev.overture.feature.VersionRange;
import dev.overture.internal.AtomicFiles;
import dev.overture.internal.BoundedFiles;
import dev.overture.internal.JsonLayout;
import dev.overture.object.ObjectArchetype;
import java.io.IOException;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON Schemas (draft 2020-12) for every asset type a project has, generated from the records the
 * files bind to and from the registry of kinds and classes (plugins' kinds included), so that
 * editors such as VS Code and IntelliJ complete property names, offer the registered action kinds
 * and class names, and flag mistakes while the author types. Files name their schema with {@code
 * "$schema"}.
 *
 * <p>One schema per primary asset type ({@code Experience.schema.json}), per record that soft
 * references point to ({@code CameraMode.schema.json}), and one for plugin descriptors ({@code
 * Plugin.schema.json}). Each is self-contained ({@code $defs}, no references across files).
 *
 * <p>Why our own generator: the schema must know what only Overture's registry knows (which names
 * a {@code ClassRef} takes, which kinds an action may be, which asset types an id allows, the
 * version header); a generic generator (for Jackson 2, at that) would describe Java types, not the
 * content's vocabulary.
 *
 * <p>Stateless apart from its asset manager; not thread-safe (one generation at a time).
 */
public final class SchemaGenerator {

  /** The dialect the schemas use. */
  public static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  // The patterns below are the loader's rules written as regular expressions that ECMA-262 (what
  // JSON Schema specifies; VS Code, ajv), java.util.regex (IntelliJ, networknt) and Python's re
  // (python jsonschema 4.26 matches "pattern" with re.search) all read alike; checked with node 20
  // (with and without the u flag), java.util.regex and python jsonschema 4.26. Python's re has no
  // \p{L}: a pattern holding it fails every file's validation there ("bad escape \p"), so "a
  // letter or digit of any script" is written as a class of every character beyond ASCII (U+0080
  // on): a name such as "Héro" passes, and what the loader refuses beyond ASCII ("H→ro") is left
  // to it.
  // SchemaPatternsTest holds each pattern against the loader's own check.

  /**
   * The end of the text. Not {@code $}: in java.util.regex and Python's re (networknt, python
   * jsonschema) {@code $} also matches before a final line terminator, so {@code "Map:Arena\n"},
   * which the loader refuses, passed there; ECMA-262 alone reads {@code $} as the end. A lookahead
   * for no character at all is the end in all three.
   */
  static final String END = "(?![\\s\\S])";

  /**
   * A changelist {@link dev.overture.version.EngineVersion#parse} takes: up to 10 digits, at most 4294967295 (32 bits,
   * the licensee flag included).
   */
  private static final String CHANGELIST = "(?:[0-9]{1,9}|[0-3][0-9]{9}|4[01][0-9]{8}|42[0-8][0-9]{7}|429[0-3][0-9]{6}"
      + "|4294[0-8][0-9]{5}|42949[0-5][0-9]{4}|429496[0-6][0-9]{3}|4294967[01][0-9]{2}|42949672[0-8][0-9]|429496729[0-5])";

  /** An engine version as {@link dev.overture.version.EngineVersion#parse} reads it: {@code major.minor.patch[-changelist][+branch]} (or {@code .changelist}). */
  static final String ENGINE_VERSION = "[0-9]{1,9}\\.[0-9]{1,9}\\.[0-9]{1,9}(?:[-.]" + CHANGELIST + ")?(?:\\+[\\s\\S]*)?";

  /** A GUID as {@link dev.overture.version.Guid#parse} reads it: 8-4-4-4-12 hex digits, four words of 8, or 32 digits. */
  static final String GUID = "(?:[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}|[0-9A-Fa-f]{32}"
      + "|[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{8}){3})";

  /** A type or content root name ({@link PrimaryAssetType}, {@code ContentRoot.isValidName}, a plugin's name). */
  static final String TYPE_NAME = "[A-Za-z][A-Za-z0-9_]{0,63}";

  /** An asset's name ({@link PrimaryAssetId#isValidName}): letters and digits of any script, {@code _ - .}, not first. */
  static final String ID_NAME = "(?:[A-Za-z0-9_]|[^\\u0000-\\u007F])(?:[A-Za-z0-9_.-]|[^\\u0000-\\u007F])*";

  /**
   * A path relative to a content root ({@link AssetPath#parse}): not empty, no leading {@code /},
   * no drive letter, no backslash or control character, not climbing out with a leading {@code
   * ..}. A {@code ..} that climbs out further along ({@code a/../../b}) and a path naming the root
   * itself ({@code .}) are left to the loader, which refuses them in words.
   */
  static final String RELATIVE_PATH =
      "(?![A-Za-z]:)(?!\\.\\.(?:/|$))[^/\\\\\\u0000-\\u001F\\u007F][^\\\\\\u0000-\\u001F\\u007F]*";

  /** A soft reference: a relative path, or {@code /<Root>/<path>} naming another content root first. */
  static final String SOFT_REFERENCE = "^(?:/" + TYPE_NAME + "/)?" + RELATIVE_PATH + END;

  private final AssetManager assets;

  /** A generator for the asset types, kinds and classes registered on {@code assets}. */
  public SchemaGenerator(AssetManager assets) {
    this.assets = assets;
  }

  /** Every schema, by file name, in name order. */
  public Map<String, ObjectNode> generate() {
    Map<String, ObjectNode> schemas = new TreeMap<>();
    Deque<Class<?>> secondary = new ArrayDeque<>();
    Set<Class<?>> primaryClasses = new LinkedHashSet<>();
    for (ScanRule rule : assets.tools().scanRules()) {
      String name = rule.type().name();
      if (!schemas.containsKey(name + ".schema.json")) {
        schemas.put(name + ".schema.json", new Session(secondary).root(rule.assetClass(),
            article(name) + " " + name + " (primary asset, bound to " + rule.assetClass().getSimpleName() + ")"));
        primaryClasses.add(rule.assetClass());
      }
    }
    schemas.put("Plugin.schema.json", new Session(secondary).root(PluginDescriptor.class,
        "A feature plugin's descriptor (plugins/<Name>/plugin.json)"));
    Set<Class<?>> done = new LinkedHashSet<>(primaryClasses);
    while (!secondary.isEmpty()) {
      Class<?> type = secondary.poll();
      if (done.add(type)) {
        schemas.put(type.getSimpleName() + ".schema.json", new Session(secondary).root(type,
            article(type.getSimpleName()) + " " + type.getSimpleName() + " (a file soft references point to)"));
      }
    }
    return schemas;
  }

  /**
   * Writes every schema into {@code folder}, in Overture's JSON layout, each atomically; a file
   * already holding the same schema is left alone. Returns the files written.
   *
   * @throws java.nio.file.NotDirectoryException when {@code folder} is a file
   * @throws IOException when a schema cannot be written (a special or read-only file in its place,
   *     say: such a file is left as it is)
   */
  public List<Path> writeTo(Path folder) throws IOException {
    if (Files.exists(folder) && !Files.isDirectory(folder)) {
      throw new NotDirectoryException(folder.toString());
    }
    Files.createDirectories(folder);
    List<Path> written = new ArrayList<>();
    for (Map.Entry<String, ObjectNode> schema : generate().entrySet()) {
      Path file = folder.resolve(schema.getKey());
      byte[] bytes = JsonLayout.toBytes(schema.getValue());
      if (!holds(file, bytes)) {
        AtomicFiles.write(file, bytes);
        written.add(file);
      }
    }
    return written;
  }

  /**
   * Whether {@code file} is a regular file holding exactly {@code bytes}. Only a file of the same
   * size is read, so what is read is bounded by the schema itself; a special file is never opened
   * (writing it is then refused, by name).
   */
  private static boolean holds(Path file, byte[] bytes) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      return false;
    }
    return attributes.isRegularFile() && attributes.size() == bytes.length
        && Arrays.equals(BoundedFiles.read(file, bytes.length, "the schema's own size"), bytes);
  }

  /** One schema being built: its definitions, and the soft-referenced records it found. */
  private final class Session {
    private final Map<String, ObjectNode> defs = new TreeMap<>();
    private final Map<Class<?>, String> defNames = new HashMap<>();
    private final Deque<Class<?>> secondary;

    Session(Deque<Class<?>> secondary) {
      this.secondary = secondary;
    }

    ObjectNode root(Class<?> type, String description) {
      ObjectNode schema = NODES.objectNode();
      schema.put("$schema", DIALECT);
      schema.put("title", type.getSimpleName());
      schema.put("description", description);
      ObjectNode body = type == ObjectArchetype.class ? archetype() : record(type, Map.of());
      ObjectNode properties = NODES.objectNode();
      properties.set("$schema", NODES.objectNode().put("type", "string").put("description", "The schema this file follows"));
      properties.set("$version", versionHeader());
      if (body.has("properties")) {
        properties.setAll((ObjectNode) body.get("properties"));
      }
      body.set("properties", properties);
      schema.setAll(body);
      if (!defs.isEmpty()) {
        ObjectNode definitions = schema.putObject("$defs");
        defs.forEach(definitions::set);
      }
      return schema;
    }

    /** An object whose properties are the record's components, those declared {@link Required} listed as required. */
    private ObjectNode record(Class<?> type, Map<TypeVariable<?>, Type> bindings) {
      ObjectNode schema = NODES.objectNode().put("type", "object");
      ObjectNode properties = schema.putObject("properties");
      List<String> required = new ArrayList<>();
      for (RecordComponent component : type.getRecordComponents()) {
        // @JsonProperty does not target record components: the accessor carries it (and the field).
        JsonProperty renamed = component.getAccessor().getAnnotation(JsonProperty.class);
        String name = renamed != null && !renamed.value().isEmpty() ? renamed.value() : component.getName();
        properties.set(name, schemaOf(component.getGenericType(), component, bindings));
        if (component.isAnnotationPresent(Required.class)) {
          required.add(name);
        }
      }
      if (!required.isEmpty()) {
        required.forEach(schema.putArray("required")::add);
      }
      schema.put("additionalProperties", false);
      return schema;
    }

    private ObjectNode schemaOf(Type type, AnnotatedElement annotations, Map<TypeVariable<?>, Type> bindings) {
      if (type instanceof TypeVariable<?> variable) {
        Type bound = bindings.get(variable);
        return bound == null ? NODES.objectNode() : schemaOf(bound, annotations, bindings);
      }
      if (type instanceof WildcardType wildcard) {
        return schemaOf(wildcard.getUpperBounds()[0], annotations, bindings);
      }
      if (type instanceof ParameterizedType parameterized) {
        Class<?> raw = (Class<?>) parameterized.getRawType();
        Type[] arguments = parameterized.getActualTypeArguments();
        if (Collection.class.isAssignableFrom(raw)) {
          ObjectNode array = NODES.objectNode().put("type", "array");
          array.set("items", schemaOf(arguments[0], annotations, bindings));
          return SchemaTypes.counted(array, annotations);
        }
        if (Map.class.isAssignableFrom(raw)) {
          ObjectNode map = NODES.objectNode().put("type", "object");
          map.set("additionalProperties", schemaOf(arguments[1], annotations, bindings));
          return map;
        }
        if (raw == Optional.class) {
          return schemaOf(arguments[0], annotations, bindings);
        }
        if (raw == SoftRef.class) {
          return softRef(SchemaTypes.classOf(arguments[0], bindings));
        }
        if (raw == ClassRef.class) {
          return classNames(SchemaTypes.classOf(arguments[0], bindings));
        }
        if (raw == ClassOrAsset.class) {
          ObjectNode either = NODES.objectNode();
          ArrayNode anyOf = either.putArray("anyOf");
          anyOf.add(classNames(SchemaTypes.classOf(arguments[0], bindings)));
          anyOf.add(id(annotations.getAnnotation(AllowedTypes.class), false));
          return either;
        }
        if (raw.isRecord()) {
          Map<TypeVariable<?>, Type> inner = new HashMap<>(bindings);
          TypeVariable<?>[] variables = raw.getTypeParameters();
          for (int i = 0; i < variables.length; i++) {
            inner.put(variables[i], arguments[i]);
          }
          return reference(raw, () -> record(raw, inner));
        }
        return schemaOf(raw, annotations, bindings);
      }
      Class<?> c = (Class<?>) type;
      if (c == String.class) {
        ObjectNode string = NODES.objectNode().put("type", "string");
        if (annotations != null && annotations.isAnnotationPresent(NotBlank.class)) {
          string.put("minLength", 1).put("pattern", NotBlank.PATTERN);
        }
        return string;
      }
      if (c == char.class || c == Character.class) {
        return NODES.objectNode().put("type", "string").put("minLength", 1).put("maxLength", 1);
      }
      if (c == AssetPath.class) {
        return NODES.objectNode().put("type", "string").put("pattern", "^" + RELATIVE_PATH + END)
            .put("description", "A path relative to the content root (\"folder/file.json\")");
      }
      if (c == PrimaryAssetType.class || c == PluginId.class) {
        return NODES.objectNode().put("type", "string").put("pattern", "^" + TYPE_NAME + END);
      }
      if (c == PluginVersion.class) {
        return NODES.objectNode().put("type", "string").put("pattern", "^(?:" + PluginVersion.FORM + ")" + END)
            .put("description", "major.minor.patch, for example \"1.2.0\"");
      }
      if (c == VersionRange.class) {
        return NODES.objectNode().put("type", "string").put("pattern", "^(?:" + VersionRange.FORM + ")" + END)
            .put("description", "\"*\", \"1.2.0\", \"^1.2.0\", \"~1.2.0\" or comparisons such as \">=1.0.0 <2.0.0\"");
      }
      if (c == boolean.class || c == Boolean.class) {
        return NODES.objectNode().put("type", "boolean");
      }
      // The range of each number type binding bounds (AssetDeserializers): the Java type's, narrowed
      // by a @ValueRange. A double or float holds no infinity: 1e999 is refused, as binding refuses it.
      if (c == int.class || c == Integer.class) {
        return SchemaTypes.bounded("integer", (long) Integer.MIN_VALUE, (long) Integer.MAX_VALUE, annotations);
      }
      if (c == long.class || c == Long.class) {
        return SchemaTypes.bounded("integer", Long.MIN_VALUE, Long.MAX_VALUE, annotations);
      }
      if (c == short.class || c == Short.class) {
        return SchemaTypes.bounded("integer", (long) Short.MIN_VALUE, (long) Short.MAX_VALUE, annotations);
      }
      if (c == byte.class || c == Byte.class) {
        return SchemaTypes.bounded("integer", (long) Byte.MIN_VALUE, (long) Byte.MAX_VALUE, annotations);
      }
      if (c == BigInteger.class) {
        return NODES.objectNode().put("type", "integer");
      }
      if (c == double.class || c == Double.class) {
        return SchemaTypes.bounded("number", -Double.MAX_VALUE, Double.MAX_VALUE, annotations);
      }
      if (c == float.class || c == Float.class) {
        return SchemaTypes.bounded("number", (double) -Float.MAX_VALUE, (double) Float.MAX_VALUE, annotations);
      }
      if (c == BigDecimal.class || c == Number.class) {
        return NODES.objectNode().put("type", "number");
      }
      if (c.isEnum()) {
        // The names JSON uses: the @JsonValue ones when the enum has them (PluginState: "Active").
        // Only those its @JsonCreator takes, when it has one (PluginState: the four a plugin may start in).
        Method jsonValue = SchemaTypes.jsonValueMethod(c);
        Method creator = SchemaTypes.stringCreator(c);
        ObjectNode schema = NODES.objectNode();
        ArrayNode values = schema.putArray("enum");
        List<String> names = new ArrayList<>();
        for (Object constant : c.getEnumConstants()) {
          String name = jsonValue != null ? SchemaTypes.invoke(jsonValue, constant) : ((Enum<?>) constant).name();
          if (creator == null || SchemaTypes.accepts(creator, name)) {
            values.add(name);
            names.add(name);
          }
        }
        if (creator != null && !names.isEmpty() && names.stream().allMatch(name -> SchemaTypes.accepts(creator, " " + name.toLowerCase(Locale.ROOT) + "\t")
            && SchemaTypes.accepts(creator, name.toUpperCase(Locale.ROOT)))) {
          // A creator that takes the names in any case and trimmed (PluginState: "registered"): the
          // schema takes what it takes, and editors still offer the names as written.
          StringBuilder any = new StringBuilder();
          for (String name : names) {
            any.append(any.length() == 0 ? "" : "|").append(anyCase(name));
          }
          ObjectNode relaxed = NODES.objectNode().put("type", "string").put("pattern", "^[\\x00- ]*(?:" + any + ")[\\x00- ]*" + END);
          ObjectNode either = NODES.objectNode();
          either.putArray("anyOf").add(schema).add(relaxed);
          return either;
        }
        return schema;
      }
      if (SchemaTypes.isStringValue(c)) {
        return NODES.objectNode().put("type", "string");
      }
      if (c == PrimaryAssetId.class) {
        return id(annotations.getAnnotation(AllowedTypes.class), true);
      }
      if (JsonNode.class.isAssignableFrom(c) || c == Object.class) {
        return NODES.objectNode();
      }
      if (c.isArray()) {
        ObjectNode array = NODES.objectNode().put("type", "array");
        array.set("items", schemaOf(c.getComponentType(), annotations, bindings));
        return SchemaTypes.counted(array, annotations);
      }
      if (c == ObjectArchetype.class) {
        return reference(c, this::archetype);
      }
      if (c.isRecord()) {
        return reference(c, () -> record(c, Map.of()));
      }
      if (SchemaTypes.isPolymorphic(c)) {
        return reference(c, () -> polymorphic(c));
      }
      return NODES.objectNode().put("description", "A " + c.getSimpleName());
    }

    /** {@code name} as a pattern of any case: {@code [Rr][Ee]...}; other characters as themselves, escaped. */
    private static String anyCase(String name) {
      StringBuilder pattern = new StringBuilder();
      for (char ch : name.toCharArray()) {
        if (ch < 128 && Character.isLetter(ch)) {
          pattern.append('[').append(Character.toUpperCase(ch)).append(Character.toLowerCase(ch)).append(']');
        } else if (ch < 128 && Character.isLetterOrDigit(ch)) {
          pattern.append(ch);
        } else {
          pattern.append(String.format("\\u%04X", (int) ch));
        }
      }
      return pattern.toString();
    }

    /** A {@code $ref} to the definition of {@code type}, made once per schema. */
    private ObjectNode reference(Class<?> type, java.util.function.Supplier<ObjectNode> definition) {
      String name = defNames.get(type);
      if (name == null) {
        name = type.getSimpleName();
        for (int n = 2; defs.containsKey(name); n++) {
          name = type.getSimpleName() + n;
        }
        defNames.put(type, name);
        defs.put(name, NODES.objectNode()); // placeholder, so that recursion refers to it
        defs.put(name, definition.get());
      }
      return NODES.objectNode().put("$ref", "#/$defs/" + name);
    }

    /** One of the registered kinds, each an object naming itself in the kind property. */
    private ObjectNode polymorphic(Class<?> base) {
      String property = base.getAnnotation(JsonTypeInfo.class).property();
      ObjectNode schema = NODES.objectNode();
      ArrayNode oneOf = schema.putArray("oneOf");
      for (String name : assets.tools().kinds(base)) {
        Class<?> kind = assets.tools().kind(base, name).orElseThrow();
        ObjectNode variant = kind.isRecord() ? record(kind, Map.of()) : NODES.objectNode().put("type", "object");
        ObjectNode properties = variant.has("properties") ? (ObjectNode) variant.get("properties") : variant.putObject("properties");
        ObjectNode named = NODES.objectNode();
        named.set(property, NODES.objectNode().put("const", name));
        named.setAll(properties);
        variant.set("properties", named);
        ArrayNode required = NODES.arrayNode().add(property); // the kind first: it picks the variant
        if (variant.get("required") instanceof ArrayNode own) {
          required.addAll(own);
        }
        variant.set("required", required);
        variant.put("title", name);
        oneOf.add(variant);
      }
      return schema;
    }

    private ObjectNode softRef(Class<?> target) {
      if (target != RawAsset.class && target.isRecord()) {
        secondary.add(target);
      }
      return NODES.objectNode().put("type", "string").put("pattern", SOFT_REFERENCE)
          .put("description", "A path to " + (target == RawAsset.class ? "a file" : aOrAn(target.getSimpleName()) + " file")
              + ", relative to the content root (\"folder/file.json\") or in the root it names first (\"/Game/folder/file.json\")");
    }

    private ObjectNode classNames(Class<?> base) {
      ObjectNode schema = NODES.objectNode();
      ArrayNode names = schema.putArray("enum");
      assets.tools().classes(base).forEach(names::add);
      schema.put("description", "A registered " + (base == Object.class ? "" : base.getSimpleName() + " ") + "class name");
      return schema;
    }

    private ObjectNode id(AllowedTypes allowed, boolean bareNames) {
      ObjectNode schema = NODES.objectNode().put("type", "string");
      if (allowed == null || allowed.value().length == 0) {
        schema.put("pattern", "^" + TYPE_NAME + ":" + ID_NAME + END);
        schema.put("description", "A primary asset id, \"Type:Name\"");
        return schema;
      }
      String types = String.join("|", allowed.value());
      boolean bare = bareNames && allowed.value().length == 1;
      schema.put("pattern", bare ? "^((" + types + "):)?" + ID_NAME + END : "^(" + types + "):" + ID_NAME + END);
      schema.put("description", "An id of " + aOrAn(String.join(" or ", allowed.value()))
          + (bare ? " (\"" + allowed.value()[0] + ":Name\", or just the name)" : " (\"" + allowed.value()[0] + ":Name\")"));
      return schema;
    }

    private ObjectNode versionHeader() {
      ObjectNode header = NODES.objectNode().put("type", "object")
          .put("description", "The versions this file was saved with (written by resave; hand-written files may leave it out)");
      ObjectNode properties = header.putObject("properties");
      properties.set("engine", NODES.objectNode().put("type", "string").put("pattern", "^" + ENGINE_VERSION + END));
      properties.set("compatible", NODES.objectNode().put("type", "string").put("pattern", "^" + ENGINE_VERSION + END));
      ObjectNode entry = NODES.objectNode().put("type", "object");
      ObjectNode entryProperties = entry.putObject("properties");
      entryProperties.set("name", NODES.objectNode().put("type", "string"));
      entryProperties.set("guid", NODES.objectNode().put("type", "string").put("pattern", "^" + GUID + END));
      entryProperties.set("version", NODES.objectNode().put("type", "integer").put("minimum", 0).put("maximum", Integer.MAX_VALUE));
      entry.putArray("required").add("guid").add("version");
      ObjectNode custom = NODES.objectNode().put("type", "array");
      custom.set("items", entry);
      properties.set("custom", custom);
      return header;
    }

    /** Archetypes, typed by the class each file names ({@link ArchetypeSchema}). */
    private ObjectNode archetype() {
      return new ArchetypeSchema(assets, (type, declaration) -> schemaOf(type, declaration, Map.of()), this::classNames).schema();
    }
  }

  /** "An" before a type name that sounds a vowel first (Experience, ActionSet), else "A" (PawnData, UserFacingExperience). */
  private static String article(String noun) {
    return "AEIO".indexOf(noun.charAt(0)) >= 0 ? "An" : "A";
  }

  /** {@code noun} after its article in the middle of a sentence: "an Experience", "a Map". */
  private static String aOrAn(String noun) {
    return article(noun).toLowerCase(java.util.Locale.ROOT) + " " + noun;
  }

  @Override
  public String toString() {
    return "SchemaGenerator[" + assets.tools().scanRules().size() + " asset types]";
  }
}
