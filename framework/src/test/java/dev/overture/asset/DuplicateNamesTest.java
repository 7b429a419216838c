package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonParserDelegate;

/**
 * Issue 20: {@link DuplicateNames} refuses exactly the documents Jackson's {@code
 * STRICT_DUPLICATE_DETECTION} refuses, at the same token, whichever way the parser is moved on.
 * The messages users see are still Jackson's (json-problems.txt: the bind reads a refused file again
 * with Jackson's check); here only the detection is compared, token by token.
 */
class DuplicateNamesTest {

  private static final JsonFactory STRICT = JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
  private static final JsonFactory PLAIN = JsonFactory.builder().build();

  /** The index of the token at which reading every token fails, or -1 when it does not. */
  private static int failingToken(JsonParser parser) {
    int index = 0;
    try (parser) {
      while (parser.nextToken() != null) {
        index++;
      }
      return -1;
    } catch (JacksonException e) {
      return index;
    }
  }

  private static int strict(String json) {
    return failingToken(STRICT.createParser(ObjectReadContext.empty(), json.getBytes(StandardCharsets.UTF_8)));
  }

  private static int checked(String json) {
    return failingToken(new DuplicateNames(PLAIN.createParser(ObjectReadContext.empty(), json.getBytes(StandardCharsets.UTF_8))));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "{}",
      "{ \"a\": 1, \"a\": 2 }",
      "{ \"a\": 1, \"b\": 2 }",
      "{ \"a\": { \"a\": 1 }, \"b\": { \"a\": 2 } }",
      "{ \"a\": { \"x\": 1, \"x\": 2 } }",
      "{ \"a\": [ { \"x\": 1 }, { \"x\": 2 } ], \"a\": 3 }",
      "{ \"a\": [ { \"x\": 1, \"y\": 2, \"x\": 3 } ] }",
      "{ \"t\\u0069tle\": 1, \"title\": 2 }",
      "{ \"h\u00e9ros\": 1, \"\u00e9\": 2, \"h\u00e9ros\": 3 }",
      "{ \"Aa\": 1, \"BB\": 2 }",
      "[ { \"a\": 1 }, { \"a\": 1, \"a\": 2 } ]",
      "{ \"a\": {}, \"b\": {}, \"c\": { \"a\": {}, \"a\": {} } }",
      "{ \"a\": 1 } { \"a\": 1, \"a\": 2 }",
  })
  void refusesWhatJacksonRefuses_atTheSameToken(String json) {
    assertEquals(strict(json), checked(json), json);
  }

  @Test
  void manyNames_andObjectsReusingADepth_areCheckedAlike() {
    String forty = String.join(", ", java.util.stream.IntStream.range(0, 40).mapToObj(i -> "\"p" + i + "\": " + i).toList());
    for (String json : List.of(
        "{ " + forty + " }",
        "{ " + forty + ", \"p39\": 0 }",
        "{ " + forty + ", \"p0\": 0 }",
        "{ \"a\": { " + forty + " }, \"b\": { \"p1\": 1, \"p2\": 2 }, \"c\": { " + forty + ", \"p20\": 1 } }",
        "{ \"a\": { " + forty + " }, \"b\": { " + forty + " } }")) {
      assertEquals(strict(json), checked(json), json);
    }
  }

  /** Random documents of nested objects and arrays drawing names from a few letters, so that some repeat. */
  @Test
  void randomDocuments_areRefusedExactlyWhenJacksonRefusesThem() {
    Random random = new Random(20);
    int refused = 0;
    for (int i = 0; i < 3_000; i++) {
      String json = object(random, 0);
      int expected = strict(json);
      assertEquals(expected, checked(json), json);
      refused += expected >= 0 ? 1 : 0;
    }
    assertTrue(refused > 300 && refused < 2_700, "both kinds of document were tried: " + refused + " refused");
  }

  private static String object(Random random, int depth) {
    StringBuilder json = new StringBuilder("{");
    int size = random.nextInt(depth == 0 ? 6 : 4);
    for (int i = 0; i < size; i++) {
      json.append(i == 0 ? "" : ",").append('"').append((char) ('a' + random.nextInt(size + 3))).append("\":");
      json.append(value(random, depth + 1));
    }
    return json.append('}').toString();
  }

  private static String value(Random random, int depth) {
    int kind = depth > 4 ? 0 : random.nextInt(4);
    return switch (kind) {
      case 1 -> object(random, depth);
      case 2 -> "[" + value(random, depth + 1) + "," + value(random, depth + 1) + "]";
      case 3 -> "\"s\"";
      default -> Integer.toString(random.nextInt(100));
    };
  }

  @Test
  void skippingAnObject_stillFindsTheDuplicateInside_asJacksonDoes() {
    String json = "{ \"skip\": { \"x\": 1, \"y\": { \"z\": 1, \"z\": 2 } }, \"after\": 1 }";
    try (JsonParser strict = STRICT.createParser(ObjectReadContext.empty(), json.getBytes(StandardCharsets.UTF_8));
        JsonParser checked = new DuplicateNames(PLAIN.createParser(ObjectReadContext.empty(), json.getBytes(StandardCharsets.UTF_8)))) {
      for (JsonParser parser : List.of(strict, checked)) {
        assertEquals(JsonToken.START_OBJECT, parser.nextToken());
        assertEquals(JsonToken.PROPERTY_NAME, parser.nextToken());
        assertEquals(JsonToken.START_OBJECT, parser.nextToken());
        org.junit.jupiter.api.Assertions.assertThrows(JacksonException.class, parser::skipChildren, parser.toString());
      }
    }
  }

  @Test
  void nextValue_nextName_andTheirKin_checkTheNamesTheyPassOver() {
    String json = "{ \"a\": 1, \"b\": \"s\", \"a\": true }";
    DuplicateNames byValues = new DuplicateNames(PLAIN.createParser(ObjectReadContext.empty(), json.getBytes(StandardCharsets.UTF_8)));
    assertEquals(JsonToken.START_OBJECT, byValues.nextValue());
    assertEquals(JsonToken.VALUE_NUMBER_INT, byValues.nextValue());
    assertEquals(JsonToken.VALUE_STRING, byValues.nextValue());
    org.junit.jupiter.api.Assertions.assertThrows(DuplicateNames.Found.class, byValues::nextValue);
    assertTrue(byValues.found());

    DuplicateNames byNames = new DuplicateNames(PLAIN.createParser(ObjectReadContext.empty(), json.getBytes(StandardCharsets.UTF_8)));
    assertEquals(JsonToken.START_OBJECT, byNames.nextToken());
    assertEquals("a", byNames.nextName());
    assertEquals(1, byNames.nextIntValue(0));
    assertTrue(byNames.nextName(new tools.jackson.core.io.SerializedString("b")));
    assertEquals("s", byNames.nextStringValue());
    org.junit.jupiter.api.Assertions.assertThrows(DuplicateNames.Found.class, byNames::nextName);

    DuplicateNames clean = new DuplicateNames(PLAIN.createParser(ObjectReadContext.empty(), "{ \"a\": 1 }".getBytes(StandardCharsets.UTF_8)));
    while (clean.nextToken() != null) {
      // read through
    }
    assertFalse(clean.found());
  }

  /**
   * Every method of Jackson's parser delegate that moves the parser on is overridden here (the
   * others, such as {@code nextStringValue}, call {@code nextToken}), so that no way of reading
   * passes over a name unseen; a Jackson that adds one fails this test rather than the check.
   */
  @Test
  void everyMethodThatMovesTheParserOn_isOverridden() {
    Set<String> moving = new TreeSet<>();
    for (Method method : JsonParserDelegate.class.getDeclaredMethods()) {
      if (Modifier.isPublic(method.getModifiers()) && (method.getName().startsWith("next") || method.getName().startsWith("skip"))) {
        moving.add(method.getName() + Arrays.toString(method.getParameterTypes()));
      }
    }
    List<String> missing = new ArrayList<>();
    for (String signature : moving) {
      boolean declared = Arrays.stream(DuplicateNames.class.getDeclaredMethods())
          .anyMatch(method -> (method.getName() + Arrays.toString(method.getParameterTypes())).equals(signature));
      if (!declared) {
        missing.add(signature);
      }
    }
    assertEquals(List.of(), missing, "moved on by Jackson's delegate, not checked here: " + moving);
    for (Method method : JsonParser.class.getDeclaredMethods()) {
      String name = method.getName();
      if (Modifier.isPublic(method.getModifiers()) && (name.startsWith("next") || name.startsWith("skip"))
          && !Modifier.isAbstract(method.getModifiers())) {
        assertTrue(Set.of("nextNameMatchAndToken", "nextStringValue", "nextIntValue", "nextLongValue", "nextBooleanValue").contains(name),
            "a default method of JsonParser that moves it on, not known to go through nextToken: " + name);
      }
    }
  }
  /**
   * A thread's parses share one set of arrays: what one parse saw (twenty names in an object, so
   * past the scanned array into a set) must not make the next parse, or one nested inside it on
   * the same thread, find a name twice that it has once, nor miss one it has twice.
   */
  @Test
  void parsesOnOneThread_shareArrays_withoutSeeingEachOthersNames() {
    StringBuilder many = new StringBuilder("{\"a\": {");
    for (int i = 0; i < 20; i++) {
      many.append(i == 0 ? "" : ", ").append("\"n").append(i).append("\": ").append(i);
    }
    many.append("}}");
    assertEquals(-1, checked(many.toString()));
    assertEquals(-1, checked(many.toString()), "the same names again, in a new parse");
    String twice = many.toString().replace("\"n19\"", "\"n3\"");
    assertEquals(strict(twice), checked(twice));

    JsonParser outer = new DuplicateNames(PLAIN.createParser(ObjectReadContext.empty(),
        "{\"x\": {\"y\": 1, \"z\": 2, \"y\": 3}}".getBytes(StandardCharsets.UTF_8)));
    outer.nextToken();
    outer.nextToken();
    outer.nextToken();
    outer.nextToken();
    assertEquals("y", outer.currentName());
    assertEquals(-1, checked("{\"x\": {\"q\": 1, \"z\": 2}}"), "a parse nested in an open one");
    assertEquals(-1, checked(many.toString()));
    // 1, "z", 2 read, then the second "y" refused.
    assertEquals(3, failingToken(outer), "the open parse still finds its own name twice");
  }

  /**
   * An object of many names filled the thread's set, which kept every name after the parse until
   * the thread's next parse opened an object at that depth: an idle worker held the keys of a
   * large map asset long after the asset was released.
   */
  @Test
  void aClosedParse_leavesNoNamesInTheThreadsSets() {
    StringBuilder many = new StringBuilder("{\"a\": {");
    for (int i = 0; i < 5000; i++) {
      many.append(i == 0 ? "" : ", ").append("\"n").append(i).append("\": ").append(i);
    }
    many.append("}}");

    assertEquals(-1, checked(many.toString()));

    assertEquals(0, DuplicateNames.namesKeptByThisThread());
  }

  /**
   * A set that grew for an object of many names was only emptied when the next object at its depth
   * opened, and an empty set passed as small when the parse closed: its table (1 MB for 10,000
   * names) stayed with the thread. Such a set is now let go, and the thread keeps none.
   */
  @Test
  void aLargeObjectFollowedByASmallOneAtItsDepth_leavesNoLargeSetToTheThread() {
    StringBuilder document = new StringBuilder("{\"a\": {");
    for (int i = 0; i < 10_000; i++) {
      document.append(i == 0 ? "" : ", ").append("\"n").append(i).append("\": ").append(i);
    }
    document.append("}, \"b\": {\"x\": 1}}");

    // On a thread of its own, whose sets are this parse's alone.
    java.util.concurrent.ExecutorService thread = java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<int[]> outcome = thread.submit(
          () -> new int[] {checked(document.toString()), DuplicateNames.setsKeptByThisThread()});
      assertEquals(List.of(-1, 0), java.util.Arrays.stream(outcome.get()).boxed().toList());
    } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
      throw new AssertionError(e);
    } finally {
      thread.shutdownNow();
    }
  }
}
