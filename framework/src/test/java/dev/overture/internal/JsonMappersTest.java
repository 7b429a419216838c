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
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/**
 * Issue 20: a mapper from {@link JsonMappers} makes Jackson's {@code java.time} handlers only when a
 * {@code java.time} type first comes up, and then reads and writes every such type, as a value, a map
 * key or inside a record, exactly as a mapper from {@link JsonMapper#builder()} does, in both of
 * Jackson's date layouts, failures included.
 */
class JsonMappersTest {

  /** Every type Jackson 3's java.time support has a handler for, plus two it leaves to the defaults. */
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
}
