package dev.overture.asset;

import java.util.Objects;

/**
 * What the index knows of one primary asset without reading it: its id, the content root and file
 * it lives in, and the class it binds to. Immutable.
 *
 * @param id the asset's id
 * @param root the name of its content root
 * @param path its file, relative to the root
 * @param file its file as shown to users, for example {@code assets/experiences/Elimination.json}
 * @param assetClass the class the file binds to
 */
public record AssetEntry(PrimaryAssetId id, String root, AssetPath path, String file, Class<?> assetClass) {

  public AssetEntry {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(assetClass, "assetClass");
  }
}
