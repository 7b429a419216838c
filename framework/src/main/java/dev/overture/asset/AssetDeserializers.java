package dev.overture.asset;

import dev.overture.internal.Choices;
import dev.overture.internal.FastCreators;
import dev.overture.internal.WholeNumbers;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.deser.jdk.NumberDeserializers;
import tools.jackson.databind.deser.jdk.StringDeserializer;
import tools.jackson.databind.deser.std.DelegatingDeserializer;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.module.SimpleModule;

/**
 * How our value types appear in JSON: asset ids, types, paths and soft references as strings
 * (soft references relative to the content root of the file being bound), and class names only as
 * names registered in the {@link KindRegistry}. A reference that cannot be bound fails with an
 * {@link AssetReferenceException}, which Jackson locates as it unwinds. Stateless apart from the
 * registry, which is read-only once built; thread-safe.
 */
final class AssetDeserializers {

  private AssetDeserializers() {}

  /** The module that binds and writes our value types, resolving class names through {@code kinds}. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static SimpleModule module(KindRegistry kinds) {
    SimpleModule module = values("overture-assets", kinds);
    module.addDeserializer(PrimaryAssetId.class, new IdDeserializer(List.of()));
    module.addDeserializer(PrimaryAssetType.class, new TypeDeserializer());
    module.addDeserializer(AssetPath.class, new PathDeserializer());
    @SuppressWarnings({"unchecked", "rawtypes"})
    Class<SoftRef<?>> softRefClass = (Class) SoftRef.class;
    module.addDeserializer(softRefClass, new SoftRefDeserializer(RawAsset.class));
    @SuppressWarnings({"unchecked", "rawtypes"})
    Class<ClassRef<?>> classRefClass = (Class) ClassRef.class;
    module.addDeserializer(classRefClass, new ClassRefDeserializer(kinds, Object.class));
    module.addSerializer(classRefClass, new StringSerializer<>());
    @SuppressWarnings({"unchecked", "rawtypes"})
    Class<ClassOrAsset<?>> classOrAssetClass = (Class) ClassOrAsset.class;
    module.addDeserializer(classOrAssetClass, new ClassOrAssetDeserializer(kinds, Object.class, List.of()));
    module.addSerializer(classOrAssetClass, new StringSerializer<>());
    module.addSerializer(PrimaryAssetId.class, new StringSerializer<>());
    module.addSerializer(PrimaryAssetType.class, new StringSerializer<>());
    module.addSerializer(AssetPath.class, new StringSerializer<>());
    module.addSerializer(softRefClass, new SoftRefSerializer());
    return module;
  }

  /**
   * The rules of values alone, without our reference types: no null as a value ({@link
   * NullValues}), the declarations a component may carry ({@link ValueRange}, {@link SizeRange},
   * {@link NotBlank}, and {@link Required} in a record), whole and finite numbers. The content's
   * module adds the references to it; {@link ContentValues} binds with it alone.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static SimpleModule values(String name, KindRegistry kinds) {
    SimpleModule module =
        new SimpleModule(name) {
          private static final long serialVersionUID = 1L;

          @Override
          public void setupModule(SetupContext context) {
            super.setupModule(context);
            context.addDeserializerModifier(new SizeChecks());
            // Each added set goes first: FastCreators replaces Jackson's instantiator, then the check wraps it.
            context.addValueInstantiators(new RequiredProperties(kinds));
            context.addValueInstantiators(FastCreators.instantiators());
          }
        };
    module.setDeserializerModifier(new NullValues());
    module.addDeserializer((Class) String.class, new TextDeserializer(StringDeserializer.instance));
    for (Class<?> number : List.of(Double.class, double.class, Float.class, float.class)) {
      finite(module, number);
    }
    for (Class<?> number : List.of(Integer.class, int.class, Long.class, long.class, Short.class, short.class)) {
      ranged(module, number);
    }
    for (Class<?> number : List.of(Byte.class, byte.class, BigInteger.class)) {
      module.addDeserializer((Class) number, (ValueDeserializer) WholeNumbers.deserializer(number));
    }
    return module;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void finite(SimpleModule module, Class number) {
    module.addDeserializer(number, new RangeDeserializer(new FiniteNumberDeserializer(NumberDeserializers.find(number))));
  }

  /**
   * Jackson's own deserializer of {@code number}, taking whole numbers written as decimals ({@code
   * 1e3}; {@link WholeNumbers}), and bounded where a property declares a {@link ValueRange}.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void ranged(SimpleModule module, Class number) {
    module.addDeserializer(number, new RangeDeserializer(WholeNumbers.deserializer(number)));
  }

  /**
   * Jackson's own double and float deserializers (so every coercion rule and message stays), with
   * one more rule: the value must be finite. Jackson reads the strings {@code "NaN"} and {@code
   * "Infinity"} into a double whatever the coercion settings, and a literal too large for a double
   * ({@code 1e999}) as an infinity; such a value then passes every range check ({@code NaN > max} is
   * false), and a resave would write it as a string.
   */
  private static final class FiniteNumberDeserializer extends DelegatingDeserializer {
    private static final long serialVersionUID = 1L;

    FiniteNumberDeserializer(ValueDeserializer<?> delegate) {
      super(delegate);
    }

    @Override
    protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> delegate) {
      return new FiniteNumberDeserializer(delegate);
    }

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext ctxt) {
      Object value = super.deserialize(parser, ctxt);
      if (value instanceof Number number && !Double.isFinite(number.doubleValue())) {
        String written = parser.currentToken() == JsonToken.VALUE_STRING ? "\"" + parser.getString() + "\"" : parser.getText();
        throw new AssetReferenceException(parser, "Overture/InvalidValue",
            parser.currentToken() == JsonToken.VALUE_STRING
                ? "Expected a finite number but found " + written
                : written + " is too large for a number here (it would be " + number + "); write a finite number",
            List.of());
      }
      return value;
    }
  }

  private static String expectString(JsonParser parser, DeserializationContext ctxt, Class<?> target) {
    if (parser.currentToken() != JsonToken.VALUE_STRING) {
      throw MismatchedInputException.from(parser, target, "expected a string").setCurrentToken(parser.currentToken());
    }
    return parser.getString();
  }

  /** Binds {@code "Type:Name"} (or a bare name when the field allows exactly one type). */
  private static final class IdDeserializer extends ValueDeserializer<PrimaryAssetId> {
    @Override
    public Class<?> handledType() {
      return PrimaryAssetId.class;
    }

    private final List<PrimaryAssetType> allowed;

    IdDeserializer(List<PrimaryAssetType> allowed) {
      this.allowed = allowed;
    }

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
      AllowedTypes annotation = property == null ? null : property.getAnnotation(AllowedTypes.class);
      if (annotation == null) {
        return this;
      }
      return new IdDeserializer(Arrays.stream(annotation.value()).map(PrimaryAssetType::of).toList());
    }

    @Override
    public PrimaryAssetId deserialize(JsonParser parser, DeserializationContext ctxt) {
      String text = expectString(parser, ctxt, PrimaryAssetId.class);
      PrimaryAssetId id;
      try {
        id = allowed.size() == 1 ? PrimaryAssetId.parse(text, allowed.get(0)) : PrimaryAssetId.parse(text);
      } catch (IllegalArgumentException e) {
        throw new AssetReferenceException(parser, "Overture/InvalidReference", e.getMessage(), typeNames());
      }
      if (!allowed.isEmpty() && !allowed.contains(id.type())) {
        throw new AssetReferenceException(
            parser,
            "Overture/WrongAssetType",
            "Reference \"" + text + "\" is of type " + id.type() + ", which this field does not take",
            typeNames());
      }
      return id;
    }

    private List<String> typeNames() {
      return allowed.stream().map(PrimaryAssetType::name).toList();
    }
  }

  private static final class TypeDeserializer extends ValueDeserializer<PrimaryAssetType> {
    @Override
    public Class<?> handledType() {
      return PrimaryAssetType.class;
    }

    @Override
    public PrimaryAssetType deserialize(JsonParser parser, DeserializationContext ctxt) {
      String text = expectString(parser, ctxt, PrimaryAssetType.class);
      try {
        return PrimaryAssetType.of(text);
      } catch (IllegalArgumentException e) {
        throw new AssetReferenceException(parser, "Overture/InvalidValue", e.getMessage(), List.of());
      }
    }
  }

  private static AssetPath parsePath(JsonParser parser, String text) {
    try {
      return AssetPath.parse(text);
    } catch (InvalidAssetPathException e) {
      throw new AssetReferenceException(parser, "Overture/InvalidPath", e.getMessage(), List.of());
    }
  }

  private static final class PathDeserializer extends ValueDeserializer<AssetPath> {
    @Override
    public Class<?> handledType() {
      return AssetPath.class;
    }

    @Override
    public AssetPath deserialize(JsonParser parser, DeserializationContext ctxt) {
      return parsePath(parser, expectString(parser, ctxt, AssetPath.class));
    }
  }

  /**
   * Binds a path string to a soft reference: relative to the content root being read ({@code
   * "maps/Arena.json"}), or, starting with a slash, to the root the first segment names ({@code
   * "/Game/ui/icon.png"}, {@code "/ShooterCore/maps/Arena.json"}), like Unreal's mount points.
   */
  private static final class SoftRefDeserializer extends ValueDeserializer<SoftRef<?>> {
    @Override
    public Class<?> handledType() {
      return SoftRef.class;
    }

    private final Class<?> target;

    SoftRefDeserializer(Class<?> target) {
      this.target = target;
    }

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
      JavaType type = ctxt.getContextualType();
      if (type == null && property != null) {
        type = property.getType();
      }
      while (type != null && type.getRawClass() != SoftRef.class && type.containedTypeCount() > 0) {
        type = type.containedType(type.containedTypeCount() - 1);
      }
      if (type == null || type.containedTypeCount() != 1) {
        return this;
      }
      Class<?> raw = type.containedType(0).getRawClass();
      return new SoftRefDeserializer(raw == Object.class ? RawAsset.class : raw);
    }

    @Override
    public SoftRef<?> deserialize(JsonParser parser, DeserializationContext ctxt) {
      String text = expectString(parser, ctxt, SoftRef.class);
      if (text.startsWith("/")) {
        int slash = text.indexOf('/', 1);
        String root = slash < 0 ? text.substring(1) : text.substring(1, slash);
        if (slash < 0 || !PrimaryAssetType.isValidName(root)) {
          throw new AssetReferenceException(parser, "Overture/InvalidPath", "Asset path \"" + text + "\" starts with '/':"
              + " write it relative to the content root (\"maps/Arena.json\"), or name another root first"
              + " (\"/Game/maps/Arena.json\", \"/ShooterCore/maps/Arena.json\")", List.of());
        }
        return SoftRef.of(root, parsePath(parser, text.substring(slash + 1)), target);
      }
      AssetPath path = parsePath(parser, text);
      BindContext context = BindContext.current();
      String root = context != null ? context.rootName : ContentRoot.GAME;
      return SoftRef.of(root, path, target);
    }
  }

  /** Binds a registered class name to a {@link ClassRef} of the field's base type. */
  private static final class ClassRefDeserializer extends ValueDeserializer<ClassRef<?>> {
    @Override
    public Class<?> handledType() {
      return ClassRef.class;
    }

    private final KindRegistry kinds;
    private final Class<?> base;

    ClassRefDeserializer(KindRegistry kinds, Class<?> base) {
      this.kinds = kinds;
      this.base = base;
    }

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
      Class<?> declared = declaredBase(ctxt, property, ClassRef.class);
      return declared == null ? this : new ClassRefDeserializer(kinds, declared);
    }

    @Override
    public ClassRef<?> deserialize(JsonParser parser, DeserializationContext ctxt) {
      return resolveClass(parser, kinds, base, expectString(parser, ctxt, ClassRef.class), "");
    }
  }

  /** The class registered as {@code name} that is a {@code base}; a located error otherwise. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static ClassRef<?> resolveClass(JsonParser parser, KindRegistry kinds, Class<?> base, String name, String hint) {
    Class<?> type = kinds.findClass(base, name);
    if (type == null) {
      List<String> known = kinds.classNamesAssignableTo(base);
      String kind = kinds.kindOnly(name);
      if (kind != null) {
        // Registered, but as data (an action kind): building it as an object fails in Java's words.
        throw new AssetReferenceException(
            parser,
            "Overture/WrongClass",
            "\"" + name + "\" is " + kind + ", not " + (base == Object.class ? "an object class"
                : ("AEIOU".indexOf(base.getSimpleName().charAt(0)) >= 0 ? "an " : "a ") + base.getSimpleName() + " class"),
            Choices.closest("", known)) // in name order: how close an action kind's name is to a class's says nothing
            .withLabel("valid");
      }
      throw new AssetReferenceException(
          parser,
          "Overture/UnknownClass",
          (base == Object.class ? "Unknown class \"" : "Unknown " + base.getSimpleName() + " class \"") + name + "\"" + hint,
          Choices.closest(name, known))
          .withLabel("registered");
    }
    return ClassRef.of(name, (Class) type);
  }

  /** The base class a {@code ClassRef<T>} or {@code ClassOrAsset<T>} property declares. */
  private static Class<?> declaredBase(DeserializationContext ctxt, BeanProperty property, Class<?> holder) {
    JavaType type = ctxt.getContextualType();
    if (type == null && property != null) {
      type = property.getType();
    }
    while (type != null && type.getRawClass() != holder && type.containedTypeCount() > 0) {
      type = type.containedType(type.containedTypeCount() - 1);
    }
    if (type == null || type.containedTypeCount() != 1) {
      return null;
    }
    return type.containedType(0).getRawClass();
  }

  /** Binds a registered class name, or an asset id (it has a colon), to a {@link ClassOrAsset}. */
  private static final class ClassOrAssetDeserializer extends ValueDeserializer<ClassOrAsset<?>> {
    @Override
    public Class<?> handledType() {
      return ClassOrAsset.class;
    }

    private final KindRegistry kinds;
    private final Class<?> base;
    private final List<PrimaryAssetType> allowed;

    ClassOrAssetDeserializer(KindRegistry kinds, Class<?> base, List<PrimaryAssetType> allowed) {
      this.kinds = kinds;
      this.base = base;
      this.allowed = allowed;
    }

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
      Class<?> declared = declaredBase(ctxt, property, ClassOrAsset.class);
      AllowedTypes annotation = property == null ? null : property.getAnnotation(AllowedTypes.class);
      return new ClassOrAssetDeserializer(
          kinds,
          declared == null ? base : declared,
          annotation == null ? allowed : Arrays.stream(annotation.value()).map(PrimaryAssetType::of).toList());
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public ClassOrAsset<?> deserialize(JsonParser parser, DeserializationContext ctxt) {
      String text = expectString(parser, ctxt, ClassOrAsset.class);
      List<String> typeNames = allowed.stream().map(PrimaryAssetType::name).toList();
      if (text.indexOf(':') < 0) {
        String hint = typeNames.isEmpty()
            ? ""
            : ": name a registered class, or an asset as \"" + typeNames.get(0) + ":Name\"";
        return ClassOrAsset.of((ClassRef) resolveClass(parser, kinds, base, text, hint));
      }
      PrimaryAssetId id;
      try {
        id = PrimaryAssetId.parse(text);
      } catch (IllegalArgumentException e) {
        throw new AssetReferenceException(parser, "Overture/InvalidReference", e.getMessage(), typeNames);
      }
      if (!allowed.contains(id.type())) {
        throw new AssetReferenceException(
            parser,
            "Overture/WrongAssetType",
            "Reference \"" + text + "\" is of type " + id.type() + ", which does not describe a class",
            typeNames);
      }
      return ClassOrAsset.ofAsset(id);
    }
  }

  private static final class StringSerializer<T> extends ValueSerializer<T> {
    @Override
    public void serialize(T value, JsonGenerator generator, SerializationContext ctxt) {
      generator.writeString(value.toString());
    }
  }

  private static final class SoftRefSerializer extends ValueSerializer<SoftRef<?>> {
    @Override
    public void serialize(SoftRef<?> value, JsonGenerator generator, SerializationContext ctxt) {
      generator.writeString(value.path().value());
    }
  }
}
