package dev.overture.settings;

import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import dev.overture.version.UpgradeStep;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One kind of settings file: the record it holds, its file name, its custom version (the file's
 * format, upgraded by {@code steps} when an older file is read) and its defaults. {@link #SHARED}
 * and {@link #LOCAL} are Overture's; a game adds its own the same way.
 *
 * @param type the record
 * @param fileName the file's name in its folder
 * @param version the format's custom version
 * @param defaults the values a new file starts with
 * @param steps upgrade steps from older versions of the format, for {@code type}
 * @param <T> the record
 */
public record SettingsKind<T extends Record>(
    Class<T> type, String fileName, CustomVersion version, Supplier<T> defaults, List<UpgradeStep> steps) {

  /** Per player: {@code <player>/SharedSettings.json}. */
  public static final SettingsKind<SharedSettings> SHARED = new SettingsKind<>(
      SharedSettings.class, "SharedSettings.json",
      new CustomVersion(Guid.parse("72DEAE61-664B-4878-9000-41737308CDB2"), 1, "Overture-SharedSettings"),
      SharedSettings::defaults, List.of());

  /** Per device: {@code LocalSettings.json}. */
  public static final SettingsKind<LocalSettings> LOCAL = new SettingsKind<>(
      LocalSettings.class, "LocalSettings.json",
      new CustomVersion(Guid.parse("A3F9F5FD-9EED-40A3-826A-2C34D7F76162"), 1, "Overture-LocalSettings"),
      LocalSettings::defaults, List.of());

  public SettingsKind {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(fileName, "fileName");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(defaults, "defaults");
    steps = List.copyOf(steps);
  }
}
