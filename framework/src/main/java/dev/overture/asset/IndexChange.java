package dev.overture.asset;

/** What {@link AssetTools#reindex} did to the index. */
public enum IndexChange {
  /** The file became a new asset. */
  ADDED,
  /** The file's asset was already indexed; loaded copies nothing pins were dropped. */
  UPDATED,
  /** The file is gone (or no longer matches a rule); its asset left the index. */
  REMOVED,
  /** The file is not and was not an asset; nothing changed. */
  UNCHANGED
}
