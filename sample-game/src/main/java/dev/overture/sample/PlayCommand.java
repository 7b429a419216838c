package dev.overture.sample;

import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.LoadResult;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.core.Choices;
import dev.overture.core.Problem;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;

/**
 * {@code overture play}: picks an experience (the one asked for, else the default tile's), loads it
 * with its client and server bundles on the asset workers while the main thread shows progress,
 * and prints what was loaded.
 */
@Command(name = "play", description = "Load an experience and play it.")
final class PlayCommand implements Callable<Integer> {

  private static final PrimaryAssetType EXPERIENCE = PrimaryAssetType.of("Experience");
  private static final PrimaryAssetType TILE = PrimaryAssetType.of("UserFacingExperience");

  @Mixin ContentOptions content;
  @Spec CommandSpec spec;

  @Option(names = "--experience", paramLabel = "ID", description = "The experience, \"Elimination\" or \"Experience:Elimination\".")
  String experience;

  @Option(names = "--ticks", paramLabel = "N", defaultValue = "600", description = "How many ticks to play (default: ${DEFAULT-VALUE}).")
  int ticks;

  @Override
  public Integer call() throws Exception {
    if (ticks < 0) {
      throw new IllegalArgumentException("--ticks must not be negative: " + ticks);
    }
    PrintWriter out = spec.commandLine().getOut();
    try (AssetManager assets = SampleContent.open(content.folderOrNull())) {
      PrimaryAssetId id = choose(assets);
      out.printf("Experience %s (%s)%n", id, assets.index().find(id).orElseThrow().file());
      LoadHandle handle = assets.loadPrimaryAsset(id, "client", "server");
      // The main thread is this tool's game thread: callbacks queue here and run in order, so the
      // final progress update (sent before completion) is shown before the loop ends.
      BlockingQueue<Runnable> mainThread = new LinkedBlockingQueue<>();
      ProgressLine progress = new ProgressLine(out, System.console() != null, "Loading");
      boolean[] finished = new boolean[1];
      handle.onUpdate(mainThread::add, progress::show);
      handle.future().whenCompleteAsync((result, error) -> finished[0] = true, mainThread::add);
      while (!finished[0]) {
        mainThread.take().run();
      }
      LoadResult result = handle.waitUntilComplete(Duration.ZERO);
      out.printf("Loaded %d assets in %d ms%n", handle.totalCount(), result.elapsed().toMillis());
      for (Problem warning : result.warnings()) {
        out.printf("warning: %s%n", warning);
      }
      JsonNode definition = result.get(id, JsonNode.class);
      out.printf("  feature plugins: %s%n", definition.path("gameFeaturesToEnable"));
      out.printf("  default pawn:    %s%n", definition.path("defaultPawnData").asString("none"));
      out.printf("Played %d ticks%n", ticks);
      handle.release();
    }
    out.flush();
    return 0;
  }

  /** The experience asked for, else the one the default user-facing tile names. */
  private PrimaryAssetId choose(AssetManager assets) {
    List<String> known = assets.index().ids(EXPERIENCE).stream().map(PrimaryAssetId::toString).toList();
    if (experience != null) {
      PrimaryAssetId id = PrimaryAssetId.parse(experience, EXPERIENCE);
      if (assets.index().find(id).isEmpty()) {
        throw new IllegalArgumentException(
            "No experience " + id + " (experiences: " + Choices.quoted(Choices.closest(id.toString(), known)) + ")");
      }
      return id;
    }
    for (PrimaryAssetId tile : assets.index().ids(TILE)) {
      JsonNode node = assets.loadSynchronously(tile, JsonNode.class);
      if (node.path("isDefaultExperience").asBoolean(false)) {
        return PrimaryAssetId.parse(node.path("experienceId").asString(), EXPERIENCE);
      }
    }
    return Optional.ofNullable(known.isEmpty() ? null : known.get(0))
        .map(PrimaryAssetId::parse)
        .orElseThrow(() -> new IllegalArgumentException("The content holds no experience"));
  }
}
