package dev.overture.internal;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.util.Collection;
import java.util.function.UnaryOperator;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.Version;
import tools.jackson.databind.AbstractTypeResolver;
import tools.jackson.databind.AnnotationIntrospector;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.InjectableValues;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.KeyDeserializer;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.cfg.DatatypeFeature;
import tools.jackson.databind.cfg.DatatypeFeatures;
import tools.jackson.databind.cfg.MutableConfigOverride;
import tools.jackson.databind.deser.DeserializationProblemHandler;
import tools.jackson.databind.deser.Deserializers;
import tools.jackson.databind.deser.KeyDeserializers;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.ext.javatime.JavaTimeInitializer;
import tools.jackson.databind.jsontype.NamedType;
import tools.jackson.databind.ser.Serializers;
import tools.jackson.databind.ser.ValueSerializerModifier;
import tools.jackson.databind.type.TypeFactory;
import tools.jackson.databind.type.TypeModifier;

/**
 * Jackson's {@code java.time} support ({@link JavaTimeInitializer}), registered in the same five
 * places of a mapper but made only when a lookup first asks about a {@code java.time} type. Each
 * registration answers for a type in {@code java.time} (or below) exactly as Jackson's own would, by
 * asking it, and for any other type as if it were not there, which is also what Jackson's own
 * answers: it only knows {@code java.time}'s classes.
 *
 * <p>One instance per builder (so per mapper, unless a builder builds twice). Jackson asks from any
 * thread that reads or writes; the first such lookup makes the handlers under this instance's lock,
 * and every later one reads them without it.
 */
final class LazyJavaTime {

  private volatile Handlers handlers;

  /** Adds the five registrations to {@code context}, in {@link JavaTimeInitializer}'s order. */
  void setupModule(JacksonModule.SetupContext context) {
    context.addDeserializers(new LazyDeserializers());
    context.addSerializers(new LazySerializers(false));
    context.addKeySerializers(new LazySerializers(true));
    context.addKeyDeserializers(new LazyKeyDeserializers());
    context.addValueInstantiators(new LazyValueInstantiators());
  }

  /** Whether the handlers have been made, for tests. */
  boolean made() {
    return handlers != null;
  }

  static boolean isJavaTime(Class<?> type) {
    return type.getName().startsWith("java.time.");
  }

  private Handlers handlers() {
    Handlers made = handlers;
    if (made == null) {
      synchronized (this) {
        made = handlers;
        if (made == null) {
          Capture capture = new Capture();
          JavaTimeInitializer.getInstance().setupModule(capture);
          made = new Handlers(capture.deserializers, capture.serializers, capture.keySerializers, capture.keyDeserializers,
              capture.instantiators);
          handlers = made;
        }
      }
    }
    return made;
  }

  /** What {@link JavaTimeInitializer} registers; each may be null if a Jackson version stops registering it. */
  private record Handlers(
      Deserializers deserializers,
      Serializers serializers,
      Serializers keySerializers,
      KeyDeserializers keyDeserializers,
      ValueInstantiators instantiators) {}

  /**
   * Receives {@link JavaTimeInitializer}'s registrations instead of a mapper's builder. It
   * implements Jackson's setup interface itself, so a method a Jackson upgrade adds to it fails
   * this class's compilation; and every call but the five registrations above fails loudly, since
   * here it would be lost: a Jackson upgrade whose {@code java.time} support asks or registers
   * anything else shows at once (and in {@code JsonMappersTest}), not as a {@code java.time} value
   * read differently.
   */
  private static final class Capture implements JacksonModule.SetupContext {
    Deserializers deserializers;
    Serializers serializers;
    Serializers keySerializers;
    KeyDeserializers keyDeserializers;
    ValueInstantiators instantiators;

    @Override
    public JacksonModule.SetupContext addDeserializers(Deserializers added) {
      deserializers = once(deserializers, added, "deserializers");
      return this;
    }

    @Override
    public JacksonModule.SetupContext addSerializers(Serializers added) {
      serializers = once(serializers, added, "serializers");
      return this;
    }

    @Override
    public JacksonModule.SetupContext addKeySerializers(Serializers added) {
      keySerializers = once(keySerializers, added, "key serializers");
      return this;
    }

    @Override
    public JacksonModule.SetupContext addKeyDeserializers(KeyDeserializers added) {
      keyDeserializers = once(keyDeserializers, added, "key deserializers");
      return this;
    }

    @Override
    public JacksonModule.SetupContext addValueInstantiators(ValueInstantiators added) {
      instantiators = once(instantiators, added, "value instantiators");
      return this;
    }

    @Override
    public Version getMapperVersion() {
      throw unexpected("asked for the mapper's version");
    }

    @Override
    public String getFormatName() {
      throw unexpected("asked for the format's name");
    }

    @Override
    public Object getOwner() {
      throw unexpected("asked for the mapper being built");
    }

    @Override
    public TypeFactory typeFactory() {
      throw unexpected("asked for the type factory");
    }

    @Override
    public TokenStreamFactory tokenStreamFactory() {
      throw unexpected("asked for the stream factory");
    }

    @Override
    public boolean isEnabled(MapperFeature feature) {
      throw unexpected("asked whether " + feature + " is enabled");
    }

    @Override
    public boolean isEnabled(DeserializationFeature feature) {
      throw unexpected("asked whether " + feature + " is enabled");
    }

    @Override
    public boolean isEnabled(SerializationFeature feature) {
      throw unexpected("asked whether " + feature + " is enabled");
    }

    @Override
    public boolean isEnabled(TokenStreamFactory.Feature feature) {
      throw unexpected("asked whether " + feature + " is enabled");
    }

    @Override
    public boolean isEnabled(StreamReadFeature feature) {
      throw unexpected("asked whether " + feature + " is enabled");
    }

    @Override
    public boolean isEnabled(StreamWriteFeature feature) {
      throw unexpected("asked whether " + feature + " is enabled");
    }

    @Override
    public boolean isEnabled(DatatypeFeature feature) {
      throw unexpected("asked whether " + feature + " is enabled");
    }

    @Override
    public DatatypeFeatures datatypeFeatures() {
      throw unexpected("asked for the datatype features");
    }

    @Override
    public MutableConfigOverride configOverride(Class<?> type) {
      throw unexpected("asked for a config override");
    }

    @Override
    public JacksonModule.SetupContext addDeserializerModifier(ValueDeserializerModifier modifier) {
      throw unexpected("registered a deserializer modifier");
    }

    @Override
    public JacksonModule.SetupContext addSerializerModifier(ValueSerializerModifier modifier) {
      throw unexpected("registered a serializer modifier");
    }

    @Override
    public JacksonModule.SetupContext overrideDefaultNullKeySerializer(ValueSerializer<?> serializer) {
      throw unexpected("replaced the null key serializer");
    }

    @Override
    public JacksonModule.SetupContext overrideDefaultNullValueSerializer(ValueSerializer<?> serializer) {
      throw unexpected("replaced the null value serializer");
    }

    @Override
    public JacksonModule.SetupContext insertAnnotationIntrospector(AnnotationIntrospector introspector) {
      throw unexpected("added an annotation introspector");
    }

    @Override
    public JacksonModule.SetupContext appendAnnotationIntrospector(AnnotationIntrospector introspector) {
      throw unexpected("added an annotation introspector");
    }

    @Override
    public JacksonModule.SetupContext addAbstractTypeResolver(AbstractTypeResolver resolver) {
      throw unexpected("registered an abstract type resolver");
    }

    @Override
    public JacksonModule.SetupContext addTypeModifier(TypeModifier modifier) {
      throw unexpected("registered a type modifier");
    }

    @Override
    public JacksonModule.SetupContext registerSubtypes(Class<?>... subtypes) {
      throw unexpected("registered subtypes");
    }

    @Override
    public JacksonModule.SetupContext registerSubtypes(NamedType... subtypes) {
      throw unexpected("registered subtypes");
    }

    @Override
    public JacksonModule.SetupContext registerSubtypes(Collection<Class<?>> subtypes) {
      throw unexpected("registered subtypes");
    }

    @Override
    public JacksonModule.SetupContext addHandler(DeserializationProblemHandler handler) {
      throw unexpected("added a problem handler");
    }

    @Override
    public JacksonModule.SetupContext overrideInjectableValues(UnaryOperator<InjectableValues> values) {
      throw unexpected("replaced the injectable values");
    }

    @Override
    public JacksonModule.SetupContext setMixIn(Class<?> target, Class<?> mixinSource) {
      throw unexpected("set a mix-in");
    }

    private static <T> T once(T before, T added, String what) {
      if (before != null) {
        throw unexpected("registered a second set of " + what);
      }
      return added;
    }

    private static IllegalStateException unexpected(String what) {
      return new IllegalStateException("Jackson's java.time support " + what
          + ", which Overture's deferred registration (dev.overture.internal.LazyJavaTime) does not carry over");
    }
  }

  /*
   * The wrappers below answer only the lookups whose type can be a java.time class: a value's own
   * (bean or enum) and, for deserializers, whether one exists. The others keep the interfaces'
   * defaults (no handler): their type is an array, a collection, a map, a reference or a tree node,
   * none of which java.time has, and Jackson's own handlers match on the type's class, so they
   * answer nothing there either.
   */

  private final class LazyDeserializers implements Deserializers {
    private Deserializers real(JavaType type) {
      return isJavaTime(type.getRawClass()) ? handlers().deserializers() : null;
    }

    @Override
    public ValueDeserializer<?> findEnumDeserializer(JavaType type, DeserializationConfig config,
        BeanDescription.Supplier beanDescRef) {
      Deserializers real = real(type);
      return real == null ? null : real.findEnumDeserializer(type, config, beanDescRef);
    }

    @Override
    public ValueDeserializer<?> findBeanDeserializer(JavaType type, DeserializationConfig config,
        BeanDescription.Supplier beanDescRef) {
      Deserializers real = real(type);
      return real == null ? null : real.findBeanDeserializer(type, config, beanDescRef);
    }

    @Override
    public boolean hasDeserializerFor(DeserializationConfig config, Class<?> valueType) {
      if (!isJavaTime(valueType)) {
        return false;
      }
      Deserializers real = handlers().deserializers();
      return real != null && real.hasDeserializerFor(config, valueType);
    }
  }

  private final class LazySerializers implements Serializers {
    private final boolean keys;

    LazySerializers(boolean keys) {
      this.keys = keys;
    }

    private Serializers real(JavaType type) {
      if (!isJavaTime(type.getRawClass())) {
        return null;
      }
      return keys ? handlers().keySerializers() : handlers().serializers();
    }

    @Override
    public ValueSerializer<?> findSerializer(SerializationConfig config, JavaType type,
        BeanDescription.Supplier beanDescRef, JsonFormat.Value formatOverrides) {
      Serializers real = real(type);
      return real == null ? null : real.findSerializer(config, type, beanDescRef, formatOverrides);
    }

    @Override
    public ValueSerializer<?> findEnumSerializer(SerializationConfig config, JavaType type,
        BeanDescription.Supplier beanDescRef, JsonFormat.Value formatOverrides) {
      Serializers real = real(type);
      return real == null ? null : real.findEnumSerializer(config, type, beanDescRef, formatOverrides);
    }

    @Override
    public ValueSerializer<?> findExplicitPOJOSerializer(SerializationConfig config, JavaType type,
        BeanDescription.Supplier beanDescRef, JsonFormat.Value formatOverrides) {
      Serializers real = real(type);
      return real == null ? null : real.findExplicitPOJOSerializer(config, type, beanDescRef, formatOverrides);
    }
  }

  private final class LazyKeyDeserializers implements KeyDeserializers {
    @Override
    public KeyDeserializer findKeyDeserializer(JavaType type, DeserializationConfig config,
        BeanDescription.Supplier beanDescRef) {
      if (!isJavaTime(type.getRawClass())) {
        return null;
      }
      KeyDeserializers real = handlers().keyDeserializers();
      return real == null ? null : real.findKeyDeserializer(type, config, beanDescRef);
    }
  }

  private final class LazyValueInstantiators implements ValueInstantiators {
    @Override
    public ValueInstantiator findValueInstantiator(DeserializationConfig config, BeanDescription.Supplier beanDescRef) {
      if (!isJavaTime(beanDescRef.getBeanClass())) {
        return null;
      }
      ValueInstantiators real = handlers().instantiators();
      return real == null ? null : real.findValueInstantiator(config, beanDescRef);
    }

    @Override
    public ValueInstantiator modifyValueInstantiator(DeserializationConfig config, BeanDescription.Supplier beanDescRef,
        ValueInstantiator defaultInstantiator) {
      if (!isJavaTime(beanDescRef.getBeanClass())) {
        return defaultInstantiator;
      }
      ValueInstantiators real = handlers().instantiators();
      return real == null ? defaultInstantiator : real.modifyValueInstantiator(config, beanDescRef, defaultInstantiator);
    }
  }
}
