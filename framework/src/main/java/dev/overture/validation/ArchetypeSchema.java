package dev.overture.validation;

import dev.overture.asset.AssetManager;
import dev.overture.object.ClassDefaults;
import dev.overture.object.ObjectFactory;
import dev.overture.object.ObjectProperties;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The schema of archetypes ({@code Archetype.schema.json}), for the {@link SchemaGenerator}: a
 * registered class, and for the class the file names (JSON Schema {@code if}/{@code then} on
 * {@code "class"}) its properties typed, and its default subobjects by name, each with the classes
 * it may be replaced by and, for the class the override names (or the one built when it names
 * none), its properties typed.
 *
 * <p>Read from what loading reads, not from a table of its own: the properties are the classes'
 * {@code @Property} fields ({@link ObjectProperties}), each typed as a record's component of its
 * type and declarations ({@code @ValueRange}'s {@code minimum} and {@code maximum}, the item
 * counts of {@code @SizeRange}, the {@code minLength} and pattern of {@code @NotBlank}), since
 * loading reads it as such a component ({@code ContentValues}); the subobjects those their class defaults
 * ask for ({@link ClassDefaults#overridableSubobjects()}, {@link ClassDefaults#isOptional}, {@link
 * ClassDefaults#subobjectClass}, {@link ClassDefaults#refusal}, which {@link ObjectFactory#check}
 * reads too). An unknown property or subobject is an error in loading, so {@code
 * additionalProperties: false} in both. A class whose class defaults cannot be built (abstract, or
 * needing a dependency nobody supplies here) keeps its subobjects open: loading then says why.
 *
 * <p>Not thread-safe; one per schema.
 */
final class ArchetypeSchema {

  private static final Logger log = LoggerFactory.getLogger(ArchetypeSchema.class);
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final AssetManager assets;
  /**
   * The schema of a Java type declared with annotations, as the record schemas write a component's
   * (numbers bounded by their type and {@code @ValueRange}, lists by {@code @SizeRange}, strings
   * by {@code @NotBlank}).
   */
  private final BiFunction<Type, AnnotatedElement, ObjectNode> typeSchema;
  /** The schema of a registered class name of a base: an {@code enum} of the names. */
  private final Function<Class<?>, ObjectNode> classNames;
  private final ObjectFactory objects = ObjectFactory.create();
  /** The typed properties of each class, made once: a class is met once per subobject that may be one. */
  private final Map<Class<?>, ObjectNode> propertiesByClass = new HashMap<>();

  ArchetypeSchema(
      AssetManager assets, BiFunction<Type, AnnotatedElement, ObjectNode> typeSchema, Function<Class<?>, ObjectNode> classNames) {
    this.assets = assets;
    this.typeSchema = typeSchema;
    this.classNames = classNames;
  }

  /** Archetypes: a registered class, its property values, its subobject overrides. */
  ObjectNode schema() {
    ObjectNode schema = NODES.objectNode().put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    properties.set("class", classNames.apply(Object.class));
    properties.set("properties", anyValues().put("description", "Values of the class's @Property fields"));
    ObjectNode subobjects = NODES.objectNode().put("type", "object")
        .put("description", "Changes to the class's default subobjects, by name");
    subobjects.set("additionalProperties", override(anyValues(), NODES.objectNode().put("type", "boolean"), classNames.apply(Object.class)));
    properties.set("subobjects", subobjects);
    schema.putArray("required").add("class");
    schema.put("additionalProperties", false);
    ArrayNode byClass = schema.putArray("allOf");
    for (String name : assets.tools().classes(Object.class)) {
      Class<?> type = assets.tools().kind(Object.class, name).orElseThrow();
      ObjectNode then = NODES.objectNode();
      ObjectNode thenProperties = then.putObject("properties");
      thenProperties.set("properties", propertiesOf(type));
      defaults(type).ifPresent(defaults -> thenProperties.set("subobjects", subobjectsOf(defaults)));
      byClass.add(when("class", name, then));
    }
    return schema;
  }

  /** The class defaults of {@code type}, or empty when they cannot be built here. */
  private Optional<ClassDefaults<?>> defaults(Class<?> type) {
    try {
      return Optional.of(objects.classDefaults(type));
    } catch (RuntimeException e) {
      log.debug("The archetype schema leaves the subobjects of {} open: {}", type.getName(), e.getMessage());
      return Optional.empty();
    }
  }

  /** The default subobjects of the class by name, unknown names refused as check refuses them. */
  private ObjectNode subobjectsOf(ClassDefaults<?> defaults) {
    ObjectNode schema = NODES.objectNode().put("type", "object");
    ObjectNode named = schema.putObject("properties");
    for (String subobject : defaults.overridableSubobjects()) {
      List<String> accepted = new ArrayList<>();
      for (String name : assets.tools().classes(Object.class)) {
        Class<?> candidate = assets.tools().kind(Object.class, name).orElseThrow();
        if (defaults.refusal(subobject, candidate).isEmpty()) {
          accepted.add(name);
        }
      }
      ObjectNode classes = NODES.objectNode();
      accepted.forEach(classes.putArray("enum")::add);
      classes.put("description", "A registered class that may be " + subobject + " of " + defaults.type().getSimpleName());
      boolean optional = defaults.isOptional(subobject);
      ObjectNode create = optional
          ? NODES.objectNode().put("type", "boolean")
          : NODES.objectNode().put("const", true).put("description", subobject + " is required: it cannot be left out");
      ObjectNode override = override(anyValues(), create, accepted.isEmpty() ? null : classes);
      ArrayNode cases = override.putArray("allOf");
      for (String name : accepted) {
        cases.add(when("class", name, valuesOf(assets.tools().kind(Object.class, name).orElseThrow())));
      }
      ObjectNode noClass = NODES.objectNode();
      noClass.putObject("not").putArray("required").add("class");
      cases.add(NODES.objectNode().<ObjectNode>set("if", noClass).set("then", valuesOf(defaults.subobjectClass(subobject))));
      if (optional) {
        // Left out, it takes neither a class nor values (check: Overture/ConflictingOverride).
        ObjectNode leftOut = NODES.objectNode();
        leftOut.putArray("required").add("create");
        leftOut.putObject("properties").putObject("create").put("const", false);
        ObjectNode nothing = NODES.objectNode();
        ObjectNode nothingProperties = nothing.putObject("properties");
        nothingProperties.put("class", false);
        nothingProperties.putObject("properties").put("maxProperties", 0);
        cases.add(NODES.objectNode().<ObjectNode>set("if", leftOut).set("then", nothing));
      }
      named.set(subobject, override);
    }
    schema.put("additionalProperties", false);
    return schema;
  }

  /** One subobject override: {@code class} ({@code false} when none is accepted), {@code create}, {@code properties}. */
  private static ObjectNode override(ObjectNode values, ObjectNode create, ObjectNode classes) {
    ObjectNode override = NODES.objectNode().put("type", "object");
    ObjectNode properties = override.putObject("properties");
    if (classes == null) {
      properties.put("class", false);
    } else {
      properties.set("class", classes);
    }
    properties.set("create", create);
    properties.set("properties", values);
    override.put("additionalProperties", false);
    return override;
  }

  /** {@code {"properties": {"properties": <type's values>}}}: what a case of an override says. */
  private ObjectNode valuesOf(Class<?> type) {
    ObjectNode then = NODES.objectNode();
    then.putObject("properties").set("properties", propertiesOf(type));
    return then;
  }

  /** The {@code @Property} fields of {@code type}, typed; no other name. A copy: each place has its own. */
  private ObjectNode propertiesOf(Class<?> type) {
    return propertiesByClass.computeIfAbsent(type, this::typedProperties).deepCopy();
  }

  /**
   * The {@code @Property} fields of {@code type}, each typed as a record's component of its type and
   * annotations is: loading reads it so ({@code ContentValues}).
   */
  private ObjectNode typedProperties(Class<?> type) {
    ObjectNode schema = NODES.objectNode().put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    for (String name : ObjectProperties.names(type)) {
      Type propertyType = ObjectProperties.type(type, name);
      properties.set(name, typed(propertyType) ? typeSchema.apply(propertyType, ObjectProperties.declaration(type, name)) : anyValue()
          .put("description", "A " + propertyType.getTypeName() + " (checked when the archetype is loaded)"));
    }
    schema.put("additionalProperties", false);
    return schema;
  }

  /**
   * Whether the schema of {@code type} says what loading takes (property values are read with
   * Jackson's own rules for their type, made as strict as asset files: PropertyValues): numbers,
   * whole numbers, strings, characters, booleans, enums, and lists, arrays and maps of them. A
   * record, a bean or a service is left to loading: it is not read as an asset's record is.
   */
  private static boolean typed(Type type) {
    if (type instanceof ParameterizedType parameterized && parameterized.getRawType() instanceof Class<?> raw) {
      Type[] arguments = parameterized.getActualTypeArguments();
      if (Collection.class.isAssignableFrom(raw) && (raw == List.class || raw == java.util.Set.class || raw == Collection.class)) {
        return typed(arguments[0]);
      }
      return raw == Map.class && arguments[0] == String.class && typed(arguments[1]);
    }
    if (type instanceof GenericArrayType array) {
      return typed(array.getGenericComponentType());
    }
    if (!(type instanceof Class<?> c)) {
      return false;
    }
    if (c.isArray()) {
      return c != byte[].class && c != char[].class && typed(c.getComponentType()); // Jackson reads those from strings
    }
    return c.isPrimitive() || c == String.class || c == Boolean.class || c == Character.class || c == Integer.class
        || c == Long.class || c == Short.class || c == Byte.class || c == Double.class || c == Float.class
        || c == BigInteger.class || c == BigDecimal.class || c.isEnum();
  }

  /** Any value but null, which binding refuses as it refuses a null in any map. */
  private static ObjectNode anyValue() {
    ObjectNode value = NODES.objectNode();
    value.putObject("not").put("type", "null");
    return value;
  }

  /** An object of values of any JSON but null. */
  private static ObjectNode anyValues() {
    ObjectNode values = NODES.objectNode().put("type", "object");
    values.set("additionalProperties", anyValue());
    return values;
  }

  /** {@code {"if": {"required": [property], "properties": {property: {"const": value}}}, "then": then}}. */
  private static ObjectNode when(String property, String value, ObjectNode then) {
    ObjectNode condition = NODES.objectNode();
    condition.putArray("required").add(property);
    condition.putObject("properties").putObject(property).put("const", value);
    ObjectNode rule = NODES.objectNode();
    rule.set("if", condition);
    rule.set("then", then);
    return rule;
  }
}
