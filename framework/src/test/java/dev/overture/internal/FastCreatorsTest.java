package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.deser.DeserializationProblemHandler;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 20: creator constructors called through reflection bind the same values and fail the same
 * way as Jackson's own calls, and a constructor that throws runs once.
 */
class FastCreatorsTest {

  private static final ObjectMapper JACKSONS = JsonMapper.builder().build();
  private static final ObjectMapper FAST = JsonMapper.builder().addModule(FastCreators.module()).build();

  /** How often the probes' constructors ran. */
  private static final AtomicInteger CALLS = new AtomicInteger();
  /** Whether the last probe constructor ran under {@code Constructor.newInstance}. */
  private static volatile boolean reflective;

  private static void called() {
    CALLS.incrementAndGet();
    // The frame that called the creator, past the reflection's own accessors: Constructor.newInstance
    // or Method.invoke when reflection called it (a test method is itself called by Method.invoke, further down).
    reflective = StackWalker.getInstance(StackWalker.Option.SHOW_REFLECT_FRAMES).walk(frames -> frames
        .skip(2) // called(), then the creator
        .dropWhile(frame -> frame.getClassName().startsWith("jdk.internal.reflect."))
        .findFirst()
        .map(frame -> frame.getClassName().equals("java.lang.reflect.Constructor") || frame.getClassName().equals("java.lang.reflect.Method"))
        .orElse(false));
  }

  /** A class bound through a static factory method, as an archetype is; a name of "unchecked" makes it throw. */
  static final class Made {
    final String name;
    final int count;

    private Made(String name, int count) {
      this.name = name;
      this.count = count;
    }

    @JsonCreator
    static Made of(@JsonProperty("name") String name, @JsonProperty("count") int count) {
      called();
      if (name.equals("unchecked")) {
        throw new IllegalStateException("no unchecked names");
      }
      return new Made(name, count);
    }
  }

  /** A class bound through an annotated creator, as the plugin manifest is; {@code fail} picks how it fails. */
  static final class Creator {
    final String name;
    final int count;
    final List<String> tags;

    @JsonCreator
    Creator(@JsonProperty("name") String name, @JsonProperty("count") int count, @JsonProperty("tags") List<String> tags)
        throws IOException {
      called();
      switch (name) {
        case "unchecked" -> throw new IllegalStateException("no unchecked names");
        case "checked" -> throw new IOException("no checked names");
        case "error" -> throw new StackOverflowError("too deep");
        case "odd" -> throw FastCreatorsTest.<RuntimeException>sneaky(new Odd());
        default -> { }
      }
      this.name = name;
      this.count = count;
      this.tags = tags;
    }
  }

  /** A throwable that is neither an exception nor an error, thrown without being declared. */
  static final class Odd extends Throwable {
    private static final long serialVersionUID = 1L;

    Odd() {
      super("odd");
    }
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T sneaky(Throwable thrown) throws T {
    throw (T) thrown;
  }

  /** A record whose compact constructor checks its values, as content records do. */
  record Checked(String name, double scale) {
    Checked {
      called();
      if (scale < 0) {
        throw new IllegalArgumentException("scale must not be negative: " + scale);
      }
    }
  }

  @Test
  void aCreatorClassAndARecord_bindTheSameValues_throughReflection() throws Exception {
    String json = "{\"name\": \"a\", \"count\": 3, \"tags\": [\"x\", \"y\"]}";

    Creator jacksons = JACKSONS.readValue(json, Creator.class);
    assertFalse(reflective, "Jackson's own call is a method handle");
    Creator fast = FAST.readValue(json, Creator.class);

    assertTrue(reflective);
    assertEquals(List.of(jacksons.name, jacksons.count, jacksons.tags), List.of(fast.name, fast.count, fast.tags));
    assertEquals(new Checked("b", 0.5), FAST.readValue("{\"name\": \"b\", \"scale\": 0.5}", Checked.class));
    assertTrue(reflective);
  }

  @Test
  void aStaticFactoryMethod_bindsTheSameValues_throughReflection_andFailsOnceAsJacksonsCallDoes() throws Exception {
    String json = "{\"name\": \"a\", \"count\": 3}";

    Made jacksons = JACKSONS.readValue(json, Made.class);
    assertFalse(reflective, "Jackson's own call is a method handle");
    Made fast = FAST.readValue(json, Made.class);

    assertTrue(reflective);
    assertEquals(List.of(jacksons.name, jacksons.count), List.of(fast.name, fast.count));
    String bad = "{\"name\": \"unchecked\", \"count\": 1}";
    JacksonException expected = assertThrows(JacksonException.class, () -> JACKSONS.readValue(bad, Made.class));
    int before = CALLS.get();
    JacksonException actual = assertThrows(JacksonException.class, () -> FAST.readValue(bad, Made.class));
    assertEquals(1, CALLS.get() - before, "the factory ran once");
    assertEquals(expected.getOriginalMessage(), actual.getOriginalMessage());
  }

  @Test
  void aConstructorThatThrows_runsOnce_andFailsAsJacksonsCallDoes() {
    for (String name : List.of("unchecked", "checked")) {
      String json = "{\"name\": \"" + name + "\", \"count\": 1}";
      JacksonException jacksons = assertThrows(JacksonException.class, () -> JACKSONS.readValue(json, Creator.class));
      CALLS.set(0);

      JacksonException fast = assertThrows(JacksonException.class, () -> FAST.readValue(json, Creator.class));

      assertEquals(1, CALLS.get(), name);
      assertSame(jacksons.getClass(), fast.getClass(), name);
      assertEquals(jacksons.getMessage(), fast.getMessage(), name);
      assertSame(jacksons.getCause().getClass(), fast.getCause().getClass(), name);
      assertEquals(jacksons.getCause().getMessage(), fast.getCause().getMessage(), name);
    }
    String negative = "{\"name\": \"c\", \"scale\": -1}";
    JacksonException jacksons = assertThrows(JacksonException.class, () -> JACKSONS.readValue(negative, Checked.class));
    CALLS.set(0);
    JacksonException fast = assertThrows(JacksonException.class, () -> FAST.readValue(negative, Checked.class));
    assertEquals(1, CALLS.get());
    assertEquals(jacksons.getMessage(), fast.getMessage());
    assertSame(jacksons.getCause().getClass(), fast.getCause().getClass());
  }

  @Test
  void anErrorFromTheConstructor_passesThrough_asFromJacksonsCall() {
    String json = "{\"name\": \"error\", \"count\": 1}";
    StackOverflowError jacksons = assertThrows(StackOverflowError.class, () -> JACKSONS.readValue(json, Creator.class));
    CALLS.set(0);

    StackOverflowError fast = assertThrows(StackOverflowError.class, () -> FAST.readValue(json, Creator.class));

    assertEquals(1, CALLS.get());
    assertEquals(jacksons.getMessage(), fast.getMessage());
  }

  @Test
  void aThrowableThatIsNeitherAnExceptionNorAnError_passesThrough_asFromJacksonsCall() {
    String json = "{\"name\": \"odd\", \"count\": 1}";
    Throwable jacksons = assertThrows(Throwable.class, () -> JACKSONS.readValue(json, Creator.class));
    Throwable fast = assertThrows(Throwable.class, () -> FAST.readValue(json, Creator.class));

    assertSame(Odd.class, jacksons.getClass());
    assertSame(Odd.class, fast.getClass());
  }

  @Test
  void anotherModulesInstantiator_isLeftToDoWhatItDoes() {
    tools.jackson.databind.module.SimpleModule upperCase = new tools.jackson.databind.module.SimpleModule("upper-case") {
      private static final long serialVersionUID = 1L;

      @Override
      public void setupModule(SetupContext context) {
        super.setupModule(context);
        context.addValueInstantiators(new ValueInstantiators.Base() {
          @Override
          public ValueInstantiator modifyValueInstantiator(
              tools.jackson.databind.DeserializationConfig config, tools.jackson.databind.BeanDescription.Supplier description,
              ValueInstantiator instantiator) {
            return new ValueInstantiator.Delegating(instantiator) {
              private static final long serialVersionUID = 1L;

              @Override
              public Object createFromObjectWith(DeserializationContext ctxt,
                  tools.jackson.databind.deser.SettableBeanProperty[] properties,
                  tools.jackson.databind.deser.bean.PropertyValueBuffer buffer) {
                Object[] args = buffer.getParameters(ctxt, properties);
                args[0] = ((String) args[0]).toUpperCase(java.util.Locale.ROOT);
                return delegate().createFromObjectWith(ctxt, args);
              }
            };
          }
        });
      }
    };
    String json = "{\"name\": \"f\", \"scale\": 1}";
    Checked jacksons = JsonMapper.builder().addModule(upperCase).build().readValue(json, Checked.class);
    Checked fastFirst = JsonMapper.builder().addModule(FastCreators.module()).addModule(upperCase).build().readValue(json, Checked.class);
    Checked fastLast = JsonMapper.builder().addModule(upperCase).addModule(FastCreators.module()).build().readValue(json, Checked.class);

    assertEquals("F", jacksons.name());
    assertEquals(jacksons, fastFirst);
    assertEquals(jacksons, fastLast);
  }

  @Test
  void aMapperThatMayNotOverrideAccessModifiers_keepsJacksonsCall() {
    String json = "{\"name\": \"g\", \"count\": 1}";
    ObjectMapper jacksons = JsonMapper.builder().disable(tools.jackson.databind.MapperFeature.CAN_OVERRIDE_ACCESS_MODIFIERS).build();
    ObjectMapper fast = JsonMapper.builder().addModule(FastCreators.module())
        .disable(tools.jackson.databind.MapperFeature.CAN_OVERRIDE_ACCESS_MODIFIERS).build();

    JacksonException expected = assertThrows(JacksonException.class, () -> jacksons.readValue(json, Creator.class));
    JacksonException failure = assertThrows(JacksonException.class, () -> fast.readValue(json, Creator.class));

    // The message names the argument array by its identity, which differs from run to run.
    assertEquals(expected.getMessage().replaceAll("@[0-9a-f]+", "@"), failure.getMessage().replaceAll("@[0-9a-f]+", "@"));
    assertTrue(failure.getMessage().contains("class is not public"), failure.getMessage());
  }

  @Test
  void aProblemHandler_isStillOfferedTheFailure() {
    DeserializationProblemHandler substitute = new DeserializationProblemHandler() {
      @Override
      public Object handleInstantiationProblem(DeserializationContext ctxt, Class<?> instClass, Object argument, Throwable t) {
        return new Checked("substitute for " + t.getMessage(), 0);
      }
    };
    ObjectMapper jacksons = JsonMapper.builder().addHandler(substitute).build();
    ObjectMapper fast = JsonMapper.builder().addModule(FastCreators.module()).addHandler(substitute).build();
    String json = "{\"name\": \"d\", \"scale\": -2}";
    CALLS.set(0);
    Checked expected = jacksons.readValue(json, Checked.class);
    int jacksonsCalls = CALLS.getAndSet(0);

    Checked value = fast.readValue(json, Checked.class);

    assertEquals(2, jacksonsCalls, "the failed call and the substitute's");
    assertEquals(jacksonsCalls, CALLS.get());
    assertEquals(expected, value);
    assertTrue(value.name().contains("problem: scale must not be negative: -2.0"), value.name());
  }

  @Test
  void anArgumentReflectionRefuses_isCalledAndReportedByJackson() {
    // A missing primitive: Jackson passes its default (0), which both calls accept; a wrong type
    // never reaches a constructor, since the value is bound to the parameter's type first.
    Creator fast = FAST.readValue("{\"name\": \"e\"}", Creator.class);
    assertEquals(0, fast.count);
    assertEquals(JACKSONS.readValue("{\"name\": \"e\"}", Creator.class).count, fast.count);
  }

  @Test
  void noInstantiator_andOtherInstantiators_areLeftAlone() {
    assertSame(null, FastCreators.wrap(null));
    ValueInstantiator.Base other = new ValueInstantiator.Base(Creator.class);
    assertSame(other, FastCreators.wrap(other));
  }
}
