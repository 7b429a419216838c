package dev.overture.asset;

/**
 * Limits on what a JSON content file may hold (assets, the files soft references reach, plugin
 * descriptors, {@code overture.json}), applied wherever one is read: loading, validating,
 * resaving, indexing. The size is checked from the file's attributes before any byte is read; the
 * others are Jackson's stream read constraints, set explicitly rather than left to the library's
 * defaults. A file over a limit fails with {@code Overture/LimitExceeded}, located at the file (the
 * size) or at the line, column and JSON pointer where the limit was crossed (the others), naming
 * the limit; nothing larger than {@link #maxDocumentBytes} is ever read into memory, and no file
 * is held as a tree of more than {@link #maxTokenCount} tokens (an older file being upgraded, a
 * file being resaved), which bounds what a small file of tiny values could cost in memory.
 *
 * <p>The defaults suit hand-written and generated game content with room to spare: 16 MiB per file,
 * 64 levels of nesting, 1 MiB per string, 256 characters per property name, 100 digits per number,
 * 1,000,000 tokens (names, values, brackets) per file. The full list, with what a user sees, is in
 * {@code docs/limits.md}. Immutable.
 *
 * @param maxDocumentBytes the largest file, in bytes
 * @param maxNestingDepth the deepest nesting of objects and arrays
 * @param maxStringLength the longest string value, in characters
 * @param maxNameLength the longest property name, in characters
 * @param maxNumberLength the longest number, in characters
 * @param maxTokenCount the most tokens (property names, values, brackets) in one file
 */
public record AssetLimits(
    int maxDocumentBytes, int maxNestingDepth, int maxStringLength, int maxNameLength, int maxNumberLength,
    int maxTokenCount) {

  /** The default most tokens in one file. */
  public static final int DEFAULT_MAX_TOKEN_COUNT = 1_000_000;

  public AssetLimits {
    positive("maxDocumentBytes", maxDocumentBytes);
    positive("maxNestingDepth", maxNestingDepth);
    positive("maxStringLength", maxStringLength);
    positive("maxNameLength", maxNameLength);
    positive("maxNumberLength", maxNumberLength);
    positive("maxTokenCount", maxTokenCount);
  }

  /** The default limits. */
  public static AssetLimits defaults() {
    return new AssetLimits(16 << 20, 64, 1 << 20, 256, 100, DEFAULT_MAX_TOKEN_COUNT);
  }

  /** These limits with another largest file size. */
  public AssetLimits withMaxDocumentBytes(int bytes) {
    return new AssetLimits(bytes, maxNestingDepth, maxStringLength, maxNameLength, maxNumberLength, maxTokenCount);
  }

  /** These limits with another deepest nesting. */
  public AssetLimits withMaxNestingDepth(int depth) {
    return new AssetLimits(maxDocumentBytes, depth, maxStringLength, maxNameLength, maxNumberLength, maxTokenCount);
  }

  /** These limits with another longest string. */
  public AssetLimits withMaxStringLength(int length) {
    return new AssetLimits(maxDocumentBytes, maxNestingDepth, length, maxNameLength, maxNumberLength, maxTokenCount);
  }

  /** These limits with another longest property name. */
  public AssetLimits withMaxNameLength(int length) {
    return new AssetLimits(maxDocumentBytes, maxNestingDepth, maxStringLength, length, maxNumberLength, maxTokenCount);
  }

  /** These limits with another longest number. */
  public AssetLimits withMaxNumberLength(int length) {
    return new AssetLimits(maxDocumentBytes, maxNestingDepth, maxStringLength, maxNameLength, length, maxTokenCount);
  }

  /** These limits with another most tokens per file. */
  public AssetLimits withMaxTokenCount(int tokens) {
    return new AssetLimits(maxDocumentBytes, maxNestingDepth, maxStringLength, maxNameLength, maxNumberLength, tokens);
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " < 1: " + value);
    }
  }
}
