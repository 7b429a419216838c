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
record ProjectSettings(List<TypeToScan> primaryAssetTypesToScan) {

  ProjectSettings {
    primaryAssetTypesToScan = primaryAssetTypesToScan == null ? List.of() : List.copyOf(primaryAssetTypesToScan);
  }

  /**
   * One rule.
   *
   * @param type the primary asset type
   * @param assetClass the registered name of the class files bind to
   * @param directories folders relative to the content root
   * @param recursive whether to look below them (default true)
   * @param extension the file extension (default {@code json})
   */
  record TypeToScan(PrimaryAssetType type, String assetClass, List<String> directories, Boolean recursive, String extension) {
    TypeToScan {
      if (type == null) {
        throw new IllegalArgumentException("Missing \"type\": name the primary asset type, for example \"Map\"");
      }
      if (assetClass == null) {
        throw new IllegalArgumentException("Missing \"assetClass\" for type " + type);
      }
      if (directories == null || directories.isEmpty()) {
        throw new IllegalArgumentException("Missing \"directories\" for type " + type + ": list at least one folder");
      }
      directories = List.copyOf(directories);
    }
  }
}
