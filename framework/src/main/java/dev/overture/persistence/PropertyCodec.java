package dev.overture.persistence;

import dev.overture.archive.ArchiveFormatException;
import dev.overture.archive.ArchiveHeader;
import dev.overture.archive.ArchiveReader;
import dev.overture.archive.ArchiveWriter;
import dev.overture.archive.IdArchives;
import dev.overture.id.StableId;
import dev.overture.internal.JsonMappers;
import dev.overture.internal.MappersByLoader;
import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.World;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import tools.jackson.core.JacksonException;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * One property value as an archive blob. Ids ({@link StableId}, {@code List<StableId>}) are id
 * archives in the StableId layout, which is what the id migration rewrites; everything else is an
 * archive of the Overture-Property format: the header, then an int32 tag and the value.
 *
 * <pre>
 * tag 0 null | 1 bool32 | 2 int32 | 3 int64 | 4 float (int32 bits) | 5 double (int64 bits)
 *     6 FString | 7 JSON text in an FString (records, lists, maps)
 * </pre>
 *
 * <p>Stateless; thread-safe.
 */
final class PropertyCodec {

  /** The format of property blobs that are not ids. */
  static final CustomVersion FORMAT =
      new CustomVersion(Guid.parse("F2DA3FF9-10AA-4954-BB74-75B342E94E10"), 1, "Overture-Property");

  private static final int NULL = 0;
  private static final int BOOL = 1;
  private static final int INT32 = 2;
  private static final int INT64 = 3;
  private static final int FLOAT = 4;
  private static final int DOUBLE = 5;
  private static final int STRING = 6;
  private static final int JSON = 7;

  /** JSON for values that are not plain: ASCII only, so that any text survives the archive. */
  /** One mapper per plugin's classes, so that unloading a plugin leaves none of its types cached here. */
  private static final MappersByLoader MAPPERS =
      new MappersByLoader(() -> JsonMappers.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build());

  private PropertyCodec() {}

  static boolean isIdType(Type type) {
    return type == StableId.class || isIdList(type);
  }

  private static boolean isIdList(Type type) {
    return type instanceof ParameterizedType parameterized
        && parameterized.getRawType() == List.class
        && parameterized.getActualTypeArguments()[0] == StableId.class;
  }

  /**
   * {@code value}, declared as {@code type}, as a blob.
   *
   * @throws IllegalArgumentException when the value is a live game object (an actor, a component, a
   *     world), which a blob cannot hold: save its {@link StableId} instead
   */
  static byte[] encode(Object value, Type type) {
    if (type == StableId.class) {
      return IdArchives.encode(IdArchives.Layout.STABLE_ID, List.of(value == null ? StableId.NONE : (StableId) value));
    }
    if (isIdList(type)) {
      List<StableId> ids = new ArrayList<>();
      if (value != null) {
        for (Object id : (List<?>) value) {
          ids.add(id == null ? StableId.NONE : (StableId) id);
        }
      }
      return IdArchives.encode(IdArchives.Layout.STABLE_ID, ids);
    }
    refuseGameObjects(value);
    ArchiveWriter out = new ArchiveWriter();
    ArchiveHeader.of(new ArchiveHeader.Entry(FORMAT.guid(), FORMAT.latest())).write(out);
    if (value == null) {
      out.writeInt32(NULL);
    } else if (value instanceof Boolean flag) {
      out.writeInt32(BOOL).writeBool32(flag);
    } else if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      out.writeInt32(INT32).writeInt32(((Number) value).intValue());
    } else if (value instanceof Long number) {
      out.writeInt32(INT64).writeInt64(number);
    } else if (value instanceof Float number) {
      out.writeInt32(FLOAT).writeInt32(Float.floatToIntBits(number));
    } else if (value instanceof Double number) {
      out.writeInt32(DOUBLE).writeInt64(Double.doubleToLongBits(number));
    } else if ((value instanceof String || value instanceof Character) && fitsFString(value.toString())) {
      out.writeInt32(STRING).writeFString(value.toString());
    } else if (value instanceof Enum<?> constant) {
      out.writeInt32(STRING).writeFString(constant.name());
    } else {
      out.writeInt32(JSON).writeFString(MAPPERS.forValue(value, type).writeValueAsString(inStableOrder(value, 0)));
    }
    return out.toByteArray();
  }

  /**
   * {@code value} with its maps and sets whose order is no one's (a {@code HashMap}, or {@code
   * Map.of}'s and {@code Set.of}'s, whose order changes from one run of the JVM to the next) in
   * the order of their keys or elements, inside the JDK's maps, sets and lists to a depth of 16: the
   * same world saves the same bytes (a hostile review found a save of the same seed differing in
   * one map's order). Every entry is kept: they are sorted into a linked map or set, which tells
   * keys apart by {@code equals} (a sorted one, by {@code compareTo}, merged 1.0 and 1.00, and a
   * record compared by one field with another of that field, a review found). An ordered map or set
   * (sorted, linked, of an enum) keeps its order, and one whose keys cannot be compared with each
   * other is left as it is. A record's or another object's own maps are written in their order.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Object inStableOrder(Object value, int depth) {
    if (depth > 16) {
      return value;
    }
    if (value instanceof Map<?, ?> map) {
      List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
      boolean unordered = !(map instanceof SortedMap || map instanceof LinkedHashMap || map instanceof EnumMap) && map.size() > 1;
      if (unordered && comparable(map.keySet())) {
        entries.sort((one, other) -> ((Comparable) one.getKey()).compareTo(other.getKey()));
      }
      Map<Object, Object> copy = new LinkedHashMap<>();
      entries.forEach(entry -> copy.put(entry.getKey(), inStableOrder(entry.getValue(), depth + 1)));
      return copy;
    }
    if (value instanceof Set<?> set) {
      List<Object> elements = new ArrayList<>(set);
      boolean unordered = !(set instanceof SortedSet || set instanceof LinkedHashSet || set instanceof EnumSet) && set.size() > 1;
      if (unordered && comparable(set)) {
        elements.sort((one, other) -> ((Comparable) one).compareTo(other));
      }
      Set<Object> copy = new LinkedHashSet<>();
      elements.forEach(each -> copy.add(inStableOrder(each, depth + 1)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(each -> copy.add(inStableOrder(each, depth + 1)));
      return copy;
    }
    return value;
  }

  /** Whether {@code items} are all of one class that orders its instances ({@link Comparable}), none null. */
  private static boolean comparable(Collection<?> items) {
    Class<?> kind = null;
    for (Object item : items) {
      if (!(item instanceof Comparable<?>) || (kind != null && item.getClass() != kind)) {
        return false;
      }
      kind = item.getClass();
    }
    return true;
  }

  /** Whether {@code text} can be an FString: no NUL, no unpaired surrogate (else it goes as JSON, escaped). */
  private static boolean fitsFString(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == 0) {
        return false;
      }
      if (Character.isHighSurrogate(c)) {
        if (i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
          return false;
        }
        i++;
      } else if (Character.isLowSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  private static void refuseGameObjects(Object value) {
    if (value instanceof Collection<?> collection) {
      for (Object element : collection) {
        refuseGameObjects(element);
      }
      return;
    }
    if (value instanceof Map<?, ?> map) {
      map.values().forEach(PropertyCodec::refuseGameObjects);
      return;
    }
    if (value instanceof Actor || value instanceof ActorComponent || value instanceof World) {
      throw new IllegalArgumentException("it refers to " + value + ", a live game object a save cannot hold; give the property"
          + " the object's StableId instead");
    }
  }

  /**
   * The value {@code blob} holds, as {@code type}.
   *
   * @throws ArchiveFormatException when the blob cannot be read, or holds something that is not a
   *     {@code type}
   */
  static Object decode(byte[] blob, Type type) {
    ArchiveReader in = new ArchiveReader(blob);
    ArchiveHeader header = ArchiveHeader.read(in);
    // A newer build's package file versions are refused, as for any archive: what it wrote is not read as if it were ours.
    header.checkFileVersions(ArchiveHeader.FileVersions.CURRENT);
    if (IdArchives.holdsIds(header)) {
      if (type == StableId.class) {
        // decodeOne refuses an archive cut after its header, which the layouts cannot tell by count.
        return IdArchives.decodeOne(blob).ids().get(0);
      }
      List<StableId> ids = IdArchives.decode(blob).ids();
      if (isIdList(type)) {
        return new ArrayList<>(ids);
      }
      throw new ArchiveFormatException(0, "the archive holds ids, but the property is " + type.getTypeName());
    }
    if (header.version(FORMAT.guid()).isEmpty()) {
      throw new ArchiveFormatException(0, "the archive is neither an id nor an Overture-Property value");
    }
    int version = header.version(FORMAT.guid()).get();
    if (version > FORMAT.latest()) {
      throw new ArchiveFormatException(0, "written with Overture-Property version " + version + "; this build reads up to " + FORMAT.latest());
    }
    int at = in.position();
    int tag = in.readInt32("value tag");
    Object raw = switch (tag) {
      case NULL -> null;
      case BOOL -> in.readBool32("bool value");
      case INT32 -> in.readInt32("int32 value");
      case INT64 -> in.readInt64("int64 value");
      case FLOAT -> Float.intBitsToFloat(in.readInt32("float value"));
      case DOUBLE -> Double.longBitsToDouble(in.readInt64("double value"));
      case STRING, JSON -> in.readFString("string value");
      default -> throw new ArchiveFormatException(at, "unknown value tag " + tag);
    };
    in.expectEnd("the value");
    return convert(raw, tag, type);
  }

  private static Object convert(Object raw, int tag, Type type) {
    JsonMapper mapper = MAPPERS.forType(type);
    Class<?> target = mapper.getTypeFactory().constructType(type).getRawClass();
    if (raw == null) {
      if (target.isPrimitive()) {
        throw new ArchiveFormatException(0, "null for a " + target.getSimpleName() + " property");
      }
      return null;
    }
    if (tag == JSON) {
      try {
        return mapper.readValue((String) raw, mapper.getTypeFactory().constructType(type));
      } catch (JacksonException e) {
        throw new ArchiveFormatException(0, "the JSON value does not fit " + type.getTypeName() + ": " + e.getOriginalMessage());
      } catch (IllegalArgumentException e) {
        throw new ArchiveFormatException(0, "the JSON value does not fit " + type.getTypeName() + ": " + e.getMessage());
      }
    }
    if (!target.isEnum() && target.isInstance(raw)) {
      return raw; // the declared class itself, or a type variable's bound (Object)
    }
    if (target.isEnum()) {
      for (Object constant : target.getEnumConstants()) {
        if (((Enum<?>) constant).name().equals(raw)) {
          return constant;
        }
      }
      throw new ArchiveFormatException(0, "\"" + raw + "\" is not a " + target.getSimpleName());
    }
    if ((target == int.class || target == Integer.class) && raw instanceof Integer) {
      return raw;
    }
    if ((target == short.class || target == Short.class) && raw instanceof Integer number && number == number.shortValue()) {
      return number.shortValue();
    }
    if ((target == byte.class || target == Byte.class) && raw instanceof Integer number && number == number.byteValue()) {
      return number.byteValue();
    }
    if ((target == long.class || target == Long.class) && (raw instanceof Long || raw instanceof Integer)) {
      return ((Number) raw).longValue();
    }
    if ((target == double.class || target == Double.class) && (raw instanceof Double || raw instanceof Float)) {
      return ((Number) raw).doubleValue();
    }
    if ((target == float.class || target == Float.class) && raw instanceof Float) {
      return raw;
    }
    if ((target == boolean.class || target == Boolean.class) && raw instanceof Boolean) {
      return raw;
    }
    if (target == String.class && raw instanceof String) {
      return raw;
    }
    if ((target == char.class || target == Character.class) && raw instanceof String text && text.length() == 1) {
      return text.charAt(0);
    }
    throw new ArchiveFormatException(0, "a saved " + raw.getClass().getSimpleName() + " does not fit a " + target.getSimpleName() + " property");
  }
}
