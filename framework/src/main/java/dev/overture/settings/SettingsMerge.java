package dev.overture.settings;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Merges what two programs saved to one settings file, field by field: a field this program
 * changed since it last read or wrote the file keeps this program's value; every other field takes
 * the value the other program saved. Two game windows on one machine, one changing the volume and
 * the other the language, both keep their change; a field both changed keeps the last save's.
 * Stateless; any thread.
 */
final class SettingsMerge {

  /**
   * The merged values, and the fields that came from the other program.
   *
   * @param values the values to save
   * @param theirs the names of the fields whose value came from the file
   */
  record Merged<T>(T values, List<String> theirs) {}

  private SettingsMerge() {}

  /**
   * @param base the values as this program last read or wrote them
   * @param ours this program's values now
   * @param file the values the file holds now (another program's save)
   */
  static <T extends Record> Merged<T> merge(Class<T> type, T base, T ours, T file) {
    RecordComponent[] components = type.getRecordComponents();
    Object[] arguments = new Object[components.length];
    List<String> theirs = new ArrayList<>();
    for (int i = 0; i < components.length; i++) {
      Object mine = get(components[i], ours);
      Object before = get(components[i], base);
      Object saved = get(components[i], file);
      boolean changedHere = !Objects.equals(mine, before);
      arguments[i] = changedHere ? mine : saved;
      if (!changedHere && !Objects.equals(mine, saved)) {
        theirs.add(components[i].getName());
      }
    }
    if (theirs.isEmpty()) {
      return new Merged<>(ours, theirs);
    }
    try {
      Constructor<T> canonical = type.getDeclaredConstructor(Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
      canonical.setAccessible(true);
      return new Merged<>(canonical.newInstance(arguments), theirs);
    } catch (InvocationTargetException e) {
      // The two programs' values do not fit together: this program's save wins whole.
      return new Merged<>(ours, List.of());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot build " + type.getName(), e);
    }
  }

  /** The value of {@code component} in {@code record}. */
  static Object get(RecordComponent component, Object record) {
    try {
      component.getAccessor().setAccessible(true);
      return component.getAccessor().invoke(record);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot read " + component, e);
    }
  }
}
