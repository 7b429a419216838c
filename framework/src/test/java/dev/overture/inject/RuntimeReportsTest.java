package dev.overture.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Report;
import dev.overture.core.ReportKind;
import dev.overture.core.SourceLocation;
import dev.overture.experience.ExperienceManager;
import dev.overture.experience.LoadState;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.world.World;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 19: a runtime reports what went wrong into its feed, for the inspector, whoever else listens or not. */
class RuntimeReportsTest {

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private final ManualExecutor plugins = new ManualExecutor();

  private Overture build(Content content) {
    return MatchContent.register(Overture.builder())
        .contentRoot(AssetSource.directory(content.writeTo(temp.resolve("content"))))
        .workers(workers)
        .pluginExecutor(plugins)
        .ticker(new FakeTicker())
        .closeTimeout(Duration.ZERO)
        .build();
  }

  private void pump(World world) {
    int ran;
    do {
      ran = workers.runAll() + plugins.runAll() + (world == null ? 0 : world.runPendingTasks());
    } while (ran > 0);
  }

  @Test
  void aFailedLoad_isReportedWithItsLocatedProblems() {
    try (Overture overture = build(MatchContent.content())) {
      pump(null);
      World world = overture.worlds().create("Match");
      ExperienceManager experience = ExperienceManager.of(world).orElseThrow();
      experience.setCurrentExperience(PrimaryAssetId.parse("Experience:Broken"));
      pump(world);
      assertEquals(LoadState.FAILED, experience.state());

      List<Report> reports = overture.reports().recent();

      assertEquals(1, reports.size(), reports.toString());
      Report report = reports.get(0);
      assertEquals(ReportKind.LOAD_FAILED, report.kind());
      assertEquals("Could not load experience Experience:Broken (world Match)", report.summary());
      assertEquals("Overture/UnknownPlugin", report.problems().get(0).id());
      SourceLocation where = report.problems().get(0).location().orElseThrow();
      assertTrue(where.file().endsWith("experiences/Broken.json"), where.toString());
      assertEquals(new SourceLocation(where.file(), 1, 38, "/gameFeaturesToEnable/1"), where);
      world.close();
      pump(world);
    }
  }

  @Test
  void pluginsThatCannotStart_areReported() {
    Content content = MatchContent.content().file("plugins/Bad/plugin.json", "{ \"dependencies\": [");
    try (Overture overture = build(content)) {
      pump(null);

      List<Report> reports = overture.reports().recent();

      assertEquals(1, reports.size(), reports.toString());
      assertEquals(ReportKind.PLUGIN_FAILED, reports.get(0).kind());
      assertEquals("Could not bring up the feature plugins", reports.get(0).summary());
      assertTrue(reports.get(0).problems().get(0).location().orElseThrow().file().endsWith("plugins/Bad/plugin.json"),
          reports.get(0).toString());
    }
  }
}
