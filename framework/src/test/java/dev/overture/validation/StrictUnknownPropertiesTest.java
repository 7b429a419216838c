package dev.overture.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.LoadResult;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.ScanRule;
import dev.overture.core.Problem;
import dev.overture.core.Severity;
import dev.overture.testing.Content;
import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import dev.overture.version.UpgradeStep;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unknown properties (issue 16): a warning when loading for play, since older code must read newer
 * content; an error in the validator, with the closest known name; and nothing at all for a
 * property an upgrade step accounts for, since steps run before the file is bound.
 */
class StrictUnknownPropertiesTest {

  /** A banner: version 2 calls {@code caption} what version 1 called {@code motto}. */
  public record Banner(String caption, Integer width) {}

  static final CustomVersion FORMAT = new CustomVersion(Guid.parse("0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F1"), 2, "Banners");

  @TempDir Path temp;

  private AssetManager assets() {
    Path root = Content.of()
        .file("banners/Current.json", "{ \"caption\": \"Onward\", \"widht\": 3 }")
        .file("banners/Old.json", """
            {
              "$version": { "engine": "1.0.0-500", "custom": [ { "name": "Banners", "guid": "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F1", "version": 1 } ] },
              "motto": "Steady"
            }
            """)
        .writeTo(temp.resolve("game"));
    return AssetManager.builder()
        .contentRoot(AssetSource.directory(root))
        .scanRule(ScanRule.of("Banner", Banner.class, "banners"))
        .customVersion(FORMAT, Banner.class)
        .upgrade(UpgradeStep.of(FORMAT, 2, Banner.class, "motto is called caption", banner -> {
          if (banner.has("motto")) {
            banner.set("caption", banner.remove("motto"));
          }
        }))
        .build();
  }

  @Test
  void forPlay_anUnknownPropertyIsAWarning_withTheClosestName() throws Exception {
    try (AssetManager assets = assets()) {
      LoadResult loaded = assets.loadPrimaryAsset(PrimaryAssetId.parse("Banner:Current")).waitUntilComplete(Duration.ofSeconds(30));

      Problem warning = loaded.warnings().get(0);
      assertEquals(Severity.WARNING, warning.severity());
      assertEquals("Unknown property \"widht\" in Banner was ignored; did you mean \"width\"? (known properties: \"caption\","
          + " \"width\")", warning.message());
    }
  }

  @Test
  void theValidator_makesItAnError_butNotForAPropertyAnUpgradeStepAccountsFor() {
    try (AssetManager assets = assets()) {
      ValidationReport report = Validator.builder(assets).build().run();

      assertEquals(1, report.errors().size(), report.format());
      Problem error = report.errors().get(0);
      assertEquals("Overture/UnknownProperty", error.id());
      assertTrue(error.message().startsWith("Unknown property \"widht\" in Banner was ignored; did you mean \"width\"?"), error.message());
      assertTrue(error.location().orElseThrow().toString().endsWith("banners/Current.json:1:33 (/widht)"), error.toString());
      assertEquals(List.of(), report.problems().stream().filter(p -> p.asset().orElse("").equals("Banner:Old")).toList(),
          "Old.json's motto is upgraded to caption before it is bound: nothing to report");
    }
  }

  /** A scan rule naming a folder that does not exist was logged by the index, and validate said "no problems found". */
  @Test
  void theValidator_reportsWhatIndexingWarnedOf() {
    Path root = Content.of()
        .file("overture.json", "{ \"primaryAssetTypesToScan\": [ { \"type\": \"Flag\", \"assetClass\": \"Banner\", \"directories\": [\"flags\"] } ] }")
        .file("banners/Current.json", "{ \"caption\": \"Onward\" }")
        .writeTo(temp.resolve("indexed"));
    try (AssetManager assets = AssetManager.builder()
        .contentRoot(AssetSource.directory(root))
        .scanRule(ScanRule.of("Banner", Banner.class, "banners"))
        .assetClass("Banner", Banner.class)
        .build()) {
      ValidationReport report = Validator.builder(assets).build().run();

      assertEquals(List.of(), report.errors(), report.format());
      assertEquals(List.of("[Overture/MissingFolder] Scan rule for Flag names folder \"flags\", which does not exist in " + root),
          report.warnings().stream().map(problem -> "[" + problem.id() + "] " + problem.message()).toList());
    }
  }
}
