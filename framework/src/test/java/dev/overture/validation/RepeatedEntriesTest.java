package dev.overture.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.CountingSource;
import dev.overture.core.Problem;
import dev.overture.experience.Experiences;
import dev.overture.feature.GameFeatures;
import dev.overture.testing.Content;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Review exp, finding 5: validate grew with the square of a list's repeated entries
 * ({@code gameFeaturesToEnable} naming one plugin 20,000 times took 29 s, 200,000 more than five
 * minutes, where play took 2 s): each repeat's warning was located by reading and parsing the
 * file again. Counted, not timed: the file is read the same number of times whatever the length
 * of the list, and the report lists a repeated warning three times, then once with the count.
 */
class RepeatedEntriesTest {

  @org.junit.jupiter.api.io.TempDir Path temp;

  @ParameterizedTest
  @ValueSource(ints = {10, 2_000})
  void aPluginListedManyTimes_isReadOnceToLocate_andItsWarningListedThreeTimesThenCounted(int times) {
    String names = String.join(", ", Collections.nCopies(times, "\"Core\""));
    Path root = Content.of()
        .file("experiences/Arena.json", "{ \"gameFeaturesToEnable\": [\n" + names + "\n] }")
        .file("plugins/Core/plugin.json", "{ \"version\": \"1.0.0\" }")
        .writeTo(temp.resolve("assets"));
    CountingSource counting = new CountingSource(AssetSource.directory(root));
    ValidationReport report;
    try (AssetManager assets = Experiences.register(AssetManager.builder()).contentRoot(counting).build();
        GameFeatures features = GameFeatures.builder(assets).build()) {
      features.ready().join();
      report = Validator.builder(assets).features(features).build().run();
    }

    assertEquals(2, counting.reads("experiences/Arena.json"), "read to load, and once more to locate every problem");
    String warning = "Plugin Core is listed twice in gameFeaturesToEnable; once is enough";
    String file = root + "/experiences/Arena.json";
    assertEquals(List.of(
            warning + " at " + file + ":2:9 (/gameFeaturesToEnable/1)",
            warning + " at " + file + ":2:17 (/gameFeaturesToEnable/2)",
            warning + " at " + file + ":2:25 (/gameFeaturesToEnable/3)",
            warning + " (here and at " + (times - 5) + " more places in Experience:Arena, not listed) at " + file
                + ":2:33 (/gameFeaturesToEnable/4)"),
        report.problems().stream().filter(problem -> problem.id().equals("Overture/DuplicateFeature"))
            .map(problem -> problem.message() + " at " + problem.location().orElseThrow()).toList(),
        report.format());
    assertEquals(List.of(), report.problems().stream().filter(Problem::isError).toList());
  }
}
