package dev.overture.feature;

import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import java.io.IOException;
import java.util.List;

/**
 * What a plugin's folder or jar must look like before its descriptor is read ({@link
 * PluginCatalog}): no jar entry whose name may climb out of the jar, and a {@code plugin.json} at
 * its top that is a file. Stateless.
 */
final class PluginLayout {

  private static final AssetPath DESCRIPTOR = PluginOrigin.DESCRIPTOR;

  private PluginLayout() {}

  /** The first thing wrong with {@code source}'s layout, as the problem that refuses the plugin; null when nothing is. */
  static Problem problem(PluginOrigin origin, AssetSource source) {
    String escaping = origin instanceof PluginOrigin.Jar ? firstEscapingEntry(source) : null;
    if (escaping != null) {
      return Problem.error("Overture/InvalidPath", "The jar " + origin.location() + " holds an entry named \"" + escaping
              + "\", which may climb out of the jar (a \"..\" part, or a leading slash or backslash): a tool unpacking it may"
              + " write outside its folder, so the plugin is refused; build the jar again without it")
          .at(SourceLocation.ofFile(origin.location()));
    }
    if (source.exists(DESCRIPTOR)) {
      return null;
    }
    if (isFolder(source, DESCRIPTOR)) {
      return Problem.error("Overture/NotARegularFile", "The plugin.json at the top of " + origin.location() + " is a folder, not a"
              + " regular file; a plugin carries its descriptor there as a JSON file")
          .at(SourceLocation.ofFile(origin.descriptorFile()));
    }
    return Problem.error("Overture/MissingDescriptor", "The jar " + origin.location() + " holds no plugin.json at its top;"
            + " a plugin jar carries its descriptor there, beside its content folders (a library a plugin uses goes inside"
            + " that plugin's jar, not beside it)")
        .at(SourceLocation.ofFile(origin.location()));
  }

  /**
   * The first entry of the jar {@code source} whose name leaves the jar's root (a leading slash or
   * backslash, or a ".." part), wherever it is: one in a scanned folder is refused by the index as
   * well, and one elsewhere, which nothing here reads, still marks a jar built to unpack outside
   * its folder. Null when there is none.
   */
  private static String firstEscapingEntry(AssetSource source) {
    List<String> entries;
    try {
      entries = source.list(AssetPath.ROOT, true);
    } catch (IOException e) {
      return null; // what cannot be listed is reported where it is read
    }
    for (String entry : entries) {
      if (entry.startsWith("/") || entry.startsWith("\\")) {
        return entry;
      }
      for (String part : entry.split("[/\\\\]")) {
        if (part.equals("..")) {
          return entry;
        }
      }
    }
    return null;
  }

  /** Whether {@code source} holds {@code path} as a folder (it lists what is in it). */
  private static boolean isFolder(AssetSource source, AssetPath path) {
    try {
      source.list(path, false);
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
