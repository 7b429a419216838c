package dev.overture.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.deser.SettableBeanProperty;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.bean.PropertyValueBuffer;
import tools.jackson.databind.deser.std.StdValueInstantiator;
import tools.jackson.databind.introspect.AnnotatedConstructor;
import tools.jackson.databind.introspect.AnnotatedMethod;
import tools.jackson.databind.introspect.AnnotatedWithParams;
import tools.jackson.databind.module.SimpleModule;

/**
 * Calls creators of two or more parameters (a record's canonical constructor, a class's {@code
 * @JsonCreator} constructor or static factory method) through core reflection ({@link
 * Constructor#newInstance}, {@link Method#invoke}). Jackson 3.3
 * calls them with {@code MethodHandle.invokeWithArguments}, which builds a spreader and interns a
 * method type in a process-wide set on every call: measurably slow, it keeps binding from scaling
 * across cores, and the first calls of each shape spin classes of their own, which every command's
 * first binds paid for (issue 20). Reflection costs nothing to set up; once a constructor has been
 * called a few times the JVM calls it through generated code, as fast as the handle.
 *
 * <p>Everything else (which constructor, how properties map, how a failure is reported) stays
 * Jackson's. When the constructor itself throws, the failure is handed to Jackson's own handling
 * exactly as its call would have (an exception is wrapped and offered to the problem handlers,
 * anything else passes through), without calling the constructor again; when reflection refuses
 * the call before the constructor runs (an argument of the wrong type), Jackson makes the call
 * itself and reports it its usual way. Only Jackson's standard instantiator is replaced (another
 * one, a module's, is left to do what it does), and only while the mapper may override access
 * modifiers ({@code MapperFeature.CAN_OVERRIDE_ACCESS_MODIFIERS}, on by default), since the call
 * makes the constructor accessible.
 *
 * <p>Used by every mapper that binds content ({@code AssetJson}) and by the sample's start-up
 * warm-up, so that the warm-up exercises the same calls. Stateless; thread-safe.
 */
public final class FastCreators implements ValueInstantiators {

  private FastCreators() {}

  /** A module that installs these instantiators. */
  public static JacksonModule module() {
    return new SimpleModule("overture-fast-creators") {
      private static final long serialVersionUID = 1L;

      @Override
      public void setupModule(SetupContext context) {
        super.setupModule(context);
        context.addValueInstantiators(new FastCreators());
      }
    };
  }

  /** The instantiators alone, for a module that installs other things too. */
  public static ValueInstantiators instantiators() {
    return new FastCreators();
  }

  @Override
  public ValueInstantiator findValueInstantiator(DeserializationConfig config, BeanDescription.Supplier description) {
    return null;
  }

  @Override
  public ValueInstantiator modifyValueInstantiator(
      DeserializationConfig config, BeanDescription.Supplier description, ValueInstantiator defaultInstantiator) {
    return config.canOverrideAccessModifiers() ? wrap(defaultInstantiator) : defaultInstantiator;
  }

  static ValueInstantiator wrap(ValueInstantiator instantiator) {
    if (instantiator == null || instantiator.getClass() != StdValueInstantiator.class) {
      return instantiator; // ours already, a module's, or none
    }
    AnnotatedWithParams creator = instantiator.getWithArgsCreator();
    if (creator == null || creator.getParameterCount() < 2) {
      return instantiator;
    }
    Executable executable;
    if (creator instanceof AnnotatedConstructor constructor) {
      executable = constructor.getAnnotated();
    } else if (creator instanceof AnnotatedMethod method && Modifier.isStatic(method.getAnnotated().getModifiers())) {
      executable = method.getAnnotated(); // a static factory method: called as Jackson's handle would call it
    } else {
      return instantiator;
    }
    try {
      executable.setAccessible(true);
    } catch (RuntimeException e) {
      return instantiator; // Jackson's own path still works
    }
    return new Standard((StdValueInstantiator) instantiator, executable);
  }

  /** Jackson's standard instantiator, calling its constructor or static factory method through reflection. */
  private static final class Standard extends StdValueInstantiator {
    private static final long serialVersionUID = 1L;
    private final transient Executable creator;

    Standard(StdValueInstantiator jacksons, Executable creator) {
      super(jacksons);
      this.creator = creator;
    }

    @Override
    public Object createFromObjectWith(DeserializationContext ctxt, Object[] args) {
      try {
        return creator instanceof Constructor<?> constructor ? constructor.newInstance(args) : ((Method) creator).invoke(null, args);
      } catch (InvocationTargetException e) {
        // The constructor threw: what Jackson's call does with it, without calling it again.
        Throwable thrown = e.getCause();
        if (!(thrown instanceof Exception)) {
          throw FastCreators.<RuntimeException>unchecked(thrown); // Jackson's call catches exceptions only
        }
        return ctxt.handleInstantiationProblem(getValueClass(), args, rewrapCtorProblem(ctxt, thrown));
      } catch (ReflectiveOperationException | IllegalArgumentException e) {
        // Refused before the constructor ran: Jackson's own call, and its own report.
        return super.createFromObjectWith(ctxt, args);
      }
    }

    @Override
    public Object createFromObjectWith(
        DeserializationContext ctxt, SettableBeanProperty[] properties, PropertyValueBuffer buffer) {
      return createFromObjectWith(ctxt, buffer.getParameters(ctxt, properties));
    }
  }

  /** Throws {@code thrown} as it is, whatever its type, as a call that does not wrap it would. */
  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T unchecked(Throwable thrown) throws T {
    throw (T) thrown;
  }
}
