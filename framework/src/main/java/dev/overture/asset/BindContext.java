package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.TextColumns;
import dev.overture.version.AssetVersions;
import dev.overture.version.VersionHeader;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.TokenStreamLocation;

/**
 * What the deserializers need to know while one file is bound: its content root (soft references
 * are relative to it), how to show the file and asset in problems, and where warnings go. One per
 * bind, confined to the thread doing it, which finds it with {@link #current()}.
 *
 * <p>A soft reference's file and name are built the first time a problem or warning asks for them,
 * not for every bind: a bundle of 10,000 small files that bind cleanly built 20,000 strings no one
 * read, a tenth of what loading allocates beyond the bound objects (issue 20).
 */
final class BindContext {

  /**
   * The context of the bind running on each thread. A reader attribute did the same job, but
   * setting one makes a new reader, configuration and attribute map for every file: about 300 bytes
   * and three constructors a file of a large bundle (issue 20). Binding is synchronous, so the
   * deserializers it calls run on the thread that set it.
   */
  private static final ThreadLocal<BindContext> CURRENT = new ThreadLocal<>();

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
  /** The bytes being bound, whose places are counted in characters (see {@link #column}); null outside a bind. */
  byte[] json;
  private TextColumns columns;

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

  /** The context of the bind running on this thread; null outside one. */
  static BindContext current() {
    return CURRENT.get();
  }

  /**
   * Makes this the context of the binds on this thread until {@link #exit} is given what this
   * returned: the context it replaced (a deserializer may bind a file of its own inside a bind).
   */
  BindContext enter() {
    BindContext outer = CURRENT.get();
    CURRENT.set(this);
    return outer;
  }

  /** Puts back {@code outer}, which {@link #enter} returned. */
  static void exit(BindContext outer) {
    CURRENT.set(outer);
  }

  /**
   * The column of {@code at}, a place the parser of {@link #json} reported, as an editor counts it
   * (characters, not Jackson's bytes); the places of one bind are counted in one pass.
   */
  int column(TokenStreamLocation at) {
    if (json == null || at == null) {
      return TextColumns.of(null, at);
    }
    if (columns == null) {
      columns = new TextColumns(json);
    }
    return columns.column(at);
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
