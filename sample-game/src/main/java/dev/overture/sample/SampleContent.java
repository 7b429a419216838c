package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.ScanRule;
import java.nio.file.Path;
import tools.jackson.databind.JsonNode;

/**
 * The sample game's asset manager: its content root and the scan rules of its asset types. Until
 * the experience definitions exist as typed records, every type binds to a JSON tree.
 */
final class SampleContent {

  private SampleContent() {}

  /** An asset manager over {@code folder}, or over the content inside the jar when it is null. */
  static AssetManager open(Path folder) {
    AssetSource source =
        folder != null ? AssetSource.directory(folder) : AssetSource.classpath(SampleContent.class.getClassLoader(), "assets");
    return AssetManager.builder()
        .contentRoot(source)
        .scanRule(ScanRule.of("Experience", JsonNode.class, "experiences"))
        .scanRule(ScanRule.of("ActionSet", JsonNode.class, "actionsets"))
        .scanRule(ScanRule.of("PawnData", JsonNode.class, "pawns"))
        .scanRule(ScanRule.of("UserFacingExperience", JsonNode.class, "ui/experiences"))
        .assetClass("Json", JsonNode.class)
        .build();
  }
}
