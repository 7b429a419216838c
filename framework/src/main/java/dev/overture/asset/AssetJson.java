package dev.overture.asset;

import dev.overture.core.Choices;
import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.version.AssetVersions;
import dev.overture.version.VersionHeader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonPointer;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.deser.DeserializationProblemHandler;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.InvalidTypeIdException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.exc.ValueInstantiationException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.type.LogicalType;

/**
 * The one Jackson mapper of an asset manager, configured once: strict reading (duplicate keys,
 * trailing tokens, scalar coercion, fractions for whole numbers and nulls for primitives are
 * errors), explicit stream limits,
 * unknown properties reported as warnings, asset ids and soft references bound from strings, and
 * polymorphic members resolved only through registered kind names. Also turns Jackson's failures
 * into {@link Problem}s. Immutable and thread-safe after construction.
 */
final class AssetJson {

  private final JsonMapper mapper;
  private final KindRegistry kinds;
  private final AssetVersions versions;
  private final Map<Class<?>, ObjectReader> readers = new ConcurrentHashMap<>();

  AssetJson(AssetLimits limits, KindRegistry kinds, AssetVersions versions) {
    this.kinds = kinds;
    this.versions = versions;
    JsonFactory factory =
        new StrictJsonFactory(JsonFactory.builder()
            .streamReadConstraints(
                StreamReadConstraints.builder()
                    .maxDocumentLength(limits.maxDocumentBytes())
                    .maxNestingDepth(limits.maxNestingDepth())
                    .maxStringLength(limits.maxStringLength())
                    .maxNameLength(limits.maxNameLength())
                    .maxNumberLength(limits.maxNumberLength())
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION));
    SimpleModule module =
        new SimpleModule("overture-assets") {
          private static final long serialVersionUID = 1L;

          @Override
          public void setupModule(SetupContext context) {
            super.setupModule(context);
            context.addValueInstantiators(new RecordCreators());
          }
        };
    module.addDeserializer(PrimaryAssetId.class, new IdDeserializer(List.of()));
    module.addDeserializer(PrimaryAssetType.class, new TypeDeserializer());
    module.addDeserializer(AssetPath.class, new PathDeserializer());
    @SuppressWarnings({"unchecked", "rawtypes"})
    Class<SoftRef<?>> softRefClass = (Class) SoftRef.class;
    module.addDeserializer(softRefClass, new SoftRefDeserializer(RawAsset.class));
    @SuppressWarnings({"unchecked", "rawtypes"})
    Class<ClassRef<?>> classRefClass = (Class) ClassRef.class;
    module.addDeserializer(classRefClass, new ClassRefDeserializer(kinds, Object.class));
    module.addSerializer(classRefClass, new StringSerializer<>());
    @SuppressWarnings({"unchecked", "rawtypes"})
    Class<ClassOrAsset<?>> classOrAssetClass = (Class) ClassOrAsset.class;
    module.addDeserializer(classOrAssetClass, new ClassOrAssetDeserializer(kinds, Object.class, List.of()));
    module.addSerializer(classOrAssetClass, new StringSerializer<>());
    module.addSerializer(PrimaryAssetId.class, new StringSerializer<>());
    module.addSerializer(PrimaryAssetType.class, new StringSerializer<>());
    module.addSerializer(AssetPath.class, new StringSerializer<>());
    module.addSerializer(softRefClass, new SoftRefSerializer());
    this.mapper =
        JsonMapper.builder(factory)
            .enable(
                DeserializationFeature.FAIL_ON_TRAILING_TOKENS,
                DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .changeDefaultNullHandling(nulls -> nulls.withContentNulls(com.fasterxml.jackson.annotation.Nulls.FAIL))
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .withCoercionConfig(LogicalType.Textual, strings -> strings
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .addHandler(new UnknownPropertyWarnings())
            .addModule(module)
            .registerSubtypes(kinds.namedTypes())
            .build();
  }

  JsonMapper mapper() {
    return mapper;
  }

  KindRegistry kinds() {
    return kinds;
  }

  /**
   * Binds {@code json} to {@code type}, collecting unknown properties as warnings into {@code
   * context}.
   *
   * @throws AssetLoadException with one problem, when the file cannot be bound
   */
  <T> T bind(byte[] json, Class<T> type, BindContext context) {
    ObjectReader reader = readers.computeIfAbsent(type, mapper::readerFor).withAttribute(BindContext.ATTRIBUTE, context);
    AssetVersions.Upgrade upgrade;
    try {
      context.header = peekHeader(json);
      upgrade = versions.plan(context.header, type);
    } catch (DataException e) {
      Problem problem = e.toProblem().withAsset(context.asset);
      throw new AssetLoadException(
          context.asset, List.of(problem.at(new JsonLocator(mapper).locate(json, SourceLocation.at(context.file, e.pointer())))));
    }
    context.upgrade = upgrade;
    if (context.header != null) {
      for (String ignored : context.header.ignored()) {
        context.warnings.add(Problem.warning("Overture/UnknownProperty",
                "Unknown property \"" + ignored + "\" in the version header was ignored")
            .withChoices("known properties", List.of("compatible", "custom", "engine"))
            .withAsset(context.asset)
            .at(SourceLocation.at(context.file, "/" + VersionHeader.FIELD + "/" + ignored)));
      }
    }
    T value;
    try {
      if (upgrade.isEmpty()) {
        value = reader.readValue(json);
      } else {
        // An older format: upgrade the tree, then bind it.
        JsonNode parsed = readTree(json);
        if (!(parsed instanceof ObjectNode tree)) {
          throw new AssetLoadException(context.asset, List.of(Problem.error("Overture/WrongType",
                  "File holds " + (parsed == null || parsed.isMissingNode() ? "nothing" : describeNode(parsed))
                      + "; expected an object for " + type.getSimpleName())
              .withAsset(context.asset)
              .at(SourceLocation.ofFile(context.file))));
        }
        if (context.header == null && tree.has(VersionHeader.FIELD)) {
          throw new AssetLoadException(context.asset, List.of(Problem.error("Overture/MisplacedVersionHeader",
                  "The version header \"" + VersionHeader.FIELD + "\" must be the first property of the file")
              .withAsset(context.asset)
              .at(new JsonLocator(mapper).locate(json, SourceLocation.at(context.file, "/" + VersionHeader.FIELD)))));
        }
        tree.remove(VersionHeader.FIELD);
        context.beforeUpgrade = tree.deepCopy();
        upgrade.apply(tree);
        context.upgraded = tree;
        value = reader.readValue(tree);
      }
    } catch (JacksonException e) {
      Problem problem = toProblem(e, context);
      if (e.getCause() instanceof DataException || context.upgraded != null) {
        // The constructor named a place inside its value (or the tree knew no lines): find its line and column.
        problem = problem.at(locate(json, problem.location().orElseThrow(), context));
      }
      throw new AssetLoadException(context.asset, List.of(problem));
    }
    if (context.misplacedHeader != null) {
      throw new AssetLoadException(context.asset, List.of(Problem.error("Overture/MisplacedVersionHeader",
              "The version header \"" + VersionHeader.FIELD + "\" must be the first property of the file")
          .withAsset(context.asset)
          .at(context.misplacedHeader)));
    }
    if (!context.warnings.isEmpty()) {
      context.warnings.replaceAll(
          warning -> warning.location().map(where -> warning.at(locate(json, where, context))).orElse(warning));
    }
    if (value == null) {
      Problem problem =
          Problem.error(
                  "Overture/WrongType",
                  "File holds null; expected an object for " + type.getSimpleName())
              .withAsset(context.asset)
              .at(SourceLocation.ofFile(context.file));
      throw new AssetLoadException(context.asset, List.of(problem));
    }
    return value;
  }

  private static String describeNode(JsonNode node) {
    if (node.isArray()) {
      return "an array";
    }
    if (node.isString()) {
      return "a string";
    }
    if (node.isNumber()) {
      return "a number";
    }
    if (node.isBoolean()) {
      return "a boolean";
    }
    return "null";
  }

  /**
   * A file as a tree, numbers exactly as written (decimals as big decimals, trailing zeros kept),
   * so that upgrading or resaving it changes no number it does not mean to.
   */
  JsonNode readTree(byte[] json) {
    return mapper.reader()
        .with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .without(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
        .readTree(json);
  }

  /**
   * {@code where} with the line and column its pointer has in the file. For an upgraded file, only
   * when the upgrade left the value at that pointer as the file has it: otherwise the place in the
   * file would be another value's, and the location keeps just the file and the pointer.
   */
  private SourceLocation locate(byte[] json, SourceLocation where, BindContext context) {
    if (context.upgraded != null) {
      try {
        JsonPointer pointer = JsonPointer.compile(where.pointer());
        JsonNode before = context.beforeUpgrade.at(pointer);
        if (before.isMissingNode() || !before.equals(context.upgraded.at(pointer))) {
          return where;
        }
      } catch (IllegalArgumentException e) {
        return where;
      }
    }
    return new JsonLocator(mapper).locate(json, where);
  }

  /**
   * The version header, when the file's first property is {@code "$version"}; null otherwise (and
   * when the file does not parse: binding reports that).
   */
  private VersionHeader peekHeader(byte[] json) {
    if (!mayStartWithHeader(json)) {
      return null;
    }
    try (JsonParser parser = mapper.createParser(json)) {
      if (parser.nextToken() != JsonToken.START_OBJECT
          || parser.nextToken() != JsonToken.PROPERTY_NAME
          || !VersionHeader.FIELD.equals(parser.currentName())) {
        return null;
      }
      parser.nextToken();
      JsonNode header = mapper.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(parser);
      return VersionHeader.fromJson(header);
    } catch (JacksonException e) {
      return null;
    }
  }

  private static final byte[] HEADER_NAME = ('"' + VersionHeader.FIELD + '"').getBytes(StandardCharsets.UTF_8);

  /**
   * False when the bytes plainly open an object whose first property is not the version header
   * (or an empty object), so that {@link #peekHeader} needs no parser of its own: creating one per
   * file was a twentieth of the time of loading a bundle of small files. Anything unusual (another
   * encoding, a comment, an escape in the name) answers true and is left to the parser.
   */
  static boolean mayStartWithHeader(byte[] json) {
    int i = json.length >= 3 && (json[0] & 0xff) == 0xEF && (json[1] & 0xff) == 0xBB && (json[2] & 0xff) == 0xBF ? 3 : 0;
    i = skipWhitespace(json, i);
    if (i >= json.length || json[i] != '{') {
      return true;
    }
    i = skipWhitespace(json, i + 1);
    if (i >= json.length) {
      return true;
    }
    if (json[i] == '}') {
      return false;
    }
    if (json[i] != '"') {
      return true;
    }
    for (int j = i + 1; j < json.length; j++) {
      if (json[j] == '\\') {
        return true;
      }
      if (json[j] == '"') {
        return Arrays.equals(json, i, j + 1, HEADER_NAME, 0, HEADER_NAME.length);
      }
    }
    return true;
  }

  private static int skipWhitespace(byte[] json, int from) {
    int i = from;
    while (i < json.length && (json[i] == ' ' || json[i] == '\n' || json[i] == '\r' || json[i] == '\t')) {
      i++;
    }
    return i;
  }

  /** The problem a Jackson failure means, located in {@code context}'s file. */
  Problem toProblem(JacksonException e, BindContext context) {
    String pointer = Pointers.of(e.getPath());
    if (e instanceof ValueInstantiationException && e.getCause() instanceof DataException data) {
      return data.toProblem().withAsset(context.asset).at(SourceLocation.at(context.file, pointer + data.pointer()));
    }
    if (pointer.isEmpty() && e.processor() instanceof JsonParser parser) {
      try {
        pointer = Pointers.ofValueAt(parser);
      } catch (RuntimeException ignored) {
        // A closed parser: the file is still named.
      }
    }
    TokenStreamLocation where = e.getLocation();
    SourceLocation location =
        new SourceLocation(
            context.file,
            where == null ? 0 : Math.max(where.getLineNr(), 0),
            where == null ? 0 : Math.max(where.getColumnNr(), 0),
            pointer);
    return describe(e, pointer).withAsset(context.asset).at(location);
  }

  private Problem describe(JacksonException e, String pointer) {
    String field = lastName(pointer);
    if (e instanceof AssetReferenceException reference) {
      Problem problem = Problem.error(reference.problemId(), reference.getOriginalMessage());
      return reference.choices().isEmpty() && !reference.problemId().equals("Overture/UnknownClass")
          ? problem
          : problem.withChoices(reference.label(), reference.choices());
    }
    if (e instanceof tools.jackson.databind.exc.InvalidNullException) {
      return Problem.error(
          "Overture/InvalidValue", "null is not allowed here" + (field.isEmpty() || field.matches("\\d+") ? "" : " (in \"" + field + "\")"));
    }
    String original = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    if (original.startsWith("No content to map due to end-of-input")) {
      return Problem.error("Overture/MalformedJson", "The file is empty; expected a JSON object");
    }
    if (original.startsWith("Trailing token")) {
      return Problem.error("Overture/MalformedJson", "Content after the end of the top-level value; a file holds one value");
    }
    if (e instanceof InvalidTypeIdException typeId) {
      Class<?> base = typeId.getBaseType() == null ? Object.class : typeId.getBaseType().getRawClass();
      String property = KindRegistry.kindProperty(base);
      List<String> known = kinds.names(base);
      String message =
          typeId.getTypeId() == null
              ? "Missing \"" + property + "\": name the kind of " + base.getSimpleName()
              : "Unknown " + property + " \"" + typeId.getTypeId() + "\" for " + base.getSimpleName();
      return Problem.error(
              typeId.getTypeId() == null ? "Overture/MissingKind" : "Overture/UnknownKind", message)
          .withChoices("known kinds", Choices.closest(String.valueOf(typeId.getTypeId()), known));
    }
    if (e instanceof UnrecognizedPropertyException unknown) {
      return Problem.error(
              "Overture/UnknownProperty",
              "Unknown property \"" + unknown.getPropertyName() + "\"")
          .withChoices("known properties", names(unknown.getKnownPropertyIds()));
    }
    if (e instanceof InvalidFormatException format && format.getTargetType() != null && format.getTargetType().isEnum()) {
      List<String> constants =
          Arrays.stream(format.getTargetType().getEnumConstants()).map(Object::toString).toList();
      return Problem.error(
              "Overture/InvalidValue",
              "\"" + format.getValue() + "\" is not a valid " + field + " value")
          .withChoices("valid values", constants);
    }
    if (e instanceof ValueInstantiationException instantiation) {
      Throwable cause = instantiation.getCause() == null ? instantiation : instantiation.getCause();
      String type = instantiation.getType() == null ? "the value" : instantiation.getType().getRawClass().getSimpleName();
      String why =
          cause.getMessage() != null
              ? cause.getMessage()
              : "Cannot create " + type + ": its constructor failed with " + cause.getClass().getSimpleName()
                  + (cause instanceof NullPointerException ? " (a required value is missing?)" : "");
      return Problem.error("Overture/InvalidValue", why);
    }
    if (e instanceof MismatchedInputException mismatch) {
      String expected = expected(mismatch.getTargetType());
      String found = found(mismatch);
      if (expected != null && found != null) {
        return Problem.error(
            "Overture/WrongType",
            "Expected " + expected + (field.isEmpty() ? "" : " for \"" + field + "\"") + " but found " + found);
      }
      return Problem.error("Overture/WrongType", clean(e.getOriginalMessage()));
    }
    if (e instanceof StreamConstraintsException) {
      return Problem.error("Overture/LimitExceeded", clean(e.getOriginalMessage()) + " (see AssetLimits)");
    }
    if (e instanceof StreamReadException) {
      return Problem.error("Overture/MalformedJson", "Malformed JSON: " + clean(e.getOriginalMessage()));
    }
    return Problem.error("Overture/InvalidJson", clean(e.getOriginalMessage()));
  }

  private static final java.util.regex.Pattern CONTAINER_START =
      java.util.regex.Pattern.compile(
          "\\s*\\((?:for (Array|Object) starting|start marker) at \\[Source: [^\\]]*?(?:line: (\\d+), column: (\\d+))?\\]\\)");
  private static final java.util.regex.Pattern SOURCE = java.util.regex.Pattern.compile("\\s*\\[Source: [^\\]]*\\]");

  /**
   * Jackson's message without its source and offset fragments, which name no file (the problem's
   * location does that): {@code (for Array starting at [Source: ...; line: 1, column: 27])} becomes
   * {@code (the array opened at 1:27)}.
   */
  static String clean(String message) {
    if (message == null) {
      return "";
    }
    java.util.regex.Matcher start = CONTAINER_START.matcher(message);
    StringBuilder out = new StringBuilder();
    while (start.find()) {
      String replacement =
          start.group(2) == null
              ? ""
              : " ("
                  + (start.group(1) == null ? "" : "the " + start.group(1).toLowerCase(java.util.Locale.ROOT) + " ")
                  + "opened at "
                  + start.group(2)
                  + ":"
                  + start.group(3)
                  + ")";
      start.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(replacement));
    }
    start.appendTail(out);
    return SOURCE.matcher(out).replaceAll("").trim();
  }

  private static String lastName(String pointer) {
    int slash = pointer.lastIndexOf('/');
    return slash < 0 ? "" : pointer.substring(slash + 1).replace("~1", "/").replace("~0", "~");
  }

  private static List<String> names(Collection<Object> known) {
    List<String> names = new ArrayList<>();
    if (known != null) {
      for (Object name : known) {
        names.add(String.valueOf(name));
      }
    }
    names.sort(null);
    return names;
  }

  private static String expected(Class<?> type) {
    if (type == null) {
      return null;
    }
    if (type == String.class || type == PrimaryAssetId.class || type == AssetPath.class || type == SoftRef.class) {
      return "a string";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "true or false";
    }
    if (type.isPrimitive() || Number.class.isAssignableFrom(type)) {
      return type == int.class || type == long.class || type == short.class || type == byte.class
              || type == Integer.class || type == Long.class
          ? "a whole number"
          : "a number";
    }
    if (type.isArray() || Collection.class.isAssignableFrom(type)) {
      return "an array";
    }
    if (type.isEnum()) {
      return "a string";
    }
    return "an object";
  }

  private static String found(MismatchedInputException e) {
    JsonToken token = e.getCurrentToken();
    if (token == null && e.processor() instanceof JsonParser parser) {
      token = parser.currentToken();
    }
    if (token == null) {
      return null;
    }
    return switch (token) {
      case START_OBJECT, END_OBJECT -> "an object";
      case START_ARRAY, END_ARRAY -> "an array";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT -> "a whole number";
      case VALUE_NUMBER_FLOAT -> "a decimal number";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      default -> null;
    };
  }

  /** Records unknown properties as warnings and skips them, as the version rules ask. */
  private static final class UnknownPropertyWarnings extends DeserializationProblemHandler {
    @Override
    public boolean handleUnknownProperty(
        DeserializationContext ctxt,
        JsonParser parser,
        ValueDeserializer<?> deserializer,
        Object beanOrClass,
        String propertyName) {
      if (!(ctxt.getAttribute(BindContext.ATTRIBUTE) instanceof BindContext context)) {
        return false;
      }
      TokenStreamLocation at = parser.currentTokenLocation();
      JsonParser real = ctxt.getParser();
      String pointer;
      if (real != null && real != parser && real.currentToken() == JsonToken.END_OBJECT) {
        // Records buffer unknown properties and replay them once the object has been read: the
        // buffer knows no position, but the real parser stands at the end of that very object.
        pointer = Pointers.child(real.streamReadContext().pathAsPointer().toString(), propertyName);
      } else {
        pointer = Pointers.ofValueAt(parser);
      }
      if (pointer.equals("/$schema")) {
        // The JSON Schema the file names for editors: not data.
        parser.skipChildren();
        return true;
      }
      if (pointer.equals("/" + VersionHeader.FIELD)) {
        if (context.header == null) {
          context.misplacedHeader = new SourceLocation(context.file, Math.max(at.getLineNr(), 0), Math.max(at.getColumnNr(), 0), pointer);
        }
        parser.skipChildren();
        return true;
      }
      Class<?> owner = beanOrClass instanceof Class<?> c ? c : beanOrClass.getClass();
      Problem warning =
          Problem.warning(
                  "Overture/UnknownProperty",
                  "Unknown property \"" + propertyName + "\" in " + owner.getSimpleName() + " was ignored")
              .withChoices("known properties", names(deserializer.getKnownPropertyNames()))
              .withAsset(context.asset)
              .at(new SourceLocation(context.file, Math.max(at.getLineNr(), 0), Math.max(at.getColumnNr(), 0), pointer));
      context.warnings.add(warning);
      parser.skipChildren();
      return true;
    }
  }

  private static String expectString(JsonParser parser, DeserializationContext ctxt, Class<?> target) {
    if (parser.currentToken() != JsonToken.VALUE_STRING) {
      throw MismatchedInputException.from(parser, target, "expected a string").setCurrentToken(parser.currentToken());
    }
    return parser.getString();
  }

  /** Binds {@code "Type:Name"} (or a bare name when the field allows exactly one type). */
  private static final class IdDeserializer extends ValueDeserializer<PrimaryAssetId> {
    private final List<PrimaryAssetType> allowed;

    IdDeserializer(List<PrimaryAssetType> allowed) {
      this.allowed = allowed;
    }

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
      AllowedTypes annotation = property == null ? null : property.getAnnotation(AllowedTypes.class);
      if (annotation == null) {
        return this;
      }
      return new IdDeserializer(Arrays.stream(annotation.value()).map(PrimaryAssetType::of).toList());
    }

    @Override
    public PrimaryAssetId deserialize(JsonParser parser, DeserializationContext ctxt) {
      String text = expectString(parser, ctxt, PrimaryAssetId.class);
      PrimaryAssetId id;
      try {
        id = allowed.size() == 1 ? PrimaryAssetId.parse(text, allowed.get(0)) : PrimaryAssetId.parse(text);
      } catch (IllegalArgumentException e) {
        throw new AssetReferenceException(parser, "Overture/InvalidReference", e.getMessage(), typeNames());
      }
      if (!allowed.isEmpty() && !allowed.contains(id.type())) {
        throw new AssetReferenceException(
            parser,
            "Overture/WrongAssetType",
            "Reference \"" + text + "\" is of type " + id.type() + ", which this field does not take",
            typeNames());
      }
      return id;
    }

    private List<String> typeNames() {
      return allowed.stream().map(PrimaryAssetType::name).toList();
    }
  }

  private static final class TypeDeserializer extends ValueDeserializer<PrimaryAssetType> {
    @Override
    public PrimaryAssetType deserialize(JsonParser parser, DeserializationContext ctxt) {
      String text = expectString(parser, ctxt, PrimaryAssetType.class);
      try {
        return PrimaryAssetType.of(text);
      } catch (IllegalArgumentException e) {
        throw new AssetReferenceException(parser, "Overture/InvalidValue", e.getMessage(), List.of());
      }
    }
  }

  private static AssetPath parsePath(JsonParser parser, String text) {
    try {
      return AssetPath.parse(text);
    } catch (InvalidAssetPathException e) {
      throw new AssetReferenceException(parser, "Overture/InvalidPath", e.getMessage(), List.of());
    }
  }

  private static final class PathDeserializer extends ValueDeserializer<AssetPath> {
    @Override
    public AssetPath deserialize(JsonParser parser, DeserializationContext ctxt) {
      return parsePath(parser, expectString(parser, ctxt, AssetPath.class));
    }
  }

  /** Binds a path string to a soft reference relative to the content root being read. */
  private static final class SoftRefDeserializer extends ValueDeserializer<SoftRef<?>> {
    private final Class<?> target;

    SoftRefDeserializer(Class<?> target) {
      this.target = target;
    }

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
      JavaType type = ctxt.getContextualType();
      if (type == null && property != null) {
        type = property.getType();
      }
      while (type != null && type.getRawClass() != SoftRef.class && type.containedTypeCount() > 0) {
        type = type.containedType(type.containedTypeCount() - 1);
      }
      if (type == null || type.containedTypeCount() != 1) {
        return this;
      }
      Class<?> raw = type.containedType(0).getRawClass();
      return new SoftRefDeserializer(raw == Object.class ? RawAsset.class : raw);
    }

    @Override
    public SoftRef<?> deserialize(JsonParser parser, DeserializationContext ctxt) {
      AssetPath path = parsePath(parser, expectString(parser, ctxt, SoftRef.class));
      String root =
          ctxt.getAttribute(BindContext.ATTRIBUTE) instanceof BindContext context
              ? context.rootName
              : ContentRoot.GAME;
      return SoftRef.of(root, path, target);
    }
  }

  /** Binds a registered class name to a {@link ClassRef} of the field's base type. */
  private static final class ClassRefDeserializer extends ValueDeserializer<ClassRef<?>> {
    private final KindRegistry kinds;
    private final Class<?> base;

    ClassRefDeserializer(KindRegistry kinds, Class<?> base) {
      this.kinds = kinds;
      this.base = base;
    }

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
      Class<?> declared = declaredBase(ctxt, property, ClassRef.class);
      return declared == null ? this : new ClassRefDeserializer(kinds, declared);
    }

    @Override
    public ClassRef<?> deserialize(JsonParser parser, DeserializationContext ctxt) {
      return resolveClass(parser, kinds, base, expectString(parser, ctxt, ClassRef.class), "");
    }
  }

  /** The class registered as {@code name} that is a {@code base}; a located error otherwise. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static ClassRef<?> resolveClass(JsonParser parser, KindRegistry kinds, Class<?> base, String name, String hint) {
    Class<?> type = kinds.find(base, name);
    if (type == null) {
      List<String> known = kinds.namesAssignableTo(base);
      throw new AssetReferenceException(
          parser,
          "Overture/UnknownClass",
          (base == Object.class ? "Unknown class \"" : "Unknown " + base.getSimpleName() + " class \"") + name + "\"" + hint,
          Choices.closest(name, known))
          .withLabel("registered");
    }
    return ClassRef.of(name, (Class) type);
  }

  /** The base class a {@code ClassRef<T>} or {@code ClassOrAsset<T>} property declares. */
  private static Class<?> declaredBase(DeserializationContext ctxt, BeanProperty property, Class<?> holder) {
    JavaType type = ctxt.getContextualType();
    if (type == null && property != null) {
      type = property.getType();
    }
    while (type != null && type.getRawClass() != holder && type.containedTypeCount() > 0) {
      type = type.containedType(type.containedTypeCount() - 1);
    }
    if (type == null || type.containedTypeCount() != 1) {
      return null;
    }
    return type.containedType(0).getRawClass();
  }

  /** Binds a registered class name, or an asset id (it has a colon), to a {@link ClassOrAsset}. */
  private static final class ClassOrAssetDeserializer extends ValueDeserializer<ClassOrAsset<?>> {
    private final KindRegistry kinds;
    private final Class<?> base;
    private final List<PrimaryAssetType> allowed;

    ClassOrAssetDeserializer(KindRegistry kinds, Class<?> base, List<PrimaryAssetType> allowed) {
      this.kinds = kinds;
      this.base = base;
      this.allowed = allowed;
    }

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
      Class<?> declared = declaredBase(ctxt, property, ClassOrAsset.class);
      AllowedTypes annotation = property == null ? null : property.getAnnotation(AllowedTypes.class);
      return new ClassOrAssetDeserializer(
          kinds,
          declared == null ? base : declared,
          annotation == null ? allowed : Arrays.stream(annotation.value()).map(PrimaryAssetType::of).toList());
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public ClassOrAsset<?> deserialize(JsonParser parser, DeserializationContext ctxt) {
      String text = expectString(parser, ctxt, ClassOrAsset.class);
      List<String> typeNames = allowed.stream().map(PrimaryAssetType::name).toList();
      if (text.indexOf(':') < 0) {
        String hint = typeNames.isEmpty()
            ? ""
            : ": name a registered class, or an asset as \"" + typeNames.get(0) + ":Name\"";
        return ClassOrAsset.of((ClassRef) resolveClass(parser, kinds, base, text, hint));
      }
      PrimaryAssetId id;
      try {
        id = PrimaryAssetId.parse(text);
      } catch (IllegalArgumentException e) {
        throw new AssetReferenceException(parser, "Overture/InvalidReference", e.getMessage(), typeNames);
      }
      if (!allowed.contains(id.type())) {
        throw new AssetReferenceException(
            parser,
            "Overture/WrongAssetType",
            "Reference \"" + text + "\" is of type " + id.type() + ", which does not describe a class",
            typeNames);
      }
      return ClassOrAsset.ofAsset(id);
    }
  }

  private static final class StringSerializer<T> extends ValueSerializer<T> {
    @Override
    public void serialize(T value, JsonGenerator generator, SerializationContext ctxt) {
      generator.writeString(value.toString());
    }
  }

  private static final class SoftRefSerializer extends ValueSerializer<SoftRef<?>> {
    @Override
    public void serialize(SoftRef<?> value, JsonGenerator generator, SerializationContext ctxt) {
      generator.writeString(value.path().value());
    }
  }
}
