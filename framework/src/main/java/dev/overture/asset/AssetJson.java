package dev.overture.asset;

import com.fasterxml.jackson.annotation.Nulls;
import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.JsonMappers;
import dev.overture.version.AssetVersions;
import dev.overture.version.VersionHeader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonPointer;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.type.LogicalType;

/**
 * The Jackson mapper of an asset manager, configured with Jackson's public features:
 * strict reading (a name twice in one object, trailing tokens, scalar coercion, fractions for whole
 * numbers and null for a property or an element are errors; duplicate names found by {@link DuplicateNames} and
 * reported by Jackson's {@link StreamReadFeature#STRICT_DUPLICATE_DETECTION}), explicit stream
 * limits, unknown properties reported as warnings ({@link UnknownPropertyWarnings}), our value
 * types bound from strings ({@link AssetDeserializers}), and polymorphic members resolved only
 * through registered kind names. Binding also reads the version header and upgrades older files
 * first; failures become located problems ({@link JsonProblems}). The mapper is built again, whole,
 * when plugins add or remove registrations ({@link #replace}). Thread-safe: each bind works with the
 * registrations current when it starts.
 */
final class AssetJson {

  /**
   * What binding works with for one set of registrations: the kinds, asset classes and versions,
   * and the mapper configured with them (Jackson's caches live in it). Replaced whole when a plugin
   * adds or removes its registrations, so that a removed plugin's classes leave Jackson's caches
   * with the old mapper. Immutable.
   */
  private record Generation(
      KindRegistry kinds,
      Map<String, Class<?>> assetClasses,
      AssetVersions versions,
      JsonMapper mapper,
      JsonProblems problems,
      Map<Class<?>, ObjectReader> readers) {}

  private final JsonLimits limits;
  private final JsonFactory factory;
  /** The factory without Jackson's duplicate check, for {@link DuplicateNames} (see {@link #read}). */
  private final JsonFactory unchecked;
  private volatile Generation current;

  AssetJson(AssetLimits limits, KindRegistry kinds, AssetVersions versions) {
    this(limits, kinds, Map.of(), versions);
  }

  AssetJson(AssetLimits limits, KindRegistry kinds, Map<String, Class<?>> assetClasses, AssetVersions versions) {
    this.limits = new JsonLimits(limits);
    this.factory =
        JsonFactory.builder()
            .streamReadConstraints(this.limits.all())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    this.unchecked = factory.rebuild().disable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    this.current = generation(kinds, assetClasses, versions);
  }

  private Generation generation(KindRegistry kinds, Map<String, Class<?>> assetClasses, AssetVersions versions) {
    JsonMapper mapper =
        strict(JsonMappers.builder(factory))
            .addHandler(new UnknownPropertyWarnings())
            .addModule(AssetDeserializers.module(kinds))
            .registerSubtypes(kinds.namedTypes())
            .build();
    return new Generation(kinds, Map.copyOf(assetClasses), versions, mapper, new JsonProblems(kinds), new ConcurrentHashMap<>());
  }

  /**
   * {@code builder} reading as strictly as content is read (docs/assets.md, "How strictly files are
   * read"): no coercion between strings, numbers and booleans, no fraction for a whole number, no
   * number for an enum, no null for a primitive or in a list or map, nothing after the value. The
   * content's mapper and {@link ContentValues}' are both made with it.
   */
  static JsonMapper.Builder strict(JsonMapper.Builder builder) {
    return builder
        .enable(
            DeserializationFeature.FAIL_ON_TRAILING_TOKENS,
            DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
            DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
        .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
        .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS) // an enum is named, as its schema says: 2 is no constant's name
        // A null in a list or map is refused here; one as a property's value by NullValues.
        .changeDefaultNullHandling(nulls -> nulls.withContentNulls(Nulls.FAIL))
        .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
        .withCoercionConfig(LogicalType.Textual, strings -> strings
            .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
  }

  /**
   * Binds with these registrations from now on. Binds already running finish with the previous
   * ones; nothing keeps the previous mapper (or the classes in its caches) once they have.
   */
  void replace(KindRegistry kinds, Map<String, Class<?>> assetClasses, AssetVersions versions) {
    current = generation(kinds, assetClasses, versions);
  }

  /**
   * Binds {@code json} with {@code reader}, duplicate names refused by {@link DuplicateNames}
   * rather than by Jackson's {@code STRICT_DUPLICATE_DETECTION}, which allocates a set for every
   * object (the bind's largest allocation). A file that fails in any way is bound again through
   * the reader's own, strict, parser, so that what the failure says (message, location, path) is
   * Jackson's, exactly as it was; the warnings of the first try are dropped, the second's kept.
   */
  private <T> T read(ObjectReader reader, byte[] json, BindContext context) {
    int warnings = context.warnings.size();
    try (DuplicateNames parser = new DuplicateNames(unchecked.createParser(ObjectReadContext.empty(), json))) {
      return reader.readValue(parser);
    } catch (RuntimeException e) {
      context.warnings.subList(warnings, context.warnings.size()).clear();
      return reader.readValue(json);
    }
  }

  JsonMapper mapper() {
    return current.mapper();
  }

  KindRegistry kinds() {
    return current.kinds();
  }

  Map<String, Class<?>> assetClasses() {
    return current.assetClasses();
  }

  AssetVersions versions() {
    return current.versions();
  }

  /**
   * Binds {@code json} to {@code type}, collecting unknown properties as warnings into {@code
   * context}.
   *
   * @throws AssetLoadException with one problem, when the file cannot be bound
   */
  <T> T bind(byte[] json, Class<T> type, BindContext context) {
    Generation generation = current;
    ObjectReader reader = generation.readers().get(type);
    if (reader == null) { // a method reference made for every file otherwise
      reader = generation.readers().computeIfAbsent(type, generation.mapper()::readerFor);
    }
    BindContext outer = context.enter();
    byte[] bound = context.json;
    context.json = json;
    try {
      return bind(json, type, context, generation, reader);
    } finally {
      context.json = bound;
      BindContext.exit(outer);
    }
  }

  private <T> T bind(byte[] json, Class<T> type, BindContext context, Generation generation, ObjectReader reader) {
    JsonMapper mapper = generation.mapper();
    AssetVersions versions = generation.versions();
    JsonProblems problems = generation.problems();
    AssetVersions.Upgrade upgrade;
    try {
      context.header = peekHeader(mapper, json);
      upgrade = versions.plan(context.header, type);
    } catch (DataException e) {
      Problem problem = e.toProblem().withAsset(context.asset());
      throw new AssetLoadException(
          context.asset(), List.of(problem.at(new JsonLocator(mapper).locate(json, SourceLocation.at(context.file(), e.pointer())))));
    }
    context.upgrade = upgrade;
    if (context.header != null) {
      for (Problem warning : versions.warnings(context.header, context.file())) {
        context.warnings.add(warning.withAsset(context.asset()));
      }
      for (String ignored : context.header.ignored()) {
        context.warnings.add(Problem.warning("Overture/UnknownProperty",
                "Unknown property \"" + ignored + "\" in the version header was ignored")
            .withChoices("known properties", List.of("compatible", "custom", "engine"))
            .withAsset(context.asset())
            .at(SourceLocation.at(context.file(), "/" + VersionHeader.FIELD + "/" + ignored)));
      }
    }
    T value;
    try {
      if (upgrade.isEmpty()) {
        value = read(reader, json, context);
      } else {
        // An older format: upgrade the tree, then bind it.
        JsonNode parsed = readTree(mapper, json);
        if (!(parsed instanceof ObjectNode tree)) {
          throw new AssetLoadException(context.asset(), List.of(Problem.error("Overture/WrongType",
                  "File holds " + (parsed == null || parsed.isMissingNode() ? "nothing" : describeNode(parsed))
                      + "; expected an object for " + type.getSimpleName())
              .withAsset(context.asset())
              .at(SourceLocation.ofFile(context.file()))));
        }
        if (context.header == null && tree.has(VersionHeader.FIELD)) {
          throw new AssetLoadException(context.asset(), List.of(Problem.error("Overture/MisplacedVersionHeader",
                  "The version header \"" + VersionHeader.FIELD + "\" must be the first property of the file")
              .withAsset(context.asset())
              .at(new JsonLocator(mapper).locate(json, SourceLocation.at(context.file(), "/" + VersionHeader.FIELD)))));
        }
        tree.remove(VersionHeader.FIELD);
        context.beforeUpgrade = tree.deepCopy();
        try {
          upgrade.apply(tree);
        } catch (DataException e) {
          // A step failed or overflowed: at the value it concerns, which the file has where it began.
          throw new AssetLoadException(context.asset(), List.of(e.toProblem().withAsset(context.asset())
              .at(new JsonLocator(mapper).locate(json, SourceLocation.at(context.file(), e.pointer())))));
        }
        context.upgraded = tree;
        value = reader.readValue(tree);
      }
    } catch (StreamConstraintsException e) {
      throw new AssetLoadException(context.asset(), List.of(limits.problem(json, context)));
    } catch (NumberFormatException e) {
      throw new AssetLoadException(context.asset(), List.of(unreadableNumber(mapper, json, context)));
    } catch (JacksonException e) {
      Problem problem = problems.toProblem(e, context);
      if (e.getCause() instanceof DataException || context.upgraded != null) {
        // The constructor named a place inside its value (or the tree knew no lines): find its line and column.
        problem = problem.at(locate(mapper, json, problem.location().orElseThrow(), context));
      }
      throw new AssetLoadException(context.asset(), List.of(problem));
    }
    if (context.misplacedHeader != null) {
      throw new AssetLoadException(context.asset(), List.of(Problem.error("Overture/MisplacedVersionHeader",
              "The version header \"" + VersionHeader.FIELD + "\" must be the first property of the file")
          .withAsset(context.asset())
          // A record replays a property it does not know without its place: found again in the file.
          .at(new JsonLocator(mapper).locate(json, context.misplacedHeader))));
    }
    for (int i = 0; i < context.warnings.size(); i++) {
      Problem warning = context.warnings.get(i);
      if (warning.location().isPresent()) {
        context.warnings.set(i, warning.at(locate(mapper, json, warning.location().get(), context)));
      }
    }
    if (value == null) {
      Problem problem =
          Problem.error(
                  "Overture/WrongType",
                  "File holds null; expected an object for " + type.getSimpleName())
              .withAsset(context.asset())
              .at(SourceLocation.ofFile(context.file()));
      throw new AssetLoadException(context.asset(), List.of(problem));
    }
    return value;
  }

  /**
   * The problem of a file a newer engine saved ({@code Overture/NewerEngine}, located at its header),
   * from its version header alone; empty when this build can read it (or it has no header, or does
   * not parse: binding reports that).
   */
  Optional<Problem> newerEngine(byte[] json, Class<?> type, BindContext context) {
    Generation generation = current;
    JsonMapper mapper = generation.mapper();
    try {
      generation.versions().plan(peekHeader(mapper, json), type);
      return Optional.empty();
    } catch (DataException e) {
      if (!e.problemId().equals(NEWER_ENGINE)) {
        return Optional.empty();
      }
      return Optional.of(e.toProblem().withAsset(context.asset())
          .at(new JsonLocator(mapper).locate(json, SourceLocation.at(context.file(), e.pointer()))));
    }
  }

  /**
   * Where {@code pointer} of an asset of {@code type} bound from {@code json} is in the file as
   * saved: under its old name when an upgrade of the file renamed it; {@code pointer} itself when
   * the file needs no upgrade, or its header cannot be read.
   */
  String pointerInFile(byte[] json, Class<?> type, String pointer) {
    Generation generation = current;
    try {
      return generation.versions().plan(peekHeader(generation.mapper(), json), type).pointerBefore(pointer);
    } catch (RuntimeException e) {
      return pointer; // a header this build refuses: its own problem says so
    }
  }

  /** The problem id of a file a newer engine saved. */
  static final String NEWER_ENGINE = "Overture/NewerEngine";

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
    return readTree(current.mapper(), json);
  }

  private static JsonNode readTree(JsonMapper mapper, byte[] json) {
    return mapper.reader()
        .with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .without(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
        .readTree(json);
  }

  /**
   * {@link #readTree} of a file that binding already accepted; a limit it crosses only as a tree
   * (a long string in a property the record skips) is refused, located.
   *
   * @throws AssetLoadException with the located problem
   */
  JsonNode readTree(byte[] json, BindContext context) {
    try {
      return readTree(json);
    } catch (StreamConstraintsException e) {
      throw new AssetLoadException(context.asset(), List.of(limits.problem(json, context)));
    } catch (NumberFormatException e) {
      throw new AssetLoadException(context.asset(), List.of(unreadableNumber(current.mapper(), json, context)));
    } catch (JacksonException e) {
      byte[] bound = context.json;
      context.json = json; // for the problem's column, as binding counts it
      Problem problem = current.problems().toProblem(e, context);
      context.json = bound;
      throw new AssetLoadException(context.asset(), List.of(problem));
    }
  }

  /**
   * The problem of a decimal no number can hold exactly (an exponent past what a big decimal
   * keeps, such as {@code 1.5e30888888888}), which Jackson reports without a place when it reads a
   * file as a tree (older formats, resave): found again token by token, so it is located.
   */
  private static Problem unreadableNumber(JsonMapper mapper, byte[] json, BindContext context) {
    try (JsonParser parser = mapper.createParser(json)) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        if (token != JsonToken.VALUE_NUMBER_FLOAT) {
          continue;
        }
        try {
          parser.getDecimalValue();
        } catch (NumberFormatException e) {
          var at = parser.currentTokenLocation();
          return Problem.error("Overture/OutOfRange", parser.getText()
                  + " has an exponent too large for any number; write a number of ordinary size")
              .withAsset(context.asset())
              .at(SourceLocation.at(context.file(), Pointers.ofValueAt(parser))
                  .withPosition(Math.max(at.getLineNr(), 0), dev.overture.internal.TextColumns.of(json, at)));
        }
      }
    } catch (JacksonException e) {
      // Not reached for a file the tree read got as far as its numbers; the file alone names the place.
    }
    return Problem.error("Overture/OutOfRange", "A number has an exponent too large for any number; write a number of"
        + " ordinary size").withAsset(context.asset()).at(SourceLocation.ofFile(context.file()));
  }

  /**
   * {@code where} with the line and column its pointer has in the file. For an upgraded file, only
   * when the upgrade left the value at that pointer as the file has it (or it is in the version
   * header, which no step sees): otherwise the place in the file would be another value's, and the
   * location keeps just the file and the pointer.
   */
  private static SourceLocation locate(JsonMapper mapper, byte[] json, SourceLocation where, BindContext context) {
    if (context.upgraded != null && !where.pointer().startsWith("/" + VersionHeader.FIELD + "/")) {
      try {
        JsonPointer pointer = JsonPointer.compile(where.pointer());
        JsonNode before = context.beforeUpgrade.at(pointer);
        if (before.isMissingNode() || !before.equals(context.upgraded.at(pointer))) {
          return locateMoved(mapper, json, where, context);
        }
      } catch (IllegalArgumentException e) {
        return where;
      }
    }
    return new JsonLocator(mapper).locate(json, where);
  }

  /**
   * {@code where}, in an upgraded file, at the place the file has its value under its name before
   * the upgrade ({@link AssetVersions.Upgrade#pointerBefore}: a renamed field), when the upgrade
   * moved the value without changing it; the file and the pointer alone otherwise.
   */
  private static SourceLocation locateMoved(JsonMapper mapper, byte[] json, SourceLocation where, BindContext context) {
    String saved = context.upgrade.pointerBefore(where.pointer());
    if (saved.equals(where.pointer())) {
      return where;
    }
    JsonNode before = context.beforeUpgrade.at(JsonPointer.compile(saved));
    if (before.isMissingNode() || !before.equals(context.upgraded.at(JsonPointer.compile(where.pointer())))) {
      return where;
    }
    SourceLocation found = new JsonLocator(mapper).locate(json, SourceLocation.at(where.file(), saved));
    return found.hasPosition() ? where.withPosition(found.line(), found.column()) : where;
  }

  /**
   * The version header, when the file's first property is {@code "$version"}; null otherwise (and
   * when the file does not parse: binding reports that).
   */
  private static VersionHeader peekHeader(JsonMapper mapper, byte[] json) {
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
}
