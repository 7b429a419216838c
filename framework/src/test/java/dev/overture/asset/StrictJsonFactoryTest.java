package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.json.JsonMapper;

/** Our duplicate-name check must fail exactly where, and as, Jackson's own does. */
class StrictJsonFactoryTest {

  private static final JsonFactory JACKSON =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
  private static final JsonFactory OURS =
      new StrictJsonFactory(JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION));

  static Stream<String> documents() {
    String many = IntStream.range(0, 40).mapToObj(i -> "\"p" + i + "\": " + i).reduce((a, b) -> a + ", " + b).orElseThrow();
    return Stream.of(
        "{ \"name\": \"a\", \"name\": \"b\" }",
        "{ \"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4, \"b\": 5 }",
        "{ \"a\": 1, \"b\": { \"a\": 1, \"b\": 2 }, \"c\": [ { \"a\": 1 }, { \"a\": 2, \"a\": 3 } ] }",
        // siblings reuse the same context: a name of the first is no duplicate in the second
        "[ { \"a\": 1, \"b\": 2, \"c\": 3 }, { \"c\": 1, \"b\": 2, \"a\": 3 }, { \"x\": { \"a\": 1 } } ]",
        "{ " + many + " }",
        "{ " + many + ", \"p37\": 0 }",
        "{ " + many + ", \"p3\": 0 }",
        "{ \"p1\": { " + many + " }, \"p2\": { " + many + " }, \"p1\": 0 }",
        "{ \"n\\u0061me\": 1, \"name\": 2 }",
        "{ \"héros\": 1, \"\u00e9\": 2, \"h\u00e9ros\": 3 }",
        "{\n  \"a\": {\n    \"deep\": [[{ \"x\": 1,\n \"x\": 2 }]]\n  }\n}",
        "{ \"Aa\": 1, \"BB\": 2 }", // the same hash code, different names
        "{ \"Aa\": 1, \"BB\": 2, \"Aa\": 3 }",
        "{ \"a\": 1 } { \"a\": 2 }",
        "{ \"a\": 1, \"b\": [1, 2, {\"a\": {}}], \"a\": 2 }");
  }

  @ParameterizedTest
  @MethodSource("documents")
  void failsWhereJacksonFails_withTheSameMessage(String json) {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    String expected = outcome(JACKSON, bytes);
    assertEquals(expected, outcome(OURS, bytes));
  }

  @Test
  void readsWithOurCheck_onlyPlainUtf8() {
    assertTrue(StrictJsonFactory.plainUtf8("{}".getBytes(StandardCharsets.UTF_8), 0, 2));
    assertFalse(StrictJsonFactory.plainUtf8(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '{', '}'}, 0, 5));
    assertFalse(StrictJsonFactory.plainUtf8("{}".getBytes(StandardCharsets.UTF_16LE), 0, 4));
    assertFalse(StrictJsonFactory.plainUtf8(new byte[0], 0, 0));
  }

  @Test
  void aByteOrderMark_stillGetsJacksonsCheck() {
    byte[] json = "\uFEFF{ \"a\": 1, \"a\": 2 }".getBytes(StandardCharsets.UTF_8);
    assertEquals(outcome(JACKSON, json), outcome(OURS, json));
    assertTrue(outcome(OURS, json).startsWith("failed: Duplicate Object property \"a\""));
  }

  @Test
  void theMapperFailsOnADuplicate_atTheName() {
    JsonMapper mapper = JsonMapper.builder(OURS).build();
    JacksonException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            JacksonException.class, () -> mapper.readTree("{\n  \"a\": 1,\n  \"a\": 2\n}".getBytes(StandardCharsets.UTF_8)));
    assertInstanceOf(tools.jackson.core.exc.StreamReadException.class, e);
    assertEquals("Duplicate Object property \"a\"", e.getOriginalMessage());
    assertEquals(3, e.getLocation().getLineNr());
    assertEquals(6, e.getLocation().getColumnNr());
  }

  /** Every token and where it ends, or the failure and where it happened. */
  private static String outcome(JsonFactory factory, byte[] json) {
    StringBuilder out = new StringBuilder();
    try (JsonParser parser = factory.createParser(ObjectReadContext.empty(), json)) {
      while (parser.nextToken() != null || parser.nextToken() != null) {
        out.append(parser.currentToken()).append(' ');
      }
      return out.toString();
    } catch (JacksonException e) {
      TokenStreamLocation at = e.getLocation();
      return "failed: " + e.getOriginalMessage() + " at " + at.getLineNr() + ":" + at.getColumnNr() + " offset "
          + at.getByteOffset() + " after " + out;
    }
  }
}
