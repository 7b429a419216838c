package dev.overture.asset;

import java.lang.reflect.Constructor;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.SettableBeanProperty;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.bean.PropertyValueBuffer;
import tools.jackson.databind.introspect.AnnotatedConstructor;
import tools.jackson.databind.introspect.AnnotatedWithParams;

/**
 * Calls record constructors through core reflection ({@link Constructor#newInstance}). Jackson 3.3
 * calls every constructor of more than one argument with {@code MethodHandle.invokeWithArguments},
 * which builds a spreader and interns a method type in a process-wide set on every call:
 * measurably slow, and it keeps binding from scaling across cores. Reflection costs nothing to set
 * up, where a method handle that spreads the arguments (what this class built before) spun classes
 * of its own for each record class, a start-up's first binds paying for them (issue 20); once a
 * constructor has been called a few times the JVM calls it through generated code, as fast as the
 * handle. Everything else (which constructor, how properties map, error handling) stays Jackson's:
 * on any failure the call is repeated through Jackson so its exception is exactly the usual one.
 */
final class RecordCreators implements ValueInstantiators {

  @Override
  public ValueInstantiator findValueInstantiator(DeserializationConfig config, BeanDescription.Supplier description) {
    return null;
  }

  @Override
  public ValueInstantiator modifyValueInstantiator(
      DeserializationConfig config, BeanDescription.Supplier description, ValueInstantiator defaultInstantiator) {
    return wrap(defaultInstantiator);
  }

  static ValueInstantiator wrap(ValueInstantiator instantiator) {
    if (instantiator == null || instantiator instanceof Fast) {
      return instantiator;
    }
    AnnotatedWithParams creator = instantiator.getWithArgsCreator();
    if (!(creator instanceof AnnotatedConstructor annotated) || creator.getParameterCount() < 2) {
      return instantiator;
    }
    Constructor<?> constructor = annotated.getAnnotated();
    if (!constructor.getDeclaringClass().isRecord()) {
      return instantiator;
    }
    try {
      constructor.setAccessible(true);
      return new Fast(instantiator, constructor);
    } catch (RuntimeException e) {
      return instantiator; // Jackson's own path still works
    }
  }

  /** Jackson's instantiator with a faster call of the record's constructor. */
  private static final class Fast extends ValueInstantiator.Delegating {
    private static final long serialVersionUID = 1L;
    private final transient Constructor<?> constructor;

    Fast(ValueInstantiator delegate, Constructor<?> constructor) {
      super(delegate);
      this.constructor = constructor;
    }

    @Override
    public ValueInstantiator createContextual(DeserializationContext ctxt, BeanDescription.Supplier description) {
      ValueInstantiator contextual = delegate().createContextual(ctxt, description);
      return contextual == delegate() ? this : wrap(contextual);
    }

    @Override
    public Object createFromObjectWith(DeserializationContext ctxt, Object[] args) {
      try {
        return constructor.newInstance(args);
      } catch (ReflectiveOperationException | RuntimeException | Error e) {
        // Let Jackson call it again and report the failure its usual way.
        return delegate().createFromObjectWith(ctxt, args);
      }
    }

    @Override
    public Object createFromObjectWith(
        DeserializationContext ctxt, SettableBeanProperty[] properties, PropertyValueBuffer buffer) {
      return createFromObjectWith(ctxt, buffer.getParameters(ctxt, properties));
    }
  }
}
