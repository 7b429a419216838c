package dev.overture.experience;

import dev.overture.asset.AssetEntry;
import dev.overture.asset.AssetLimits;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.ContentRoot;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The game's default pawn data ({@code "defaultPawnData"} in the game's {@code overture.json}, or
 * {@link AssetManager.Builder#defaultPawnData}), checked alike by {@code validate} and by a load that
 * falls back to it: it must name an indexed pawn data. The problem is placed at {@code /defaultPawnData} in {@code
 * overture.json} when that file names it.
 *
 * <p>Stateless; any thread (it reads {@code overture.json} only to place a problem).
 */
public final class DefaultPawnData {

  private static final String POINTER = "/defaultPawnData";

  private DefaultPawnData() {}

  /**
   * What is wrong with {@code assets}' default pawn data, or empty when it has none or it names an
   * indexed pawn data.
   */
  public static Optional<Problem> problem(AssetManager assets) {
    Optional<PrimaryAssetId> id = assets.defaultPawnData();
    if (id.isEmpty()) {
      return Optional.empty();
    }
    Optional<AssetEntry> entry = assets.index().find(id.get());
    if (entry.isEmpty()) {
      return Optional.of(placed(assets, id.get(), assets.index().unknownAsset(id.get())));
    }
    if (!PawnData.class.isAssignableFrom(entry.get().assetClass())) {
      // As an experience's own "defaultPawnData" refuses it, in the same words.
      return Optional.of(placed(assets, id.get(), Problem.error("Overture/WrongAssetType", "Reference \"" + id.get()
              + "\" is of type " + id.get().type() + ", which this field does not take")
          .withChoices("allowed", List.of("PawnData")).withAsset(id.get().toString())));
    }
    return Optional.empty();
  }

  /** {@code problem} at {@code /defaultPawnData} of the game's {@code overture.json} when that file names {@code id}. */
  private static Problem placed(AssetManager assets, PrimaryAssetId id, Problem problem) {
    for (ContentRoot root : assets.contentRoots()) {
      if (!root.name().equals(ContentRoot.GAME)) {
        continue;
      }
      AssetPath settings = AssetPath.parse(ContentRoot.SETTINGS_FILE);
      try {
        byte[] json = root.source().read(settings, AssetLimits.defaults().maxDocumentBytes());
        String text = new String(json, java.nio.charset.StandardCharsets.UTF_8);
        if (text.contains(id.toString()) || text.contains("\"" + id.name() + "\"")) {
          SourceLocation at = assets.tools().locate(json, root.source().displayPath(settings), POINTER);
          return problem.at(at);
        }
      } catch (IOException | RuntimeException e) {
        return problem; // overture.json could not be read again: the problem as it is
      }
    }
    return problem; // set in code (AssetManager.Builder.defaultPawnData): no file to place it in
  }
}
