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
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The settings file format, for {@link Settings}: reading a file into values and the warnings
 * about it (never failing: what cannot be used is reported, and a file that cannot be used at all
 * says which suffix it goes aside with), and the bytes a save writes. Touches no file but to read
 * it. Stateless; any thread.
 */
final class SettingsJson {

  // Literal NaN and Infinity parse, so that one costs only its field (refused there, located)
  // rather than the whole file.
  private static final JsonMapper MAPPER =
      JsonMappers.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .build();

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
    Map<String, TokenStreamLocation> places;
    try {
      parsed = MAPPER.readTree(bytes);
      places = topLevelPlaces(bytes);
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
      ObjectNode tree, SettingsKind<T> kind, String file, Map<String, TokenStreamLocation> places, List<Problem> warnings) {
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
      SourceLocation where = at(file, component.getName(), places);
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
        warnings.add(warning("Overture/InvalidSetting", where, "\"" + component.getName() + "\" cannot be " + node + inside
            + " (expected " + describe(component.getType()) + "); the default " + fallback + " is used"));
        arguments[i] = fallback;
        continue;
      }
      SettingRange range = component.getAnnotation(SettingRange.class);
      if (range != null && value instanceof Number number) {
        double raw = number.doubleValue();
        double clamped = Math.max(range.min(), Math.min(range.max(), raw));
        if (clamped != raw) {
          Object fitted = component.getType() == int.class || component.getType() == Integer.class ? (Object) (int) Math.round(clamped) : clamped;
          warnings.add(warning("Overture/SettingOutOfRange", where, "\"" + component.getName() + "\" is " + node + ", outside "
              + format(range.min()) + " to " + format(range.max()) + "; " + fitted + " is used"));
          value = fitted;
        }
      }
      arguments[i] = value;
    }
    for (String property : tree.propertyNames()) {
      if (!known.contains(property) && !property.equals("$schema")) {
        warnings.add(warning("Overture/UnknownProperty", at(file, property, places), "Unknown setting \"" + property
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

  /** Where each top-level property's value starts, for warnings. */
  private static Map<String, TokenStreamLocation> topLevelPlaces(byte[] bytes) {
    Map<String, TokenStreamLocation> places = new HashMap<>();
    try (JsonParser parser = MAPPER.createParser(bytes)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return places;
      }
      while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
        String property = parser.currentName();
        parser.nextToken();
        places.put(property, parser.currentTokenLocation());
        parser.skipChildren();
      }
    }
    return places;
  }

  private static SourceLocation at(String file, String property, Map<String, TokenStreamLocation> places) {
    TokenStreamLocation where = places.get(property);
    String pointer = "/" + property.replace("~", "~0").replace("/", "~1");
    return where == null ? SourceLocation.at(file, pointer) : new SourceLocation(file, where.getLineNr(), where.getColumnNr(), pointer);
  }

  private static String describe(Class<?> type) {
    if (type == boolean.class) {
      return "true or false";
    }
    if (type == int.class || type == long.class) {
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
