package dev.overture.settings;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where a game keeps its settings for the user running it: {@code %APPDATA%\<game>} on Windows,
 * {@code ~/Library/Application Support/<game>} on macOS, {@code $XDG_CONFIG_HOME/<game>} (or
 * {@code ~/.config/<game>}) elsewhere; or any folder a host chooses ({@link #at}). Immutable.
 */
public final class SettingsFolder {

  /**
   * A name every file system takes as a folder's: a letter or digit first, then letters, digits,
   * spaces, '.', '_' and '-', at most 64 characters, not ending in a space or a dot (Windows drops
   * those, so two names would meet in one folder).
   */
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9 ._-]{0,62}[A-Za-z0-9_-])?");
  private static final String RULE = "start with a letter or a digit, then letters, digits, spaces, '.', '_' and '-', at most 64,"
      + " not ending in a space or a dot";

  private final Path path;

  private SettingsFolder(Path path) {
    this.path = Objects.requireNonNull(path, "path");
  }

  /** The folder {@code path}. */
  public static SettingsFolder at(Path path) {
    return new SettingsFolder(path);
  }

  /** The per-user folder of {@code game} on this machine. */
  public static SettingsFolder forGame(String game) {
    return forGame(game, System.getProperty("os.name", ""), System.getenv(), Path.of(System.getProperty("user.home", ".")));
  }

  static SettingsFolder forGame(String game, String osName, Map<String, String> environment, Path home) {
    if (!SAFE.matcher(game).matches()) {
      throw new IllegalArgumentException("\"" + game + "\" cannot name a folder: " + RULE);
    }
    String os = osName.toLowerCase(Locale.ROOT);
    if (os.startsWith("windows") && environment.get("APPDATA") != null) {
      return at(Path.of(environment.get("APPDATA"), game));
    }
    if (os.startsWith("mac")) {
      return at(home.resolve("Library").resolve("Application Support").resolve(game));
    }
    String xdg = environment.get("XDG_CONFIG_HOME");
    return at((xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".config")).resolve(game));
  }

  /** The folder. */
  public Path path() {
    return path;
  }

  /** The file of {@code kind} for the device. */
  public Path localFile(SettingsKind<?> kind) {
    return path.resolve(kind.fileName());
  }

  /**
   * The file of {@code kind} for {@code player}.
   *
   * @throws IllegalArgumentException when the player id cannot name a folder
   */
  public Path playerFile(String player, SettingsKind<?> kind) {
    java.util.Objects.requireNonNull(player, "player");
    java.util.Objects.requireNonNull(kind, "kind");
    if (!SAFE.matcher(player).matches() || player.contains("..")) {
      throw new IllegalArgumentException("player id \"" + player + "\" cannot name a folder: " + RULE + ", without \"..\"");
    }
    Path folder = path.resolve(player);
    if (java.nio.file.Files.exists(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS)
        && !java.nio.file.Files.isDirectory(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      throw new IllegalArgumentException("player id \"" + player + "\" names " + folder + ", which is a file of the settings"
          + " folder, not a player's folder: choose another id");
    }
    return folder.resolve(kind.fileName());
  }

  @Override
  public String toString() {
    return path.toString();
  }
}
