package dev.overture.live;

import dev.overture.object.ObjectArchetype;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What changed between two versions of a bound asset, as lines a person reads: {@code
 * /actions/1/scoreLimit: 25 -> 30}. Assets are records bound by Jackson, so their components are
 * the JSON properties: the walk goes through records, lists and maps by component name, index and
 * key, and prints the values that differ: a record by its own name when it has one (an id), else
 * by its fields ({@code {actorClass: Hero, componentClass: Score}}). Stateless.
 */
final class Differences {

  /** Lines kept per asset: an edit that rewrites a file says so without flooding the console. */
  static final int MAX_LINES = 8;
  private static final int MAX_VALUE = 60;

  private Differences() {}

  /** The differences of {@code before} and {@code after}, at most {@link #MAX_LINES} and a last line saying how many more. */
  static List<String> between(Object before, Object after) {
    List<String> lines = new ArrayList<>();
    int[] count = {0};
    walk("", before, after, lines, count);
    if (count[0] > lines.size()) {
      lines.add("... and " + (count[0] - lines.size()) + " more");
    }
    return lines;
  }

  private static void walk(String pointer, Object before, Object after, List<String> lines, int[] count) {
    if (Objects.equals(before, after)) {
      return;
    }
    before = view(before);
    after = view(after);
    if (before != null && after != null && before.getClass() == after.getClass() && before.getClass().isRecord()) {
      boolean any = false;
      for (RecordComponent component : before.getClass().getRecordComponents()) {
        Object a = read(component, before);
        Object b = read(component, after);
        if (!Objects.equals(a, b)) {
          any = true;
          walk(pointer + "/" + component.getName(), a, b, lines, count);
        }
      }
      if (any) {
        return;
      }
    } else if (before instanceof List<?> a && after instanceof List<?> b) {
      for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
        walk(pointer + "/" + i, i < a.size() ? a.get(i) : Absent.VALUE, i < b.size() ? b.get(i) : Absent.VALUE, lines, count);
      }
      return;
    } else if (before instanceof Map<?, ?> a && after instanceof Map<?, ?> b) {
      Set<Object> keys = new LinkedHashSet<>(a.keySet());
      keys.addAll(b.keySet());
      for (Object key : keys) {
        walk(pointer + "/" + key, a.containsKey(key) ? a.get(key) : Absent.VALUE, b.containsKey(key) ? b.get(key) : Absent.VALUE,
            lines, count);
      }
      return;
    }
    count[0]++;
    if (lines.size() < MAX_LINES) {
      lines.add((pointer.isEmpty() ? "/" : pointer) + ": " + show(before) + " -> " + show(after));
    }
  }

  /**
   * An asset that is no record, as the JSON it was read from: an archetype by its class, properties
   * and subobjects, so that an edit of one is named by its pointer
   * ({@code /subobjects/Movement/properties/maxSpeed: 7.5 -> 8}), not by the whole archetype twice.
   */
  private static Object view(Object value) {
    if (value instanceof ObjectArchetype archetype) {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("class", archetype.objectClass().getSimpleName());
      fields.put("properties", archetype.properties());
      fields.put("subobjects", archetype.subobjects());
      return fields;
    }
    return value;
  }

  private static Object read(RecordComponent component, Object record) {
    java.lang.reflect.Method accessor = component.getAccessor();
    try {
      return accessor.invoke(record);
    } catch (IllegalAccessException e) {
      try { // a record the framework may read only once allowed to (a package-private one, say)
        accessor.setAccessible(true);
        return accessor.invoke(record);
      } catch (ReflectiveOperationException | RuntimeException again) {
        return Unreadable.VALUE;
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      return Unreadable.VALUE;
    }
  }

  /** What a value looks like in a line: strings quoted, records by their kind, long values cut. */
  static String show(Object value) {
    if (value == Absent.VALUE) {
      return "(none)";
    }
    if (value == null) {
      return "null";
    }
    String text;
    if (value instanceof CharSequence chars) {
      text = '"' + chars.toString() + '"';
    } else if (value.getClass().isRecord()) {
      String own = ownWords(value);
      text = own != null ? own : fields(value);
    } else {
      text = String.valueOf(value);
    }
    return text.length() <= MAX_VALUE ? text : text.substring(0, MAX_VALUE - 3) + "...";
  }

  /**
   * A record's own words for itself (an id: {@code TopDownArena}, {@code ActionSet:HUD}), or null
   * when it only has the generated {@code Entry[actorClass=..., ...]}, no better than its fields.
   */
  private static String ownWords(Object record) {
    String text = String.valueOf(record);
    return text.startsWith(record.getClass().getSimpleName() + "[") ? null : text;
  }

  /** A record as its fields, as the JSON it was read from names them: {@code {actorClass: Hero, componentClass: Score}}. */
  private static String fields(Object record) {
    StringBuilder out = new StringBuilder("{");
    for (RecordComponent component : record.getClass().getRecordComponents()) {
      Object value = read(component, record);
      if (value == null) {
        continue;
      }
      if (out.length() > 1) {
        out.append(", ");
      }
      out.append(component.getName()).append(": ").append(value instanceof CharSequence chars ? chars : show(value));
      if (out.length() > MAX_VALUE) {
        break;
      }
    }
    return out.append('}').toString();
  }

  /** A component the framework may not read: shown as such, and equal on both sides. */
  private enum Unreadable {
    VALUE;

    @Override
    public String toString() {
      return "(unreadable)";
    }
  }

  /** A list entry or map key on one side only. */
  private enum Absent {
    VALUE
  }
}
