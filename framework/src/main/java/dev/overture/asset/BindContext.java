package dev.overture.asset;

import dev.overture.core.Problem;
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

  BindContext(String rootName, String file, String asset) {
    this.rootName = rootName;
    this.file = file;
    this.asset = asset;
  }
}
