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
 */
final class BindContext {

  static final String ATTRIBUTE = "dev.overture.asset.BindContext";

  final String rootName;
  final String file;
  final String asset;
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
  }
}
