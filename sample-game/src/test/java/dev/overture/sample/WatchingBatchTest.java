package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.live.LiveReload;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What play --watch prints of a change of thousands of files: a pack of 5,000 broken pawns dropped
 * into the content was refused with every problem printed, 14,000 lines between two turns of the
 * match. The first 20 are printed, errors first, then how many there are and the command that lists
 * every one; the LiveReload a host gets keeps them all.
 */
class WatchingBatchTest {

  private static final String VALIDATE = "overture validate --assets assets";

  private static String printed(LiveReload reload) {
    StringWriter out = new StringWriter();
    Watching.print(reload, new PrintWriter(out, true), VALIDATE);
    return out.toString().replace(System.lineSeparator(), "\n");
  }

  @Test
  void aRefusedBatchOfThousandsOfFiles_printsItsFirstProblems_errorsFirst_andWhereToSeeThemAll() {
    List<String> files = new ArrayList<>();
    List<Problem> problems = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      problems.add(Problem.warning("Overture/UnknownProperty", "Unknown property \"colour\"")
          .at(new SourceLocation("assets/pawns/Odd" + i + ".json", 1, 3, "/colour")));
    }
    for (int i = 0; i < 5_000; i++) {
      files.add("assets/pawns/Bad" + i + ".json");
      problems.add(Problem.error("Overture/MalformedJson", "Malformed JSON: Unexpected end-of-input")
          .at(new SourceLocation("assets/pawns/Bad" + i + ".json", 1, 11, "/name")));
    }
    LiveReload reload = new LiveReload(1, LiveReload.Status.REFUSED, files, List.of(), List.of(), problems, Duration.ZERO);

    String printed = printed(reload);

    List<String> lines = printed.lines().toList();
    assertEquals("Refused assets/pawns/Bad0.json, assets/pawns/Bad1.json, assets/pawns/Bad2.json and 4997 more: 5000 errors; the old"
        + " content stays in force", lines.get(0));
    assertEquals("  refused:", lines.get(1));
    assertEquals("1) [Overture/MalformedJson] Malformed JSON: Unexpected end-of-input", lines.get(3), "errors first");
    assertEquals("   at assets/pawns/Bad0.json:1:11 (/name)", lines.get(4));
    assertTrue(printed.contains("20) [Overture/MalformedJson] Malformed JSON: Unexpected end-of-input\n"
        + "    at assets/pawns/Bad19.json:1:11 (/name)\n"), printed);
    assertEquals("5003 problems (5000 errors, 3 warnings): the first 20 above, 4983 more not shown; overture validate --assets"
        + " assets lists every one", lines.get(lines.size() - 1));
    assertEquals(64, lines.size(), printed);
    assertEquals(5_003, reload.problems().size(), "the host gets every one");
  }

  @Test
  void anAppliedBatchOfThousandsOfChanges_printsTheFirst_andHowManyMore() {
    List<String> changes = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      changes.add("PawnData:Bot" + i + " /health: 100 -> 90");
    }
    LiveReload reload = new LiveReload(2, LiveReload.Status.APPLIED, List.of("assets/pawns"), changes, List.of(), List.of(),
        Duration.ofMillis(40));

    List<String> lines = printed(reload).lines().toList();

    assertEquals(22, lines.size(), String.join("\n", lines));
    assertEquals("  PawnData:Bot19 /health: 100 -> 90", lines.get(20));
    assertEquals("  and 4980 more changes", lines.get(21));
  }

  @Test
  void aFewProblems_areAllPrinted_asBefore() {
    List<Problem> problems = List.of(Problem.error("Overture/MalformedJson", "Malformed JSON")
        .at(new SourceLocation("assets/pawns/Bad.json", 1, 11, "/name")));
    LiveReload reload = new LiveReload(3, LiveReload.Status.REFUSED, List.of("assets/pawns/Bad.json"), List.of(), List.of(),
        problems, Duration.ZERO);

    assertEquals("""
        Refused assets/pawns/Bad.json: 1 error; the old content stays in force
          refused:

        1) [Overture/MalformedJson] Malformed JSON
           at assets/pawns/Bad.json:1:11 (/name)

        1 problem
        """, printed(reload));
  }
}
