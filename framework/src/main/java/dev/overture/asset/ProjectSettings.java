package dev.overture.asset;

import java.util.List;

/**
 * A content root's {@code overture.json}: scan rules a game declares without code, naming the
 * asset class by the name it was registered under; and, in the game's own root, the game data and
 * default pawn data (Lyra's {@code LyraGameDataPath} and {@code DefaultPawnData}, which Lyra keeps in
 * its game's configuration).
 *
 * <pre>{@code
 * {
 *   "primaryAssetTypesToScan": [
 *     { "type": "Map", "assetClass": "ArenaMap", "directories": ["maps"] }
 *   ],
 *   "gameData": "GameData:Global",
 *   "defaultPawnData": "PawnData:Hero"
 * }
 * }</pre>
 *
 * @param primaryAssetTypesToScan the rules
 * @param gameData the game data asset, or null
 * @param defaultPawnData the pawn data experiences that name none use, or null; a {@code PawnData} reference,
 *     by its name alone too, as an experience's own {@code defaultPawnData} (the experience package's
 *     {@code DefaultPawnData} checks that it is indexed)
 */
record ProjectSettings(List<ScanRuleDeclaration> primaryAssetTypesToScan, PrimaryAssetId gameData,
    @AllowedTypes("PawnData") PrimaryAssetId defaultPawnData) {

  static final ProjectSettings NONE = new ProjectSettings(List.of(), null, null);

  ProjectSettings {
    primaryAssetTypesToScan = primaryAssetTypesToScan == null ? List.of() : List.copyOf(primaryAssetTypesToScan);
  }
}
