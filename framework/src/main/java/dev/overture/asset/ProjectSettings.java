package dev.overture.asset;

import java.util.List;

/**
 * A content root's {@code overture.json}: scan rules a game declares without code, naming the
 * asset class by the name it was registered under.
 *
 * <pre>{@code
 * {
 *   "primaryAssetTypesToScan": [
 *     { "type": "Map", "assetClass": "ArenaMap", "directories": ["maps"] }
 *   ]
 * }
 * }</pre>
 *
 * @param primaryAssetTypesToScan the rules
 */
record ProjectSettings(List<ScanRuleDeclaration> primaryAssetTypesToScan) {

  ProjectSettings {
    primaryAssetTypesToScan = primaryAssetTypesToScan == null ? List.of() : List.copyOf(primaryAssetTypesToScan);
  }
}
