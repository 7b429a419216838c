package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.version.AssetVersions;
import dev.overture.version.VersionHeader;
import java.util.ArrayList;
import java.util.List;

/**
 * What the deserializers need to know while one file is bound: its content root (soft references
 * are relative to it), how to show the file and asset in problems, and where warnings go. One per
 * bind, confined to the thread doing it.
 *
 * <p>A soft reference's file and name are built the first time a problem or warning asks for them,
 * not for every bind: a bundle of 10,000 small files that bind cleanly built 20,000 strings no one
 * read, a tenth of what loading allocates beyond the bound objects (issue 20).
 */
final class BindContext {

  static final String ATTRIBUTE = "dev.overture.asset.BindContext";

  final String rootName;
  private String file;
  private String asset;
  /** The source and reference the file and name are built from when first asked; null when given. */
  private final AssetSource source;
  private final SoftRef<?> ref;
  final List<Problem> warnings = new ArrayList<>(0);
  /** The file's version header, if it has one; set before binding starts. */
  VersionHeader header;
  /** What brought the file to the current format (empty when it already was). */
  AssetVersions.Upgrade upgrade;
  /** An upgraded file's tree before and after its upgrade steps (null when it needed none). */
  tools.jackson.databind.node.ObjectNode beforeUpgrade;
  tools.jackson.databind.node.ObjectNode upgraded;
  /** Where a version header stands that is not the first property, if one does. */
  SourceLocation misplacedHeader;

  BindContext(String rootName, String file, String asset) {
    this.rootName = rootName;
    this.file = file;
    this.asset = asset;
    this.source = null;
    this.ref = null;
  }

  /** The context of binding {@code ref}'s file in {@code root}. */
  BindContext(ContentRoot root, SoftRef<?> ref) {
    this.rootName = root.name();
    this.source = root.source();
    this.ref = ref;
  }

  /** The file as shown to users. */
  String file() {
    if (file == null) {
      file = source.displayPath(ref.path());
    }
    return file;
  }

  /** The asset as problems name it. */
  String asset() {
    if (asset == null) {
      asset = AssetKey.label(ref);
    }
    return asset;
  }
}
