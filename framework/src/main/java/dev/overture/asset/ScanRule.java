package dev.overture.asset;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Which files of a content root are primary assets of one type, like an entry of Unreal's {@code
 * PrimaryAssetTypesToScan}: the type, the Java class the files bind to, the folders to look in, and
 * the file extension. Every matching file becomes the asset {@code Type:FileNameWithoutExtension}.
 *
 * <p>Rules come from code ({@link AssetManager.Builder#scanRule}) and from a content root's {@code
 * overture.json}, where the class is named by the name it was registered under ({@link
 * AssetManager.Builder#assetClass}). Immutable.
 *
 * @param type the primary asset type the files are
 * @param assetClass the class the files bind to (usually a record)
 * @param directories folders relative to the content root; {@link AssetPath#ROOT} for all of it
 * @param recursive whether folders below the directories are scanned too
 * @param extension the file extension, without the dot, compared ignoring case
 */
public record ScanRule(
    PrimaryAssetType type, Class<?> assetClass, List<AssetPath> directories, boolean recursive, String extension) {

  public ScanRule {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(assetClass, "assetClass");
    Objects.requireNonNull(extension, "extension");
    directories = List.copyOf(directories);
    if (directories.isEmpty()) {
      throw new IllegalArgumentException("scan rule for " + type + " names no directory");
    }
    if (extension.isEmpty() || extension.startsWith(".") || extension.contains("/")) {
      throw new IllegalArgumentException(
          "scan rule for " + type + ": extension must be like \"json\", without the dot: \"" + extension + "\"");
    }
    extension = extension.toLowerCase(Locale.ROOT);
  }

  /**
   * A rule for {@code type}, binding {@code .json} files in {@code directories} (and below) to
   * {@code assetClass}.
   */
  public static ScanRule of(String type, Class<?> assetClass, String... directories) {
    return new ScanRule(
        PrimaryAssetType.of(type),
        assetClass,
        Arrays.stream(directories).map(d -> d.isEmpty() || d.equals(".") ? AssetPath.ROOT : AssetPath.parse(d)).toList(),
        true,
        "json");
  }

  /** This rule, looking only at files directly in its directories. */
  public ScanRule nonRecursive() {
    return new ScanRule(type, assetClass, directories, false, extension);
  }

  /** This rule, for files ending in {@code .newExtension}. */
  public ScanRule withExtension(String newExtension) {
    return new ScanRule(type, assetClass, directories, recursive, newExtension);
  }

  /** Whether {@code path} is a file this rule makes an asset of. */
  boolean covers(AssetPath path) {
    if (!path.extension().equalsIgnoreCase(extension)) {
      return false;
    }
    for (AssetPath directory : directories) {
      if (path.isWithin(directory)
          && (recursive || path.parent().equals(directory))) {
        return true;
      }
    }
    return false;
  }

  // equals and hashCode written out, with the record's own definition and hash (each component in
  // order, h = 31 * h + hash): a record's generated ones link an invokedynamic call site the first
  // time they run, a few milliseconds of every start-up for each record class (issue 20).
  @Override
  public boolean equals(Object o) {
    return this == o || o instanceof ScanRule other
        && type.equals(other.type)
        && assetClass.equals(other.assetClass)
        && directories.equals(other.directories)
        && recursive == other.recursive
        && extension.equals(other.extension);
  }

  @Override
  public int hashCode() {
    int hash = 31 * (31 * type.hashCode() + assetClass.hashCode()) + directories.hashCode();
    return 31 * (31 * hash + Boolean.hashCode(recursive)) + extension.hashCode();
  }
}
