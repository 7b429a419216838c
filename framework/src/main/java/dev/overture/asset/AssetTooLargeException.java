package dev.overture.asset;

import java.io.IOException;

/** Thrown by {@link AssetSource#read} when a file is larger than the limit it was given. */
public final class AssetTooLargeException extends IOException {

  private static final long serialVersionUID = 1L;

  private final long size;
  private final long limit;

  /**
   * @param file the file as shown to users
   * @param size its size in bytes, or -1 when only known to exceed the limit
   * @param limit the largest size accepted
   */
  public AssetTooLargeException(String file, long size, long limit) {
    super(
        "File \""
            + file
            + "\" is "
            + (size >= 0 ? size + " bytes" : "larger than the limit")
            + "; the largest accepted is "
            + limit
            + " bytes (AssetLimits.maxDocumentBytes)");
    this.size = size;
    this.limit = limit;
  }

  /** The file's size in bytes, or -1 when only known to exceed the limit. */
  public long size() {
    return size;
  }

  /** The largest size accepted. */
  public long limit() {
    return limit;
  }
}
