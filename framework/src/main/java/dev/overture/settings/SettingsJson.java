package dev.overture.settings;

import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.JacksonMessages;
import dev.overture.internal.AtomicFiles;
import dev.overture.internal.BoundedFiles;
import dev.overture.internal.FileStamp;
import dev.overture.internal.FileTooLargeException;
import dev.overture.internal.FiniteNumbers;
import dev.overture.internal.JsonLayout;
import dev.overture.internal.JsonMappers;
import dev.overture.internal.NotARegularFileException;
import dev.overture.internal.TextColumns;
import dev.overture.version.AssetVersions;
import dev.overture.version.UpgradeStep;
import dev.overture.version.VersionHeader;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.json.JsonReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ContainerNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.type.LogicalType;

/**
 * The settings file format, for {@link Settings}: reading a file into values and the warnings
 * about it (never failing: what cannot be used is reported, and a file that cannot be used at all
 * says which suffix it goes aside with), and the bytes a save writes. Touches no file but to read
 * it. Stateless; any thread.
 */
final class SettingsJson {

  // Literal NaN and Infinity parse, so that one costs only its field (refused there, located)
  // rather than the whole file. A value of another type is refused, never converted: Jackson
  // would otherwise read 5 as the string "5" and 2 as an enum's third constant, without a word.
  private static final JsonMapper MAPPER =
      JsonMappers.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
          .withCoercionConfig(LogicalType.Textual, strings -> strings
              .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
              .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
              .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
          .build();

  /** The longest quote of a file's value in a message. */
  private static final int MAX_QUOTE = 80;

  private SettingsJson() {}

  /** The file's bytes holding {@code values}, with the kind's version header. */
  static <T extends Record> byte[] toBytes(SettingsKind<T> kind, T values) {
    ObjectNode tree = MAPPER.createObjectNode();
    tree.set(VersionHeader.FIELD, versions(kind).headerFor(kind.type()).toJson());
    tree.setAll((ObjectNode) MAPPER.valueToTree(values));
    return JsonLayout.toBytes(tree);
  }

  /** What reading found: the values, or why the file goes aside (and with which suffix). */
  record Read<T>(T values, boolean missing, String setAside, String problemId, String reason, FileStamp stamp) {
    Read(T values, boolean missing, String setAside, String problemId, String reason) {
      this(values, missing, setAside, problemId, reason, null);
    }
  }

  static <T extends Record> AssetVersions versions(SettingsKind<T> kind) {
    AssetVersions.Builder builder = AssetVersions.builder().customVersion(kind.version(), kind.type());
    for (UpgradeStep step : kind.steps()) {
      builder.upgrade(step);
    }
    return builder.build();
  }

  /**
   * Reads {@code file}: its values (what of them fits; {@code warnings} gets what did not), or that
   * it is missing, or why it has to go aside. Never fails for the file's sake; changes nothing.
   */
  static <T extends Record> Read<T> read(Path file, SettingsKind<T> kind, List<Problem> warnings) {
    String name = file.toString();
    byte[] bytes;
    FileStamp stamp;
    try {
      // Stamped before it is read: a save by another program in between shows as a change.
      stamp = FileStamp.of(AtomicFiles.target(file));
      bytes = BoundedFiles.read(file, kind.maxFileBytes(), "SettingsKind.maxFileBytes");
    } catch (NoSuchFileException e) {
      return new Read<>(kind.defaults().get(), true, null, null, null);
    } catch (NotARegularFileException e) {
      return new Read<>(kind.defaults().get(), false, "not-a-file", "Overture/NotARegularFile", e.getMessage());
    } catch (FileTooLargeException e) {
      return new Read<>(kind.defaults().get(), false, "too-large", "Overture/LimitExceeded", e.getMessage());
    } catch (IOException e) {
      if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
        // Not there to read (a folder on its way is a file): missing, and creating it says why not.
        return new Read<>(kind.defaults().get(), true, null, null, null);
      }
      return new Read<>(kind.defaults().get(), false, "unreadable", "Overture/ReadFailed",
          name + " cannot be read (" + SettingsFiles.reason(e) + ")");
    }
    JsonNode parsed;
    Map<String, Place> places;
    try {
      parsed = MAPPER.readTree(bytes);
      places = places(bytes);
    } catch (JacksonException e) {
      TokenStreamLocation where = e.getLocation();
      String position = where == null || where.getLineNr() < 1 ? "" : " at line " + where.getLineNr() + ", column " + TextColumns.of(bytes, where);
      if (e instanceof tools.jackson.core.exc.StreamConstraintsException) {
        // Nesting, a number or a text past the reader's limits: a limit, in words that name no Java method.
        return new Read<>(kind.defaults().get(), false, "corrupt", "Overture/LimitExceeded",
            name + " goes past a limit of what a settings file is read with" + position + " ("
                + JacksonMessages.withoutLimitSetting(JacksonMessages.withoutSourceMarker(e.getOriginalMessage())) + ")");
      }
      return new Read<>(kind.defaults().get(), false, "corrupt", "Overture/CorruptSettings",
          name + " is not valid JSON" + position + " ("
              + JacksonMessages.withoutParserAdvice(JacksonMessages.withoutSourceMarker(e.getOriginalMessage())) + ")");
    }
    if (!(parsed instanceof ObjectNode tree)) {
      return new Read<>(kind.defaults().get(), false, "corrupt", "Overture/CorruptSettings", name + " does not hold a JSON object");
    }
    AssetVersions versions = versions(kind);
    try {
      VersionHeader header = tree.has(VersionHeader.FIELD) ? VersionHeader.fromJson(tree.get(VersionHeader.FIELD)) : null;
      Optional<String> other = otherKind(header, kind);
      if (other.isPresent()) {
        // Not newer: a file of another kind (SharedSettings copied over LocalSettings), which no version of this one reads.
        return new Read<>(kind.defaults().get(), false, "corrupt", "Overture/CorruptSettings", name + " holds " + other.get()
            + ", not " + kind.version().friendlyName() + " (its $version carries no " + kind.version().friendlyName() + " version)");
      }
      AssetVersions.Upgrade upgrade = versions.plan(header, kind.type());
      tree.remove(VersionHeader.FIELD);
      upgrade.apply(tree);
    } catch (DataException e) {
      boolean newer = e.problemId().startsWith("Overture/Newer") || e.problemId().equals("Overture/UnknownCustomVersion");
      return new Read<>(kind.defaults().get(), false, newer ? "newer" : "corrupt", newer ? "Overture/NewerSettings" : e.problemId(),
          name + (newer ? " was written by a newer version: " : ": ") + e.getMessage());
    }
    return bind(tree, kind, name, places, warnings, stamp);
  }

  /**
   * What else {@code header} says the file holds, when it names custom versions but not {@code
   * kind}'s: the settings kind of one it carries ({@code SharedSettings}), or that entry as written.
   */
  private static Optional<String> otherKind(VersionHeader header, SettingsKind<?> kind) {
    if (header == null || header.custom().isEmpty()
        || header.custom().stream().anyMatch(entry -> entry.guid().equals(kind.version().guid()))) {
      return Optional.empty();
    }
    for (VersionHeader.Entry entry : header.custom()) {
      for (SettingsKind<?> known : List.of(SettingsKind.SHARED, SettingsKind.LOCAL)) {
        if (entry.guid().equals(known.version().guid())) {
          return Optional.of(known.type().getSimpleName() + " (" + known.version().friendlyName() + " " + entry.version() + ")");
        }
      }
    }
    VersionHeader.Entry first = header.custom().get(0);
    return Optional.of(first.name() + " " + first.version() + " (" + first.guid() + ")");
  }

  /**
   * Binds field by field, so that one bad value costs only that value (and one bad entry of a map
   * or a list only that entry); a file whose values the record refuses as a whole goes aside.
   */
  private static <T extends Record> Read<T> bind(
      ObjectNode tree, SettingsKind<T> kind, String file, Map<String, Place> places, List<Problem> warnings, FileStamp stamp) {
    T defaults = kind.defaults().get();
    RecordComponent[] components = kind.type().getRecordComponents();
    Object[] arguments = new Object[components.length];
    boolean[] fromFile = new boolean[components.length];
    List<String> known = new ArrayList<>();
    for (int i = 0; i < components.length; i++) {
      RecordComponent component = components[i];
      known.add(component.getName());
      Object fallback = SettingsMerge.get(component, defaults);
      arguments[i] = fallback;
      JsonNode node = tree.get(component.getName());
      if (node == null) {
        continue;
      }
      String pointer = pointer("", component.getName());
      SourceLocation where = at(file, pointer, places);
      String quoted = quote(node, places.get(pointer));
      Object value = bindValue(component, node, pointer, file, places, warnings);
      if (value == REFUSED) {
        String notFinite = convert(node, component).map(bound -> FiniteNumbers.find(bound).orElse(null)).orElse(null);
        String inside = notFinite == null || notFinite.isEmpty() ? "" : " (at " + notFinite + ")";
        warnings.add(warning("Overture/InvalidSetting", where, "\"" + component.getName() + "\" cannot be " + quoted + inside
            + " (expected " + describe(component.getType()) + "); the default " + json(fallback) + " is used"));
        continue;
      }
      SettingRange range = component.getAnnotation(SettingRange.class);
      if (range != null && value instanceof Number number) {
        double raw = number.doubleValue();
        double clamped = Math.max(range.min(), Math.min(range.max(), raw));
        if (clamped != raw) {
          Object fitted = ofType(component.getType(), clamped);
          warnings.add(warning("Overture/SettingOutOfRange", where, "\"" + component.getName() + "\" is " + quoted + ", outside "
              + format(range.min()) + " to " + format(range.max()) + "; " + fitted + " is used"));
          value = fitted;
        }
      }
      arguments[i] = value;
      fromFile[i] = true;
    }
    for (String property : tree.propertyNames()) {
      if (!known.contains(property) && !property.equals("$schema")) {
        warnings.add(warning("Overture/UnknownProperty", at(file, pointer("", property), places), "Unknown setting \"" + property
            + "\" was ignored (it is gone at the next save)").withChoices("known settings", known));
      }
    }
    Throwable refusal;
    try {
      return new Read<>(construct(kind.type(), arguments), false, null, null, null, stamp);
    } catch (InvocationTargetException e) {
      refusal = e.getCause();
    }
    // The record refuses the values together (a window narrower than it is tall): when one value's
    // default makes them fit, that value is the one that costs.
    for (int i = 0; i < components.length; i++) {
      if (!fromFile[i]) {
        continue;
      }
      Object[] trial = arguments.clone();
      trial[i] = SettingsMerge.get(components[i], defaults);
      T values;
      try {
        values = construct(kind.type(), trial);
      } catch (InvocationTargetException e) {
        continue;
      }
      String pointer = pointer("", components[i].getName());
      warnings.add(warning("Overture/InvalidSetting", at(file, pointer, places), "\"" + components[i].getName() + "\" cannot be "
          + quote(tree.get(components[i].getName()), places.get(pointer)) + " with the other settings (" + refusal(kind.type(), refusal)
          + "); the default " + json(trial[i]) + " is used"));
      return new Read<>(values, false, null, null, null, stamp);
    }
    return new Read<>(defaults, false, "corrupt", "Overture/InvalidSetting",
        file + " holds settings that do not fit together (" + refusal(kind.type(), refusal) + ")");
  }

  /**
   * The numbers of {@code values} outside their {@link SettingRange}, as {@code setting /name must
   * be min to max: value}; empty when there are none.
   */
  static <T extends Record> List<String> outOfRange(T values) {
    List<String> outside = new ArrayList<>();
    for (RecordComponent component : values.getClass().getRecordComponents()) {
      SettingRange range = component.getAnnotation(SettingRange.class);
      if (range != null && SettingsMerge.get(component, values) instanceof Number number
          && (number.doubleValue() < range.min() || number.doubleValue() > range.max())) {
        outside.add("setting " + pointer("", component.getName()) + " must be " + format(range.min()) + " to " + format(range.max())
            + ": " + number);
      }
    }
    return outside;
  }

  /** What {@link #bindValue} returns for a value it refused. */
  private static final Object REFUSED = new Object();

  /**
   * {@code node} as the component's value, or {@link #REFUSED}. A value holding an entry that is
   * null, not finite or of another type keeps its other entries, bound one by one; each entry left
   * out is warned about.
   */
  private static Object bindValue(
      RecordComponent component, JsonNode node, String pointer, String file, Map<String, Place> places, List<Problem> warnings) {
    if (node.isNull()) {
      // Unset: the record's constructor decides (a primitive cannot be null).
      return component.getType().isPrimitive() ? REFUSED : null;
    }
    Optional<Object> whole = convert(node, component);
    if (whole.isPresent() && fits(whole.get())) {
      return whole.get();
    }
    JavaType type = type(component);
    boolean object = node.isObject() && type.isMapLikeType();
    if (!object && !(node.isArray() && (type.isCollectionLikeType() || type.isArrayType()))) {
      return REFUSED;
    }
    String expected = describe(type.getContentType().getRawClass());
    ContainerNode<?> kept = object ? MAPPER.createObjectNode() : MAPPER.createArrayNode();
    for (Map.Entry<String, JsonNode> entry : entries(node)) {
      ContainerNode<?> alone = add(object ? MAPPER.createObjectNode() : MAPPER.createArrayNode(), entry);
      if (convert(alone, component).filter(SettingsJson::fits).isPresent()) {
        add(kept, entry);
        continue;
      }
      String at = pointer(pointer, entry.getKey());
      String which = object ? " entry " + json(entry.getKey()) : " item " + entry.getKey();
      warnings.add(warning("Overture/InvalidSetting", at(file, at, places), "\"" + component.getName() + "\"" + which + " cannot be "
          + quote(entry.getValue(), places.get(at)) + " (expected " + expected + "); it is left out"));
    }
    return convert(kept, component).filter(SettingsJson::fits).orElse(REFUSED);
  }

  /** An object's entries, or an array's with their indexes as names. */
  private static List<Map.Entry<String, JsonNode>> entries(JsonNode container) {
    if (container.isObject()) {
      return List.copyOf(container.properties());
    }
    List<Map.Entry<String, JsonNode>> items = new ArrayList<>();
    for (int i = 0; i < container.size(); i++) {
      items.add(Map.entry(String.valueOf(i), container.get(i)));
    }
    return items;
  }

  private static ContainerNode<?> add(ContainerNode<?> container, Map.Entry<String, JsonNode> entry) {
    if (container instanceof ObjectNode object) {
      object.set(entry.getKey(), entry.getValue());
    } else {
      ((ArrayNode) container).add(entry.getValue());
    }
    return container;
  }

  /** {@code node} bound to the component's type, or empty when Jackson refuses it. */
  private static Optional<Object> convert(JsonNode node, RecordComponent component) {
    try {
      return Optional.ofNullable(MAPPER.treeToValue(node, type(component)));
    } catch (JacksonException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static JavaType type(RecordComponent component) {
    return MAPPER.getTypeFactory().constructType(component.getGenericType());
  }

  /**
   * Whether a bound value may be given to the record: no number in it is NaN or infinite (Jackson
   * reads "NaN", "Infinity" and 1e999 into doubles without complaint), and no map or list in it
   * holds a null ({@code Map.copyOf}, which records use, refuses one).
   */
  private static boolean fits(Object value) {
    return FiniteNumbers.find(value).isEmpty() && !holdsNull(value);
  }

  private static boolean holdsNull(Object value) {
    if (value instanceof Map<?, ?> map) {
      return map.entrySet().stream().anyMatch(entry -> entry.getKey() == null || entry.getValue() == null || holdsNull(entry.getValue()));
    }
    if (value instanceof Collection<?> collection) {
      return collection.stream().anyMatch(element -> element == null || holdsNull(element));
    }
    if (value instanceof Object[] array) {
      return Arrays.stream(array).anyMatch(element -> element == null || holdsNull(element));
    }
    return false;
  }

  private static <T extends Record> T construct(Class<T> type, Object[] arguments) throws InvocationTargetException {
    try {
      Constructor<T> canonical = type.getDeclaredConstructor(
          Arrays.stream(type.getRecordComponents()).map(RecordComponent::getType).toArray(Class<?>[]::new));
      canonical.setAccessible(true);
      return canonical.newInstance(arguments);
    } catch (InvocationTargetException e) {
      throw e;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot build " + type.getName(), e);
    }
  }

  /**
   * Why a record's constructor refused its values, in words: its message; or, for an exception
   * without one (the bare NullPointerException of {@code Map.copyOf}), the exception and the line
   * of the record where it was thrown.
   */
  private static String refusal(Class<?> type, Throwable thrown) {
    String message = thrown.getMessage();
    if (message != null && !message.isBlank()) {
      return message;
    }
    String where = Arrays.stream(thrown.getStackTrace())
        .filter(frame -> frame.getClassName().equals(type.getName()))
        .findFirst()
        .map(frame -> " at " + frame.getFileName() + ":" + frame.getLineNumber())
        .orElse("");
    return type.getSimpleName() + "'s constructor threw " + thrown.getClass().getName() + where;
  }

  /**
   * Where a value starts in the file, and its text there as the file spells it ({@code NaN},
   * {@code 1e999}, {@code "fast"}); the text is null for an object or an array.
   */
  record Place(int line, int column, String text) {}

  /**
   * The places of the top-level values and of the entries directly inside them, by JSON pointer,
   * for warnings.
   */
  private static Map<String, Place> places(byte[] bytes) {
    Map<String, Place> places = new HashMap<>();
    try (JsonParser parser = MAPPER.createParser(bytes)) {
      if (parser.nextToken() == JsonToken.START_OBJECT) {
        placeEntries(parser, "", bytes, new TextColumns(bytes), places, 2);
      }
    }
    return places;
  }

  /** With the parser at the start of an object or array: the places of its entries, {@code levels} deep. */
  private static void placeEntries(JsonParser parser, String pointer, byte[] bytes, TextColumns columns, Map<String, Place> places,
      int levels) {
    boolean object = parser.currentToken() == JsonToken.START_OBJECT;
    for (int index = 0; ; index++) {
      JsonToken token = parser.nextToken();
      if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
        return;
      }
      String at = pointer(pointer, object ? parser.currentName() : String.valueOf(index));
      if (object) {
        token = parser.nextToken();
      }
      TokenStreamLocation start = parser.currentTokenLocation();
      String text = null;
      if (token.isStructStart()) {
        if (levels > 1) {
          placeEntries(parser, at, bytes, columns, places, levels - 1);
        } else {
          parser.skipChildren();
        }
      } else {
        parser.finishToken(); // a string is otherwise read only when asked for, and its end not known
        int from = (int) start.getByteOffset();
        text = new String(bytes, from, (int) parser.currentLocation().getByteOffset() - from, StandardCharsets.UTF_8);
      }
      places.put(at, new Place(start.getLineNr(), columns.column(start), text));
    }
  }

  /** {@code parent} and one more step, {@code name} escaped as a JSON pointer's step is. */
  private static String pointer(String parent, String name) {
    return parent + "/" + name.replace("~", "~0").replace("/", "~1");
  }

  private static SourceLocation at(String file, String pointer, Map<String, Place> places) {
    Place place = places.get(pointer);
    return place == null ? SourceLocation.at(file, pointer) : new SourceLocation(file, place.line(), place.column(), pointer);
  }

  /**
   * {@code node} as the file spells it, when it is a single value ({@code NaN}, not {@code "NaN"};
   * {@code 1e999}, not {@code Infinity}), cut short when long.
   */
  private static String quote(JsonNode node, Place place) {
    String text = place != null && place.text() != null ? place.text() : node.toString();
    return text.length() <= MAX_QUOTE ? text : text.substring(0, MAX_QUOTE - 3) + "...";
  }

  private static String describe(Class<?> type) {
    if (type == boolean.class || type == Boolean.class) {
      return "true or false";
    }
    if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
      return "a whole number";
    }
    if (type == double.class || type == float.class || type == Double.class || type == Float.class) {
      return "a finite number";
    }
    if (type.isEnum()) {
      return "one of " + java.util.Arrays.toString(type.getEnumConstants());
    }
    if (type == String.class) {
      return "a string";
    }
    return "a " + type.getSimpleName();
  }

  /** {@code value} as the file would hold it: {@code "en"}, {@code "OFF"}, {@code 1.0}, {@code {}}. */
  static String json(Object value) {
    return MAPPER.writeValueAsString(value);
  }

  private static String format(double value) {
    return FiniteNumbers.plain(value);
  }

  static Problem warning(String id, String file, String message) {
    return warning(id, SourceLocation.ofFile(file), message);
  }

  private static Problem warning(String id, SourceLocation where, String message) {
    return Problem.warning(id, message).at(where);
  }

  /**
   * {@code value} as a number of {@code type}, the component's: a clamped value handed to the
   * record's constructor must be of its parameter's type (a {@code Double} for a {@code long} would
   * make the constructor refuse every value).
   */
  static Object ofType(Class<?> type, double value) {
    if (type == int.class || type == Integer.class) {
      return (int) Math.round(value);
    }
    if (type == long.class || type == Long.class) {
      return Math.round(value);
    }
    if (type == short.class || type == Short.class) {
      return (short) Math.round(value);
    }
    if (type == byte.class || type == Byte.class) {
      return (byte) Math.round(value);
    }
    if (type == float.class || type == Float.class) {
      return (float) value;
    }
    return value;
  }
}
