package dev.overture.settings;

import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.AtomicFiles;
import dev.overture.internal.BoundedFiles;
import dev.overture.internal.FileStamp;
import dev.overture.internal.FileTooLargeException;
import dev.overture.internal.FiniteNumbers;
import dev.overture.internal.JsonLayout;
import dev.overture.internal.JsonMappers;
import dev.overture.internal.NotARegularFileException;
import dev.overture.version.AssetVersions;
import dev.overture.version.UpgradeStep;
import dev.overture.version.VersionHeader;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.file.NoSuchFileException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.json.JsonReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;
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
      return new Read<>(kind.defaults().get(), false, "unreadable", "Overture/ReadFailed", name + " cannot be read (" + e.getMessage() + ")");
    }
    JsonNode parsed;
    Map<String, Place> places;
    try {
      parsed = MAPPER.readTree(bytes);
      places = places(bytes);
    } catch (JacksonException e) {
      TokenStreamLocation where = e.getLocation();
      String position = where == null || where.getLineNr() < 1 ? "" : " at line " + where.getLineNr() + ", column " + where.getColumnNr();
      return new Read<>(kind.defaults().get(), false, "corrupt", "Overture/CorruptSettings",
          name + " is not valid JSON" + position + " (" + e.getOriginalMessage() + ")");
    }
    if (!(parsed instanceof ObjectNode tree)) {
      return new Read<>(kind.defaults().get(), false, "corrupt", "Overture/CorruptSettings", name + " does not hold a JSON object");
    }
    AssetVersions versions = versions(kind);
    try {
      VersionHeader header = tree.has(VersionHeader.FIELD) ? VersionHeader.fromJson(tree.get(VersionHeader.FIELD)) : null;
      AssetVersions.Upgrade upgrade = versions.plan(header, kind.type());
      tree.remove(VersionHeader.FIELD);
      upgrade.apply(tree);
    } catch (DataException e) {
      boolean newer = e.problemId().startsWith("Overture/Newer") || e.problemId().equals("Overture/UnknownCustomVersion");
      return new Read<>(kind.defaults().get(), false, newer ? "newer" : "corrupt", newer ? "Overture/NewerSettings" : e.problemId(),
          name + (newer ? " was written by a newer version: " : ": ") + e.getMessage());
    }
    return new Read<>(bind(tree, kind, name, places, warnings), false, null, null, null, stamp);
  }

  /** Binds field by field, so that one bad value costs only that value. */
  private static <T extends Record> T bind(
      ObjectNode tree, SettingsKind<T> kind, String file, Map<String, Place> places, List<Problem> warnings) {
    T defaults = kind.defaults().get();
    RecordComponent[] components = kind.type().getRecordComponents();
    Object[] arguments = new Object[components.length];
    List<String> known = new ArrayList<>();
    for (int i = 0; i < components.length; i++) {
      RecordComponent component = components[i];
      known.add(component.getName());
      Object fallback = SettingsMerge.get(component, defaults);
      JsonNode node = tree.get(component.getName());
      if (node == null) {
        arguments[i] = fallback;
        continue;
      }
      String pointer = pointer("", component.getName());
      SourceLocation where = at(file, pointer, places);
      String quoted = quote(node, places.get(pointer));
      Object value = null;
      String notFinite = null;
      boolean fits;
      try {
        value = MAPPER.treeToValue(node, MAPPER.getTypeFactory().constructType(component.getGenericType()));
        // Jackson reads "NaN", "Infinity" and 1e999 into doubles without complaint.
        notFinite = FiniteNumbers.find(value).orElse(null);
        fits = notFinite == null;
      } catch (JacksonException | IllegalArgumentException e) {
        fits = false;
      }
      if (!fits) {
        String inside = notFinite == null || notFinite.isEmpty() ? "" : " (at " + notFinite + ")";
        warnings.add(warning("Overture/InvalidSetting", where, "\"" + component.getName() + "\" cannot be " + quoted + inside
            + " (expected " + describe(component.getType()) + "); the default " + json(fallback) + " is used"));
        arguments[i] = fallback;
        continue;
      }
      SettingRange range = component.getAnnotation(SettingRange.class);
      if (range != null && value instanceof Number number) {
        double raw = number.doubleValue();
        double clamped = Math.max(range.min(), Math.min(range.max(), raw));
        if (clamped != raw) {
          Object fitted = component.getType() == int.class || component.getType() == Integer.class ? (Object) (int) Math.round(clamped) : clamped;
          warnings.add(warning("Overture/SettingOutOfRange", where, "\"" + component.getName() + "\" is " + quoted + ", outside "
              + format(range.min()) + " to " + format(range.max()) + "; " + fitted + " is used"));
          value = fitted;
        }
      }
      arguments[i] = value;
    }
    for (String property : tree.propertyNames()) {
      if (!known.contains(property) && !property.equals("$schema")) {
        warnings.add(warning("Overture/UnknownProperty", at(file, pointer("", property), places), "Unknown setting \"" + property
            + "\" was ignored (it is gone at the next save)").withChoices("known settings", known));
      }
    }
    try {
      Constructor<T> canonical = kind.type().getDeclaredConstructor(
          java.util.Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
      canonical.setAccessible(true);
      return canonical.newInstance(arguments);
    } catch (InvocationTargetException e) {
      warnings.add(warning("Overture/InvalidSetting", SourceLocation.ofFile(file), "The settings do not fit together ("
          + e.getCause().getMessage() + "); the defaults are used"));
      return defaults;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot build " + kind.type().getName(), e);
    }
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
        placeEntries(parser, "", bytes, places, 2);
      }
    }
    return places;
  }

  /** With the parser at the start of an object or array: the places of its entries, {@code levels} deep. */
  private static void placeEntries(JsonParser parser, String pointer, byte[] bytes, Map<String, Place> places, int levels) {
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
          placeEntries(parser, at, bytes, places, levels - 1);
        } else {
          parser.skipChildren();
        }
      } else {
        parser.finishToken(); // a string is otherwise read only when asked for, and its end not known
        int from = (int) start.getByteOffset();
        text = new String(bytes, from, (int) parser.currentLocation().getByteOffset() - from, StandardCharsets.UTF_8);
      }
      places.put(at, new Place(start.getLineNr(), start.getColumnNr(), text));
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
    return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
  }

  static Problem warning(String id, String file, String message) {
    return warning(id, SourceLocation.ofFile(file), message);
  }

  private static Problem warning(String id, SourceLocation where, String message) {
    return Problem.warning(id, message).at(where);
  }
}
