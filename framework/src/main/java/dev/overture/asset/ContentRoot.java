package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.internal.Choices;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A named folder of content with its own scan rules: the game's own ({@value #GAME}) and one per
 * feature plugin. Secondary asset paths are relative to the content root of the asset that holds
 * them, and never leave it.
 *
 * <p>The rules a root is scanned with are the asset manager's own rules, then this root's {@code
 * rules}, then those of its project settings file ({@value #SETTINGS_FILE}) if it has one.
 *
 * <p>A root may be restricted in what its content names ({@link #references}): a feature plugin's
 * content names only the game's content, its own and that of the plugins it depends on, so that it
 * never relies on a plugin that may not be there. A reference to an asset or file of any other
 * root is refused, located at the reference, by loads and by the validator alike. Immutable.
 *
 * @param name the root's name, used in soft references and messages; letters, digits and '_'
 * @param source where its files come from
 * @param rules scan rules that apply to this root only
 * @param references the other roots whose content this root's content may name; empty when it may
 *     name any
 */
public record ContentRoot(String name, AssetSource source, List<ScanRule> rules, Optional<Set<String>> references) {

  /** The name of the game's own content root. */
  public static final String GAME = "Game";

  /** The project settings file read at the top of every content root, when present. */
  public static final String SETTINGS_FILE = "overture.json";

  public ContentRoot {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(source, "source");
    if (!PrimaryAssetType.isValidName(name)) {
      throw new IllegalArgumentException(
          "Invalid content root name " + dev.overture.internal.Choices.excerpt(name) + ": expected a letter followed by letters, digits or '_',"
              + " at most " + MAX_NAME_LENGTH + " characters");
    }
    rules = List.copyOf(rules);
    references = references.map(roots -> Set.copyOf(new TreeSet<>(roots)));
  }

  /** The longest name of a content root (and so of a plugin), in characters. */
  public static final int MAX_NAME_LENGTH = PrimaryAssetType.MAX_LENGTH;

  /**
   * Whether {@code name} can name a content root: an ASCII letter, then ASCII letters, digits or
   * {@code _}, 64 characters at most. A plugin's name names its content root, so it follows this rule.
   */
  public static boolean isValidName(String name) {
    return PrimaryAssetType.isValidName(name);
  }

  /** A root whose content may name any root's. */
  public ContentRoot(String name, AssetSource source, List<ScanRule> rules) {
    this(name, source, rules, Optional.empty());
  }

  /** The root {@code name} with no rules of its own. */
  public static ContentRoot of(String name, AssetSource source) {
    return new ContentRoot(name, source, List.of());
  }

  /** This root, its content allowed to name only its own and that of {@code roots}. */
  public ContentRoot withReferences(Set<String> roots) {
    return new ContentRoot(name, source, rules, Optional.of(roots));
  }

  /** Whether this root's content may name an asset or file of the root {@code other}. */
  public boolean mayName(String other) {
    return other.equals(name) || references.map(roots -> roots.contains(other)).orElse(true);
  }

  /**
   * The problem of a reference from this root's content to {@code target}, of the root {@code
   * other}, which it may not name ({@link #mayName}), without location: {@code
   * Overture/UndeclaredDependency}.
   */
  public Problem undeclared(String target, String other) {
    List<String> allowed = new ArrayList<>(new TreeSet<>(references.orElse(Set.of())));
    allowed.add(name);
    return Problem.error("Overture/UndeclaredDependency",
            "Refers to " + target + " of \"" + other + "\", which the content of \"" + name + "\" may not name:"
                + " a plugin's content names the game's, its own and that of the plugins it depends on;"
                + " add \"" + other + "\" to the dependencies of " + name)
        .withChoices("may name", Choices.closest(other, allowed));
  }

  /**
   * The problem of a soft reference to a content root that is not added, without location: {@code
   * Overture/UnknownContentRoot}, naming {@code referencedBy} (the referring asset, if any) and
   * listing the roots that are added. The one wording for loads and checks alike.
   */
  public static Problem notAdded(String root, Optional<String> referencedBy, List<String> added) {
    return Problem.error(UNKNOWN_ROOT, "Content root \"" + root + "\" is not added" + referencedBy.map(by -> ", referenced by " + by).orElse(""))
        .withChoices("content roots", added);
  }

  /**
   * The problem of {@code path}, a file of this root that does not exist, without location: {@code
   * Overture/MissingFile}, naming the file as users see it and {@code referencedBy} (the referring
   * asset, if any). The one wording for loads and checks alike.
   */
  public Problem missingFile(AssetPath path, Optional<String> referencedBy) {
    return missingFile(source.displayPath(path), referencedBy);
  }

  /** {@link #missingFile(AssetPath, Optional)} for the file shown as {@code file}. */
  static Problem missingFile(String file, Optional<String> referencedBy) {
    return Problem.error(MISSING_FILE, "File " + file + " does not exist" + referencedBy.map(by -> ", referenced by " + by).orElse(""));
  }

  /** The problem id of a soft reference to a content root that is not added. */
  static final String UNKNOWN_ROOT = "Overture/UnknownContentRoot";

  /** The problem id of a file that does not exist. */
  static final String MISSING_FILE = "Overture/MissingFile";
}
