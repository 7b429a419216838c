package dev.overture.asset;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the references a bound asset holds in the requested bundles: every {@link PrimaryAssetId}
 * and {@link SoftRef} under a record component annotated with {@link AssetBundles} (directly, or
 * inside lists, sets, maps, optionals and nested records, which inherit the annotation). Each
 * reference comes with the place it was bound from, rendered as a JSON pointer only when needed.
 *
 * <p>Each record class gets a plan once per scanner: its components, their accessors, and, from
 * their declared generic types, whether anything below them can be a reference or carry an
 * annotation. Components that cannot are never read, so a large asset with no reference costs one
 * lookup. An asset manager owns one scanner, so the plans of its content's classes (a plugin's
 * among them) live and go with it. Thread-safe.
 */
final class ReferenceScanner {

  /** A step of the path from the asset's root to a value: a property name or an array index. */
  record Step(Step parent, String name, int index) {

    /** The RFC 6901 pointer of this step. */
    String pointer() {
      List<Step> steps = new ArrayList<>();
      for (Step step = this; step != null; step = step.parent) {
        steps.add(step);
      }
      StringBuilder out = new StringBuilder();
      for (int i = steps.size() - 1; i >= 0; i--) {
        Step step = steps.get(i);
        out.append('/');
        if (step.name != null) {
          out.append(step.name.replace("~", "~0").replace("/", "~1"));
        } else {
          out.append(step.index);
        }
      }
      return out.toString();
    }

    static String pointerOf(Step step) {
      return step == null ? "" : step.pointer();
    }
  }

  /** A reference found in an asset. */
  record Found(AssetKey target, Step where, boolean acyclic) {}

  /**
   * One record component: whether it is annotated, and whether anything below it can be a
   * reference ({@code holdsReferences}) or carry an annotation ({@code holdsAnnotations}).
   */
  private record Component(
      String jsonName, MethodHandle accessor, Bundles bundles, boolean holdsReferences, boolean holdsAnnotations) {}

  /**
   * An {@link AssetBundles} annotation's values, read once for the plan: asking the annotation
   * (a proxy that copies its array on every call) for each of a bundle's thousands of references
   * showed in profiles of the load that fans them out.
   */
  private record Bundles(List<String> names, boolean acyclic) {
    static Bundles of(AssetBundles annotation) {
      return annotation == null ? null : new Bundles(List.of(annotation.value()), annotation.acyclic());
    }

    boolean follows(Set<String> requested) {
      for (String bundle : names) {
        if (bundle.equals(AssetBundles.ALWAYS) || requested.contains(bundle)) {
          return true;
        }
      }
      return false;
    }
  }

  /** The plan of a record class; {@code annotated} says whether any component matters unprompted. */
  private record Plan(List<Component> components, boolean annotated) {
    static final Plan EMPTY = new Plan(List.of(), false);
  }

  private final ClassValue<Plan> plans =
      new ClassValue<>() {
        @Override
        protected Plan computeValue(Class<?> type) {
          Plan plan = plan(type);
          for (Component component : plan.components()) {
            if (component.bundles() != null) {
              declared.addAll(component.bundles().names());
            }
          }
          return plan;
        }
      };

  /** The bundle names the classes planned so far declare ({@link AssetBundles}). */
  private final Set<String> declared = java.util.concurrent.ConcurrentHashMap.newKeySet();

  ReferenceScanner() {}

  /**
   * The references in {@code value} that one of {@code bundles} holds, in the order of its fields.
   *
   * <p>Returned as a list rather than handed to a callback as they are found: a load's callback
   * reaches each reference (pins its slot, starts its read), and the optimizing compiler inlined
   * all of that into this recursive walk, once for each place the walk reports and again for the
   * level of recursion it inlines. The walk's compilation then took half a second of the one
   * compiler thread of a two-core machine during a fresh JVM's first loads (an experience of
   * 10,000 references); kept apart, the walk compiles in a tenth of that, and the caller's loop
   * separately.
   */
  List<Found> scan(Object value, Set<String> bundles) {
    if (value instanceof Record && followsNothing(plans.get(value.getClass()), null, bundles)) {
      // Most assets of a large bundle are such leaves: no list made, and the walk (a large method
      // for the optimizing compiler) is not run once per asset.
      return List.of();
    }
    List<Found> found = new ArrayList<>();
    walk(value, null, null, bundles, found);
    return found;
  }

  /**
   * The bundle names declared by the classes of the values scanned so far: what a load's requested
   * bundle names are checked against for a misspelling.
   */
  Set<String> declaredBundles() {
    return declared;
  }

  /**
   * Whether a value of {@code plan}'s class can hold nothing the requested {@code bundles} follow:
   * no bundle above it, none on its components or below them (when every reference is wanted,
   * {@code bundles} null, anything can).
   */
  private static boolean followsNothing(Plan plan, Bundles inherited, Set<String> bundles) {
    return bundles != null && inherited == null && !plan.annotated;
  }

  /** Every reference in {@code value}, in a bundle or not, in the order of its fields. */
  List<Found> scanAll(Object value) {
    List<Found> found = new ArrayList<>();
    walk(value, null, null, null, found);
    return found;
  }

  /** @param bundles the bundles to follow; null for every reference, bundle or not */
  private void walk(Object value, Step where, Bundles inherited, Set<String> bundles, List<Found> found) {
    if (value == null) {
      return;
    }
    if (value instanceof AssetKey key) {
      if (bundles == null || (inherited != null && inherited.follows(bundles))) {
        found.add(new Found(key, where, inherited != null && inherited.acyclic()));
      }
      return;
    }
    if (value instanceof ClassOrAsset<?> classOrAsset) {
      // The asset stands where the whole value was written.
      walk(classOrAsset.asset().orElse(null), where, inherited, bundles, found);
      return;
    }
    if (value instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        walk(list.get(i), new Step(where, null, i), inherited, bundles, found);
      }
    } else if (value instanceof Collection<?> collection) {
      // Sets have no stable index: point at the collection itself.
      for (Object element : collection) {
        walk(element, where, inherited, bundles, found);
      }
    } else if (value instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        walk(entry.getValue(), new Step(where, String.valueOf(entry.getKey()), -1), inherited, bundles, found);
      }
    } else if (value instanceof Optional<?> optional) {
      if (optional.isPresent()) {
        walk(optional.get(), where, inherited, bundles, found);
      }
    } else if (value instanceof Object[] array) {
      for (int i = 0; i < array.length; i++) {
        walk(array[i], new Step(where, null, i), inherited, bundles, found);
      }
    } else {
      Plan plan = plans.get(value.getClass());
      if (followsNothing(plan, inherited, bundles)) {
        return;
      }
      for (Component component : plan.components) {
        Bundles here = component.bundles != null ? component.bundles : inherited;
        boolean worthReading =
            component.bundles != null
                || component.holdsAnnotations
                || ((here != null || bundles == null) && component.holdsReferences);
        if (worthReading) {
          walk(read(value, component), new Step(where, component.jsonName, -1), here, bundles, found);
        }
      }
    }
  }

  private static Object read(Object value, Component component) {
    try {
      return component.accessor.invoke(value);
    } catch (Throwable e) {
      throw new IllegalStateException(
          "Could not read " + value.getClass().getName() + "." + component.jsonName, e);
    }
  }

  private static Plan plan(Class<?> type) {
    if (!type.isRecord()) {
      return Plan.EMPTY;
    }
    MethodHandles.Lookup lookup = MethodHandles.lookup();
    List<Component> components = new ArrayList<>();
    boolean annotated = false;
    for (RecordComponent component : type.getRecordComponents()) {
      AssetBundles bundles = component.getAnnotation(AssetBundles.class);
      Type declared = component.getGenericType();
      boolean holdsReferences = reaches(declared, false, new HashSet<>());
      boolean holdsAnnotations = reaches(declared, true, new HashSet<>());
      if (bundles == null && !holdsReferences && !holdsAnnotations) {
        continue;
      }
      annotated |= bundles != null || holdsAnnotations;
      try {
        java.lang.reflect.Method accessor = component.getAccessor();
        // @JsonProperty cannot target a record component: Java puts it on the accessor (and the
        // field and constructor parameter), where Jackson reads it too.
        JsonProperty property = accessor.getAnnotation(JsonProperty.class);
        String jsonName = property != null && !property.value().isEmpty() ? property.value() : component.getName();
        accessor.setAccessible(true);
        components.add(
            new Component(jsonName, lookup.unreflect(accessor), Bundles.of(bundles), holdsReferences, holdsAnnotations));
      } catch (IllegalAccessException | RuntimeException e) {
        throw new IllegalStateException(
            "Cannot read component " + component.getName() + " of " + type.getName()
                + " to find its asset references; make the record accessible to Overture",
            e);
      }
    }
    return components.isEmpty() ? Plan.EMPTY : new Plan(List.copyOf(components), annotated);
  }

  /**
   * Whether a value of the declared {@code type} can hold a reference ({@code annotations} false)
   * or a component annotated with {@link AssetBundles} ({@code annotations} true) somewhere below.
   * Types that are not closed (interfaces, abstract classes, type variables) may hold anything.
   */
  private static boolean reaches(Type type, boolean annotations, Set<Class<?>> visiting) {
    if (type instanceof ParameterizedType parameterized) {
      Class<?> raw = (Class<?>) parameterized.getRawType();
      Type[] arguments = parameterized.getActualTypeArguments();
      if (raw == SoftRef.class) {
        return !annotations;
      }
      if (Collection.class.isAssignableFrom(raw) || raw == Optional.class) {
        return reaches(arguments[0], annotations, visiting);
      }
      if (Map.class.isAssignableFrom(raw)) {
        return reaches(arguments[1], annotations, visiting);
      }
      return reaches(raw, annotations, visiting);
    }
    if (type instanceof GenericArrayType array) {
      return reaches(array.getGenericComponentType(), annotations, visiting);
    }
    if (!(type instanceof Class<?> c)) {
      return true; // a type variable or wildcard: unknown until run time
    }
    if (c == PrimaryAssetId.class || c == SoftRef.class) {
      return !annotations;
    }
    if (c.isPrimitive() || c.isEnum() || isClosedLeaf(c)) {
      return false;
    }
    if (c.isArray()) {
      return reaches(c.getComponentType(), annotations, visiting);
    }
    if (Collection.class.isAssignableFrom(c) || Map.class.isAssignableFrom(c) || c == Optional.class) {
      return true; // raw: elements unknown
    }
    if (c.isRecord()) {
      if (!visiting.add(c)) {
        return false; // already being answered higher up
      }
      for (RecordComponent component : c.getRecordComponents()) {
        if ((annotations && component.isAnnotationPresent(AssetBundles.class))
            || reaches(component.getGenericType(), annotations, visiting)) {
          return true;
        }
      }
      return false;
    }
    // Interfaces and abstract classes may be implemented by records: decided per value.
    return c.isInterface() || Modifier.isAbstract(c.getModifiers()) || c == Object.class;
  }

  private static boolean isClosedLeaf(Class<?> c) {
    return c == String.class
        || Number.class.isAssignableFrom(c)
        || c == Boolean.class
        || c == Character.class
        || c == AssetPath.class
        || c == PrimaryAssetType.class
        || c == RawAsset.class
        || c.getName().startsWith("java.time.")
        || c.getName().startsWith("tools.jackson.");
  }
}
