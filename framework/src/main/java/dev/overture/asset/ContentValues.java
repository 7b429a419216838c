package dev.overture.asset;

import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.internal.JsonMappers;
import dev.overture.internal.MappersByLoader;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Type;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.PropertyMetadata;
import tools.jackson.databind.PropertyName;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/**
 * One value of content bound as an asset file's field of the same type and declarations is bound,
 * for content that is not a record's component: an archetype's {@code @Property} values ({@code
 * ObjectArchetype}) are read with it. The same rules apply (docs/assets.md, "How strictly files are
 * read"): no coercion, whole numbers as JSON Schema's {@code integer} takes them, only finite
 * numbers, and what the declaration carries ({@link ValueRange}, {@link SizeRange}, {@link
 * NotBlank}, and {@link Required} on the components of a record in the value); and a value that
 * breaks one is refused with the very problem an asset file's field gets, in the same words:
 *
 * <pre>
 * Object speed = ContentValues.bind(parser, double.class, field, "maxSpeed");
 * // "maxSpeed": -3 with @ValueRange(min = 0):
 * // DataException [Overture/OutOfRange] "maxSpeed" must be 0 or more, not -3, pointer ""
 * </pre>
 *
 * <p>What needs the asset manager's registrations is not bound here: asset ids, soft references,
 * class names and polymorphic kinds are the content's own fields' business. Stateless;
 * thread-safe.
 */
public final class ContentValues {

  /** No registrations: the value rules need none (a record's {@link Required} class name lists no choices). */
  private static final KindRegistry NO_KINDS = new KindRegistry();
  private static final JsonProblems PROBLEMS = new JsonProblems(NO_KINDS);

  /** One mapper per plugin's classes, so that unloading a plugin leaves none of its types cached here. */
  private static final MappersByLoader MAPPERS = new MappersByLoader(() -> {
    SimpleModule values = AssetDeserializers.values("overture-content-values", NO_KINDS);
    values.addDeserializer(Bound.class, new BoundDeserializer());
    return AssetJson.strict(JsonMappers.builder()).addModule(values).build();
  });

  private ContentValues() {}

  /**
   * The value {@code source} holds, bound to {@code type} as a field named {@code name} with the
   * annotations of {@code declaration} is bound in an asset file.
   *
   * @param source a parser over the value, not yet advanced or on its first token; the caller closes it
   * @param declaration the field (or component) whose declarations apply: its {@link ValueRange},
   *     {@link SizeRange}, {@link NotBlank}
   * @param name the field's name in JSON, as messages name it
   * @throws DataException the problem an asset file's field would have, at the place inside the
   *     value ({@code ""} for the value itself, {@code "/2"} for its third item)
   */
  public static Object bind(JsonParser source, Type type, AnnotatedElement declaration, String name) {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(declaration, "declaration");
    Objects.requireNonNull(name, "name");
    JsonMapper mapper = MAPPERS.forType(type);
    JavaType javaType = mapper.getTypeFactory().constructType(type);
    try {
      if (source.currentToken() == null) {
        source.nextToken();
      }
      if (source.hasToken(JsonToken.VALUE_NULL)) {
        // As a field written as null: refused whatever it holds (NullValues), its default applies when left out.
        throw new NullValues.NullValueException(source, javaType);
      }
      return mapper.readerFor(Bound.class)
          .withAttribute(Declared.class, new Declared(name, javaType, declaration, mapper))
          .<Bound>readValue(source)
          .value();
    } catch (JacksonException e) {
      String inside = Pointers.of(e.getPath());
      Problem problem = PROBLEMS.describe(e, Pointers.child("", name) + inside, source);
      throw new DataException(problem, inside);
    }
  }

  /** What {@link BoundDeserializer} reads: the value bound, as the root of the read. */
  private record Bound(Object value) {}

  /**
   * Reads the value through the deserializer Jackson makes for a property of its type with the
   * declaration's annotations, as a record's component gets it (the declared number, text and
   * size checks ask the property for them).
   */
  private static final class BoundDeserializer extends ValueDeserializer<Bound> {
    @Override
    public Class<?> handledType() {
      return Bound.class;
    }

    @Override
    public Bound deserialize(JsonParser parser, DeserializationContext ctxt) {
      Declared declared = (Declared) ctxt.getAttribute(Declared.class);
      return new Bound(ctxt.readPropertyValue(parser, declared, declared.getType()));
    }
  }

  /**
   * A property named {@code name} of {@code type}, whose annotations are {@code declaration}'s, and
   * whose nulls are the mapper's (none in a list or map), as a record component's are.
   */
  private static final class Declared extends BeanProperty.Std {
    private final transient AnnotatedElement declaration;

    Declared(String name, JavaType type, AnnotatedElement declaration, JsonMapper mapper) {
      super(PropertyName.construct(name), type, null, null, PropertyMetadata.STD_OPTIONAL.withNulls(
          mapper.deserializationConfig().getDefaultNullHandling().nonDefaultValueNulls(),
          mapper.deserializationConfig().getDefaultNullHandling().nonDefaultContentNulls()));
      this.declaration = declaration;
    }

    @Override
    public <A extends Annotation> A getAnnotation(Class<A> type) {
      return declaration.getAnnotation(type);
    }
  }
}
