package dev.overture.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The feed of reports the inspector shows (issue 19): numbered, bounded, read since a number or heard. */
class ReportsTest {

  private static final Instant NOON = Instant.parse("2025-01-01T12:00:00Z");
  private final Reports reports = Reports.create(Clock.fixed(NOON, ZoneOffset.UTC), 3);
  private final Problem missing = Problem.error("Overture/UnknownAsset", "No asset Map:Nope is indexed.")
      .at(new SourceLocation("assets/experiences/Broken.json", 4, 9, "/map"));

  @Test
  void reportsAreNumberedAndTimed_inTheOrderPublished() {
    Report first = reports.publish(ReportKind.LOAD_FAILED, "Could not load Experience:Broken", List.of(missing));
    Report second = reports.publish(ReportKind.of("Reloaded"), "Reloaded assets/maps/Arena.json", List.of());

    assertEquals(new Report(1, NOON, ReportKind.LOAD_FAILED, "Could not load Experience:Broken", List.of(missing)), first);
    assertEquals(2, second.sequence());
    assertEquals(List.of(first, second), reports.recent());
    assertEquals(List.of(second), reports.since(1));
    assertEquals(2, reports.published());
  }

  @Test
  void onlyTheNewestAreKept() {
    for (int i = 1; i <= 5; i++) {
      reports.publish(ReportKind.of("Tick"), "report " + i, List.of());
    }

    assertEquals(List.of("report 3", "report 4", "report 5"), reports.recent().stream().map(Report::summary).toList());
    assertEquals(List.of("report 5"), reports.since(4).stream().map(Report::summary).toList());
  }

  @Test
  void subscribersHearEachReport_untilTheyClose_andOneThatThrowsStopsNoOther() {
    List<String> heard = new ArrayList<>();
    reports.subscribe(report -> {
      throw new IllegalStateException("broken subscriber");
    });
    Reports.Subscription subscription = reports.subscribe(report -> heard.add(report.summary()));

    reports.publish(ReportKind.of("Tick"), "one", List.of());
    subscription.close();
    reports.publish(ReportKind.of("Tick"), "two", List.of());

    assertEquals(List.of("one"), heard);
  }

  @Test
  void kindsAreOneWord() {
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> ReportKind.of("load failed"));
    assertEquals("a report kind is a letter followed by letters and digits: \"load failed\"", bad.getMessage());
  }

  @Test
  void aReport_hasErrors_onlyWhenOneOfItsProblemsIsAnError_andItsLogLineSaysWhatItIs() {
    Report failed = reports.publish(ReportKind.LOAD_FAILED, "Could not load Experience:Broken",
        List.of(Problem.warning("Overture/Old", "old"), missing));
    Report warned = reports.publish(ReportKind.of("Reloaded"), "Reloaded", List.of(Problem.warning("Overture/Old", "old")));

    assertTrue(failed.hasErrors());
    assertFalse(warned.hasErrors());
    assertFalse(reports.publish(ReportKind.of("Reloaded"), "Reloaded", List.of()).hasErrors());
    assertEquals("Report[1 LoadFailed: Could not load Experience:Broken, 2 problem(s)]", failed.toString());
    assertEquals("Reports[3 published, 3 kept]", reports.toString());
  }

  @Test
  void aFeedKeepsAtLeastOne_andTheDefaultFeedKeepsTwoHundred() {
    Reports one = Reports.create(Clock.fixed(NOON, ZoneOffset.UTC), 1);
    one.publish(ReportKind.of("Tick"), "first", List.of());
    one.publish(ReportKind.of("Tick"), "second", List.of());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Reports.create(Clock.systemUTC(), 0));
    Reports standard = Reports.create();
    for (int i = 1; i <= Reports.DEFAULT_CAPACITY + 1; i++) {
      standard.publish(ReportKind.of("Tick"), "report " + i, List.of());
    }

    assertEquals(List.of("second"), one.recent().stream().map(Report::summary).toList());
    assertEquals("capacity < 1: 0", e.getMessage());
    assertEquals(200, standard.recent().size());
    assertEquals("report 2", standard.recent().get(0).summary());
  }
}
