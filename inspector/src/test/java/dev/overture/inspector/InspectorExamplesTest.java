package dev.overture.inspector;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.ReportKind;
import dev.overture.core.Reports;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.inject.Overture;
import dev.overture.world.ActorComponent;
import dev.overture.world.FixedStepLoop;
import dev.overture.world.World;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of docs/inspector.md and docs/embedding.md, run: each region between {@code //
 * tag::name[]} and {@code // end::name[]} must appear in the pages as it is here.
 */
class InspectorExamplesTest {

  @TempDir Path temp;

  @Test
  void aHostStartsTheInspector_andItServesThePage() throws Exception {
    Path content = TestGame.content().writeTo(temp.resolve("content"));
    // tag::host[]
    try (Overture overture = Overture.builder()
            .contentRoot(AssetSource.directory(content))
            .component("Walker", Walker.class)
            .build();
        Inspector inspector = Inspector.builder(overture).port(0).start()) {
      System.out.println("Inspector: " + inspector.uri()); // http://127.0.0.1:PORT/
      World world = overture.worlds().create("Match");
      ExperienceManager.of(world).orElseThrow().setCurrentExperience(PrimaryAssetId.parse("Experience:Walk"));
      FixedStepLoop loop = FixedStepLoop.builder(1.0 / 30).build();
      loop.add(world);
      loop.runUntil(() -> ExperienceManager.of(world).orElseThrow().state() == LoadState.LOADED);
      // end::host[]
      URI page = inspector.uri();
      assertTrue(page.toString().matches("http://127\\.0\\.0\\.1:\\d+/"), page.toString());
      assertEquals(200, InspectorServerTest.exchange(page.getPort(), "GET", "/", "127.0.0.1:" + page.getPort()).status());
      world.close();
    }
  }

  @Test
  void anotherSystemPublishesItsOwnReports() {
    Reports reports = Reports.create();
    List<String> heard = new ArrayList<>();
    // tag::reports[]
    ReportKind refused = ReportKind.of("EditRefused");
    reports.subscribe(report -> heard.add(report.kind() + ": " + report.summary()));
    reports.publish(refused, "Kept the old assets/maps/Arena.json: the edit does not parse", List.of());
    // end::reports[]
    await().atMost(Duration.ofSeconds(5)).until(() -> heard.size() == 1);
    assertEquals("EditRefused: Kept the old assets/maps/Arena.json: the edit does not parse", heard.get(0));
  }

  private static final Pattern TAG =
      Pattern.compile("(?m)^[ \\t]*// tag::([a-z-]+)\\[\\]\\n(.*?)^[ \\t]*// end::\\1\\[\\]", Pattern.DOTALL);

  @Test
  void thePagesShowTheseExamples_asTheyAre() throws IOException {
    String source = Files.readString(Path.of("src/test/java/dev/overture/inspector/InspectorExamplesTest.java"));
    String inspectorPage = Files.readString(Path.of("../docs/inspector.md"));
    String embeddingPage = Files.readString(Path.of("../docs/embedding.md"));
    Matcher tags = TAG.matcher(source);
    List<String> names = new ArrayList<>();
    while (tags.find()) {
      names.add(tags.group(1));
      String example = tags.group(2).stripTrailing().stripIndent().strip();
      assertTrue(inspectorPage.contains(example), "docs/inspector.md does not show the example \"" + tags.group(1)
          + "\" as it is in InspectorExamplesTest; copy it from there:\n" + example);
      if (tags.group(1).equals("host")) {
        assertTrue(embeddingPage.contains(example), "docs/embedding.md does not show the example \"host\" as it is in"
            + " InspectorExamplesTest; copy it from there:\n" + example);
      }
    }
    assertEquals(List.of("host", "reports"), names);
  }
}
