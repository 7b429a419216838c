package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.AbstractTypeResolver;
import tools.jackson.databind.AnnotationIntrospector;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.InjectableValues;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.cfg.ConfigOverrides;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.cfg.MapperBuilder;
import tools.jackson.databind.cfg.ModuleContextBase;
import tools.jackson.databind.cfg.MutableConfigOverride;
import tools.jackson.databind.deser.DeserializationProblemHandler;
import tools.jackson.databind.deser.Deserializers;
import tools.jackson.databind.deser.KeyDeserializers;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.jsontype.NamedType;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.Serializers;
import tools.jackson.databind.ser.ValueSerializerModifier;
import tools.jackson.databind.type.TypeModifier;

/**
 * Issue 20: a mapper from {@link JsonMappers} makes Jackson's {@code java.time} handlers only when a
 * {@code java.time} type first comes up, and then reads and writes every such type, as a value, a map
 * key or inside a record, exactly as a mapper from {@link JsonMapper#builder()} does, in three date
 * layouts, failures included; and it sets up what Jackson's own builder sets up, in the same order.
 */
class JsonMappersTest {

  /** Every type Jackson 3's java.time support has a handler for, plus one it leaves to the defaults ({@code DayOfWeek}). */
  record Times(
      Instant instant,
      OffsetDateTime offsetDateTime,
      ZonedDateTime zonedDateTime,
      Duration duration,
      LocalDateTime localDateTime,
      LocalDate localDate,
      LocalTime localTime,
      Month month,
      MonthDay monthDay,
      OffsetTime offsetTime,
      Period period,
      Year year,
      YearMonth yearMonth,
      ZoneId zoneId,
      ZoneOffset zoneOffset,
      DayOfWeek dayOfWeek,
      List<Instant> instants,
      Map<LocalDate, Duration> byDate,
      Map<Instant, String> byInstant,
      Map<ZonedDateTime, String> byZonedDateTime,
      Map<ZoneId, String> byZone) {}

  record Plain(String name, int level, List<String> tags) {}

  private static final ZonedDateTime WHEN = ZonedDateTime.of(2026, 12, 3, 11, 45, 30, 123_456_789, ZoneId.of("Europe/Paris"));

  private static final Times TIMES = new Times(
      WHEN.toInstant(),
      WHEN.toOffsetDateTime(),
      WHEN,
      Duration.ofSeconds(90, 5),
      WHEN.toLocalDateTime(),
      WHEN.toLocalDate(),
      WHEN.toLocalTime(),
      Month.DECEMBER,
      MonthDay.of(12, 3),
      WHEN.toOffsetDateTime().toOffsetTime(),
      Period.of(1, 2, 3),
      Year.of(2026),
      YearMonth.of(2026, 12),
      ZoneId.of("Asia/Seoul"),
      ZoneOffset.ofHours(9),
      DayOfWeek.THURSDAY,
      List.of(Instant.EPOCH, WHEN.toInstant()),
      Map.of(LocalDate.of(2026, 1, 1), Duration.ofMinutes(3)),
      Map.of(Instant.EPOCH, "epoch"),
      Map.of(WHEN, "now"),
      Map.of(ZoneId.of("UTC"), "utc"));

  @Test
  void everyJavaTimeType_isWrittenAndReadAsJacksonsOwnMapperDoes() {
    for (Function<JsonMapper.Builder, JsonMapper.Builder> layout : List.<Function<JsonMapper.Builder, JsonMapper.Builder>>of(
        builder -> builder,
        builder -> builder.enable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS),
        builder -> builder.disable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS).enable(DateTimeFeature.WRITE_DURATIONS_AS_TIMESTAMPS))) {
      ObjectMapper jacksons = layout.apply(JsonMapper.builder()).build();
      ObjectMapper ours = layout.apply(JsonMappers.builder()).build();

      String written = jacksons.writeValueAsString(TIMES);
      assertEquals(written, ours.writeValueAsString(TIMES));
      assertEquals(jacksons.readValue(written, Times.class), ours.readValue(written, Times.class));
      assertEquals(jacksons.writeValueAsString(WHEN), ours.writeValueAsString(WHEN));
    }
  }

  @Test
  void aValueThatIsNoDate_failsWithJacksonsOwnMessage() {
    ObjectMapper jacksons = JsonMapper.builder().build();
    ObjectMapper ours = JsonMappers.builder().build();
    for (String json : List.of("{\"instant\":\"yesterday\"}", "{\"duration\":\"long\"}", "{\"zoneId\":\"Mars/Olympus\"}",
        "{\"byDate\":{\"someday\":\"PT1S\"}}", "{\"month\":\"Brumaire\"}")) {
      String expected = assertThrows(JacksonException.class, () -> jacksons.readValue(json, Times.class)).getMessage();
      String actual = assertThrows(JacksonException.class, () -> ours.readValue(json, Times.class)).getMessage();

      assertEquals(expected, actual, json);
    }
  }

  @Test
  void theHandlers_areMadeOnlyWhenAJavaTimeTypeComesUp() {
    LazyJavaTime javaTime = new LazyJavaTime();
    ObjectMapper mapper = JsonMappers.builder(javaTime).build();

    Plain plain = new Plain("arena", 3, List.of("a", "b"));
    assertEquals(plain, mapper.readValue(mapper.writeValueAsString(plain), Plain.class));
    assertEquals(Map.of("k", 1), mapper.readValue("{\"k\":1}", Map.class));
    assertFalse(javaTime.made(), "made for a record, a list and a map of plain types");

    assertEquals(Instant.EPOCH, mapper.readValue("\"1970-01-01T00:00:00Z\"", Instant.class));
    assertTrue(javaTime.made());
  }

  @Test
  void aModulesHandlerForAJavaTimeType_stillWinsOverJacksons() {
    SimpleModule module = new SimpleModule("fixed").addDeserializer(Instant.class, new ValueDeserializer<Instant>() {
      @Override
      public Instant deserialize(JsonParser parser, DeserializationContext context) {
        parser.getString();
        return Instant.EPOCH;
      }
    });

    ObjectMapper jacksons = JsonMapper.builder().addModule(module).build();
    ObjectMapper ours = JsonMappers.builder().addModule(module).build();

    assertEquals(Instant.EPOCH, jacksons.readValue("\"2026-12-03T00:00:00Z\"", Instant.class));
    assertEquals(Instant.EPOCH, ours.readValue("\"2026-12-03T00:00:00Z\"", Instant.class));
  }

  /** Every key type Jackson 3's java.time support has a key deserializer for, with a value of each. */
  private static final List<Object> KEYS = List.of(
      Duration.ofSeconds(90, 5),
      WHEN.toInstant(),
      WHEN.toLocalDateTime(),
      WHEN.toLocalDate(),
      WHEN.toLocalTime(),
      MonthDay.of(12, 3),
      WHEN.toOffsetDateTime(),
      WHEN.toOffsetDateTime().toOffsetTime(),
      Period.of(1, 2, 3),
      Year.of(2026),
      YearMonth.of(2026, 12),
      WHEN,
      ZoneId.of("Asia/Seoul"),
      ZoneOffset.ofHours(9));

  @Test
  void everyJavaTimeKeyType_isWrittenAndReadAsJacksonsOwnMapperDoes() {
    for (boolean timestamps : new boolean[] {false, true}) {
      ObjectMapper jacksons = JsonMapper.builder().configure(DateTimeFeature.WRITE_DATE_KEYS_AS_TIMESTAMPS, timestamps).build();
      ObjectMapper ours = JsonMappers.builder().configure(DateTimeFeature.WRITE_DATE_KEYS_AS_TIMESTAMPS, timestamps).build();
      for (Object key : KEYS) {
        Map<Object, String> map = Map.of(key, "v");
        // A region's own class (ZoneRegion) has no key deserializer in either; ZoneId's is for ZoneId.
        Class<?> keyType = key instanceof ZoneId && !(key instanceof ZoneOffset) ? ZoneId.class : key.getClass();
        JavaType type = jacksons.getTypeFactory().constructMapType(Map.class, keyType, String.class);

        String written = jacksons.writeValueAsString(map);
        assertEquals(written, ours.writeValueAsString(map), key.getClass() + " " + timestamps);
        // Some keys Jackson writes as timestamps it cannot read back: then both fail alike.
        assertEquals(outcome(jacksons, written, type), outcome(ours, written, type), key.getClass() + " " + timestamps);
      }
    }
  }

  private static Object outcome(ObjectMapper mapper, String json, JavaType type) {
    try {
      return mapper.readValue(json, type);
    } catch (JacksonException e) {
      return "failed: " + e.getMessage();
    }
  }

  @Test
  void aZoneIdsOwnClass_isReadThroughJacksonsValueInstantiator() {
    // ZoneRegion, the class ZoneId.of gives for a region, is bound only through the instantiator
    // java.time's support registers; without it the value reads as null.
    Class<? extends ZoneId> region = ZoneId.of("Europe/Paris").getClass();

    assertEquals(ZoneId.of("Europe/Paris"), JsonMapper.builder().build().readValue("\"Europe/Paris\"", region));
    assertEquals(ZoneId.of("Europe/Paris"), JsonMappers.builder().build().readValue("\"Europe/Paris\"", region));
  }

  @Test
  void jacksonsOwnBuilder_setsUpWhatOursDoes_inTheSameOrder() {
    // JsonMappers copies the body of Jackson's saveStateApplyModules, with its java.time step
    // replaced: if a Jackson version sets anything else up there, or in another order, this fails.
    List<String> jacksons = new ArrayList<>();
    new JsonMapper.Builder(new JsonFactory()) {
      @Override
      protected ModuleContextBase _constructModuleContext() {
        return new Recording(this, jacksons);
      }
    }.build();

    List<String> ours = new ArrayList<>();
    new LazyJavaTime().setupModule(new Recording(JsonMapper.builder(), ours));

    assertEquals(List.of("deserializers", "serializers", "key serializers", "key deserializers", "value instantiators"), jacksons);
    assertEquals(jacksons, ours);
  }

  @Test
  void noOtherClassOfTheFramework_buildsAMapperAnotherWay() throws IOException {
    List<String> others = new ArrayList<>();
    try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
      for (Path source : sources.filter(path -> path.toString().endsWith(".java")).toList()) {
        String text = Files.readString(source);
        if (!source.endsWith("JsonMappers.java") && (text.contains("JsonMapper.builder(") || text.contains("new JsonMapper.Builder("))) {
          others.add(source.toString());
        }
      }
    }

    assertEquals(List.of(), others);
  }

  /** Records which kinds of registration a mapper's setup makes, in order, and applies them as Jackson would. */
  private static final class Recording extends ModuleContextBase {
    private final List<String> made;

    Recording(MapperBuilder<?, ?> builder, List<String> made) {
      super(builder, new ConfigOverrides());
      this.made = made;
    }

    private JacksonModule.SetupContext record(String what, JacksonModule.SetupContext result) {
      made.add(what);
      return result;
    }

    @Override
    public JacksonModule.SetupContext addDeserializers(Deserializers d) {
      return record("deserializers", super.addDeserializers(d));
    }

    @Override
    public JacksonModule.SetupContext addKeyDeserializers(KeyDeserializers d) {
      return record("key deserializers", super.addKeyDeserializers(d));
    }

    @Override
    public JacksonModule.SetupContext addDeserializerModifier(ValueDeserializerModifier modifier) {
      return record("deserializer modifier", super.addDeserializerModifier(modifier));
    }

    @Override
    public JacksonModule.SetupContext addValueInstantiators(ValueInstantiators instantiators) {
      return record("value instantiators", super.addValueInstantiators(instantiators));
    }

    @Override
    public JacksonModule.SetupContext addSerializers(Serializers s) {
      return record("serializers", super.addSerializers(s));
    }

    @Override
    public JacksonModule.SetupContext addKeySerializers(Serializers s) {
      return record("key serializers", super.addKeySerializers(s));
    }

    @Override
    public JacksonModule.SetupContext addSerializerModifier(ValueSerializerModifier modifier) {
      return record("serializer modifier", super.addSerializerModifier(modifier));
    }

    @Override
    public JacksonModule.SetupContext overrideDefaultNullKeySerializer(ValueSerializer<?> serializer) {
      return record("null key serializer", super.overrideDefaultNullKeySerializer(serializer));
    }

    @Override
    public JacksonModule.SetupContext overrideDefaultNullValueSerializer(ValueSerializer<?> serializer) {
      return record("null value serializer", super.overrideDefaultNullValueSerializer(serializer));
    }

    @Override
    public JacksonModule.SetupContext insertAnnotationIntrospector(AnnotationIntrospector introspector) {
      return record("annotation introspector", super.insertAnnotationIntrospector(introspector));
    }

    @Override
    public JacksonModule.SetupContext appendAnnotationIntrospector(AnnotationIntrospector introspector) {
      return record("annotation introspector", super.appendAnnotationIntrospector(introspector));
    }

    @Override
    public JacksonModule.SetupContext addAbstractTypeResolver(AbstractTypeResolver resolver) {
      return record("abstract type resolver", super.addAbstractTypeResolver(resolver));
    }

    @Override
    public JacksonModule.SetupContext addTypeModifier(TypeModifier modifier) {
      return record("type modifier", super.addTypeModifier(modifier));
    }

    @Override
    public JacksonModule.SetupContext registerSubtypes(Class<?>... subtypes) {
      return record("subtypes", super.registerSubtypes(subtypes));
    }

    @Override
    public JacksonModule.SetupContext registerSubtypes(NamedType... subtypes) {
      return record("subtypes", super.registerSubtypes(subtypes));
    }

    @Override
    public JacksonModule.SetupContext registerSubtypes(Collection<Class<?>> subtypes) {
      return record("subtypes", super.registerSubtypes(subtypes));
    }

    @Override
    public JacksonModule.SetupContext addHandler(DeserializationProblemHandler handler) {
      return record("problem handler", super.addHandler(handler));
    }

    @Override
    public JacksonModule.SetupContext overrideInjectableValues(UnaryOperator<InjectableValues> values) {
      return record("injectable values", super.overrideInjectableValues(values));
    }

    @Override
    public JacksonModule.SetupContext setMixIn(Class<?> target, Class<?> mixinSource) {
      return record("mix-in", super.setMixIn(target, mixinSource));
    }

    @Override
    public MutableConfigOverride configOverride(Class<?> type) {
      made.add("config override");
      return super.configOverride(type);
    }
  }
}
