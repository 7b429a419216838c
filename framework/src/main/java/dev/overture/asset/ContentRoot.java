package dev.overture.asset;

import java.util.List;
import java.util.Objects;

/**
 * A named folder of content with its own scan rules: the game's own ({@value #GAME}) and one per
 * feature plugin. Secondary asset paths are relative to the content root of the asset that holds
 * them, and never leave it.
 *
 * <p>The rules a root is scanned with are the asset manager's own rules, then this root's {@code
 * rules}, then those of its project settings file ({@value #SETTINGS_FILE}) if it has one.
 * Immutable.
 *
 * @param name the root's name, used in soft references and messages; letters, digits and '_'
 * @param source where its files come from
 * @param rules scan rules that apply to this root only
 */
public record ContentRoot(String name, AssetSource source, List<ScanRule> rules) {

  /** The name of the game's own content root. */
  public static final String GAME = "Game";

  /** The project settings file read at the top of every content root, when present. */
  public static final String SETTINGS_FILE = "overture.json";

  public ContentRoot {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(source, "source");
    if (!PrimaryAssetType.isValidName(name)) {
      throw new IllegalArgumentException(
          "Invalid content root name \"" + name + "\": expected a letter followed by letters, digits or '_'");
    }
    rules = List.copyOf(rules);
  }

  /** The root {@code name} with no rules of its own. */
  public static ContentRoot of(String name, AssetSource source) {
    return new ContentRoot(name, source, List.of());
  }
}
