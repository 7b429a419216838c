package dev.overture.object;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import dev.overture.asset.ClassRef;
import dev.overture.asset.ScanRule;
import dev.overture.core.DataException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.util.AccessPattern;
import tools.jackson.databind.util.TokenBuffer;

/**
 * A named variation of a registered class defined in content, like a Blueprint subclass of a C++
 * class: the class, property overrides, and default subobject overrides (another class, or not
 * created, and property overrides). A primary asset of type {@code Archetype}.
 *
 * <pre>{@code
 * {
 *   "class": "Hero",
 *   "properties": { "maxHealth": 150, "speed": 4.5 },
 *   "subobjects": {
 *     "Movement": { "class": "HeavyMovement", "properties": { "acceleration": 2 } },
 *     "Mesh": { "create": false }
 *   }
 * }
 * }</pre>
 *
 * An unknown class or property, or a value that does not fit, fails when the file is read, at its
 * place in the file; subobjects, and the values of their properties, are checked against the class
 * by {@link ObjectFactory#check}. A value is read as an asset file's field of the property's type
 * and declarations is read ({@link dev.overture.asset.ContentValues}): a {@code @ValueRange},
 * {@code @SizeRange} or {@code @NotBlank} on the property bounds it, and a value that does not fit
 * gets the problem such a field gets ({@code "maxSpeed" must be 0 or more, not -3}). Immutable.
 */
public final class ObjectArchetype {

  private final ClassRef<Object> objectClass;
  private final Map<String, PropertyValues.Value> properties;
  private final Map<String, SubobjectOverride> subobjects;
  /**
   * Each subobject override's property values as the file wrote them (numbers spelt as written, so
   * that a problem quotes them as an asset file's field would), read for the class built.
   */
  private final Map<String, Map<String, TokenBuffer>> subobjectValues;
  /** Subobject property values converted for the class actually built, once per (subobject, class). */
  private final Map<Converted, Map<String, PropertyValues.Value>> converted = new ConcurrentHashMap<>();

  private record Converted(String subobject, Class<?> type) {

    // Written out, as the record's own (issue 20): the generated ones cost a start-up an invokedynamic link.
    @Override
    public boolean equals(Object o) {
      return this == o || o instanceof Converted other && subobject.equals(other.subobject) && type == other.type;
    }

    @Override
    public int hashCode() {
      return 31 * subobject.hashCode() + type.hashCode();
    }
  }

  /** The primary asset type of archetypes. */
  public static final String ASSET_TYPE = "Archetype";

  /** The scan rule of archetypes: type {@code Archetype}, in {@code archetypes} of every content root. */
  public static ScanRule scanRule() {
    return ScanRule.of(ASSET_TYPE, ObjectArchetype.class, "archetypes");
  }

  /**
   * An archetype made in code; {@code properties} and each override's are checked as a file's are
   * (see the class comment).
   */
  public ObjectArchetype(
      ClassRef<Object> objectClass, Map<String, JsonNode> properties, Map<String, SubobjectOverride> subobjects) {
    this(objectClass,
        PropertyValues.written(properties == null ? Map.of() : properties),
        subobjects == null ? Map.of() : subobjects,
        writtenValues(subobjects == null ? Map.of() : subobjects));
  }

  private ObjectArchetype(
      ClassRef<Object> objectClass, Map<String, TokenBuffer> properties, Map<String, SubobjectOverride> subobjects,
      Map<String, Map<String, TokenBuffer>> subobjectValues) {
    if (objectClass == null) {
      throw new DataException(
          "Overture/MissingClass", "", "Missing \"class\": name the registered class this archetype varies");
    }
    this.objectClass = objectClass;
    this.properties = Collections.unmodifiableMap(PropertyValues.convert(objectClass.type(), properties, "/properties"));
    this.subobjects = Collections.unmodifiableMap(new LinkedHashMap<>(subobjects));
    this.subobjectValues = Map.copyOf(subobjectValues);
  }

  /**
   * Bound from JSON, see the class comment: the values are kept as written, the overrides' too, and
   * the overrides are also shown as trees ({@link #subobjects()}).
   */
  @JsonCreator
  static ObjectArchetype fromJson(
      @JsonProperty("class") ClassRef<Object> objectClass,
      @JsonProperty("properties") @JsonSetter(contentNulls = Nulls.SET) @JsonDeserialize(contentUsing = WrittenValue.class)
          Map<String, TokenBuffer> properties,
      @JsonProperty("subobjects") Map<String, WrittenOverride> subobjects) {
    Map<String, SubobjectOverride> overrides = new LinkedHashMap<>();
    Map<String, Map<String, TokenBuffer>> values = new LinkedHashMap<>();
    if (subobjects != null) {
      subobjects.forEach((name, written) -> {
        Map<String, TokenBuffer> writtenValues = written.properties() == null ? Map.of() : written.properties();
        Map<String, JsonNode> trees = new LinkedHashMap<>();
        writtenValues.forEach((property, value) -> trees.put(property, PropertyValues.tree(value)));
        overrides.put(name, new SubobjectOverride(written.objectClass(), written.create(), trees));
        values.put(name, writtenValues);
      });
    }
    return new ObjectArchetype(objectClass, properties == null ? Map.of() : properties, overrides, values);
  }

  /** A subobject override as a file writes it: {@link SubobjectOverride}, with its values as written. */
  private record WrittenOverride(
      @JsonProperty("class") ClassRef<Object> objectClass, Boolean create,
      @JsonSetter(contentNulls = Nulls.SET) @JsonDeserialize(contentUsing = WrittenValue.class)
          Map<String, TokenBuffer> properties) {}

  /**
   * A property value as the file wrote it: its tokens, numbers spelt as written; a {@code null}
   * too, as JSON's {@code null}, which {@link PropertyValues#convert} refuses as an asset file's
   * field refuses it (expected what, and to leave it out for the default).
   */
  private static final class WrittenValue extends ValueDeserializer<TokenBuffer> {
    @Override
    public TokenBuffer deserialize(JsonParser parser, DeserializationContext ctxt) {
      return ctxt.bufferAsCopyOfValue(parser);
    }

    @Override
    public Object getNullValue(DeserializationContext ctxt) {
      return PropertyValues.written((JsonNode) null);
    }

    @Override
    public AccessPattern getNullAccessPattern() {
      return AccessPattern.DYNAMIC;
    }
  }

  private static Map<String, Map<String, TokenBuffer>> writtenValues(Map<String, SubobjectOverride> subobjects) {
    Map<String, Map<String, TokenBuffer>> values = new LinkedHashMap<>();
    subobjects.forEach((name, override) -> values.put(name, PropertyValues.written(override.properties())));
    return values;
  }

  /** The class it varies. */
  public Class<?> objectClass() {
    return objectClass.type();
  }

  /** The property values it sets, converted to the properties' types (a copy: changing it changes nothing). */
  public Map<String, Object> properties() {
    Map<String, Object> copy = new LinkedHashMap<>();
    properties.forEach((name, value) -> copy.put(name, value.forInstance()));
    return Collections.unmodifiableMap(copy);
  }

  Map<String, PropertyValues.Value> propertyValues() {
    return properties;
  }

  /** Its default subobject overrides, by subobject name. */
  public Map<String, SubobjectOverride> subobjects() {
    return subobjects;
  }

  /**
   * The property overrides of subobject {@code subobject}, converted for {@code type}, the class
   * built for it; computed once per class.
   *
   * @throws DataException when a property does not exist on {@code type} or a value does not fit
   */
  Map<String, PropertyValues.Value> subobjectProperties(String subobject, Class<?> type) {
    Map<String, TokenBuffer> values = subobjectValues.getOrDefault(subobject, Map.of());
    if (values.isEmpty()) {
      return Map.of();
    }
    return converted.computeIfAbsent(new Converted(subobject, type), key -> Collections.unmodifiableMap(
        PropertyValues.convert(type, values, "/subobjects/" + subobject.replace("~", "~0").replace("/", "~1") + "/properties")));
  }

  /**
   * Equal when read from the same content: the same class, property values and subobject
   * overrides. A live reload tells by this that a file saved again changed nothing in force.
   */
  @Override
  public boolean equals(Object o) {
    return this == o || o instanceof ObjectArchetype other && objectClass.equals(other.objectClass)
        && properties.equals(other.properties) && subobjects.equals(other.subobjects);
  }

  @Override
  public int hashCode() {
    return Objects.hash(objectClass, properties, subobjects);
  }

  @Override
  public String toString() {
    return "ObjectArchetype[" + objectClass + ", properties " + properties.keySet() + ", subobjects " + subobjects.keySet() + "]";
  }

  /**
   * What an archetype changes about one default subobject.
   *
   * @param objectClass another class for it (a subtype of what its creator asks for), or none
   * @param create false to not create it (refused when it is required)
   * @param properties property overrides, checked against its class when the object is built
   */
  public record SubobjectOverride(
      @JsonProperty("class") ClassRef<Object> objectClass, Boolean create, Map<String, JsonNode> properties) {

    public SubobjectOverride {
      create = create == null || create;
      properties = properties == null ? Map.of() : Map.copyOf(properties);
    }

    /** The class it asks for, if any. */
    public Optional<Class<?>> type() {
      return Optional.ofNullable(objectClass).map(ClassRef::type);
    }
  }

  static ObjectArchetype of(ClassRef<Object> type) {
    return new ObjectArchetype(Objects.requireNonNull(type, "type"), Map.of(), Map.of());
  }
}
