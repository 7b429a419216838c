package dev.overture.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.experience.Experiences;
import dev.overture.testing.Content;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One problem at one place is reported once; the same words about two assets, without a location, are two problems. */
class DistinctProblemsTest {

  @TempDir Path temp;

  @Test
  void theSameMessageAboutTwoAssets_withoutALocation_isReportedForEach() throws Exception {
    Path root = Content.of().file("maps/Dust.json", "{ \"title\": \"Dust\" }").file("maps/Ice.json", "{ \"title\": \"Ice\" }")
        .writeTo(temp.resolve("assets"));
    try (AssetManager assets = Experiences.register(AssetManager.builder()).contentRoot(AssetSource.directory(root)).build()) {
      ValidationReport report = Validator.builder(assets)
          .validator(project -> {
            for (String map : List.of("Map:Dust", "Map:Ice")) {
              project.report(Problem.error("Game/NoSpawnPoint", "The map has no spawn point").withAsset(map));
            }
          })
          .build().run();
      assertEquals(List.of("Map:Dust", "Map:Ice"), report.errors().stream().map(p -> p.asset().orElse("?")).toList(), report.format());
    }
  }
}
