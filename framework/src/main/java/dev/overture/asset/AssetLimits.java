package dev.overture.asset;

/**
 * Limits on what a JSON asset file may hold, applied while it is read (Jackson's stream read
 * constraints, set explicitly rather than left to the library's defaults). A file over a limit fails
 * with {@code Overture/LimitExceeded} naming the file and the limit; nothing larger than {@link
 * #maxDocumentBytes} is ever read into memory.
 *
 * <p>The defaults suit hand-written and generated game content with room to spare: 16 MiB per file,
 * 64 levels of nesting, 1 MiB per string, 256 characters per property name, 100 digits per number.
 * Immutable.
 *
 * @param maxDocumentBytes the largest file, in bytes
 * @param maxNestingDepth the deepest nesting of objects and arrays
 * @param maxStringLength the longest string value, in characters
 * @param maxNameLength the longest property name, in characters
 * @param maxNumberLength the longest number, in characters
 */
public record AssetLimits(
    int maxDocumentBytes, int maxNestingDepth, int maxStringLength, int maxNameLength, int maxNumberLength) {

  public AssetLimits {
    positive("maxDocumentBytes", maxDocumentBytes);
    positive("maxNestingDepth", maxNestingDepth);
    positive("maxStringLength", maxStringLength);
    positive("maxNameLength", maxNameLength);
    positive("maxNumberLength", maxNumberLength);
  }

  /** The default limits. */
  public static AssetLimits defaults() {
    return new AssetLimits(16 << 20, 64, 1 << 20, 256, 100);
  }

  /** These limits with another largest file size. */
  public AssetLimits withMaxDocumentBytes(int bytes) {
    return new AssetLimits(bytes, maxNestingDepth, maxStringLength, maxNameLength, maxNumberLength);
  }

  /** These limits with another deepest nesting. */
  public AssetLimits withMaxNestingDepth(int depth) {
    return new AssetLimits(maxDocumentBytes, depth, maxStringLength, maxNameLength, maxNumberLength);
  }

  /** These limits with another longest string. */
  public AssetLimits withMaxStringLength(int length) {
    return new AssetLimits(maxDocumentBytes, maxNestingDepth, length, maxNameLength, maxNumberLength);
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " < 1: " + value);
    }
  }
}
