package dev.overture.settings;

import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import dev.overture.version.JsonUpgrade;
import dev.overture.version.UpgradeStep;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One kind of settings file: the record it holds, its file name, its custom version (the file's
 * format, upgraded by {@code steps} when an older file is read), its defaults and the largest file
 * read. {@link #SHARED} and {@link #LOCAL} are Overture's; a game adds its own the same way.
 *
 * @param type the record
 * @param fileName the file's name in its folder
 * @param version the format's custom version
 * @param defaults the values a new file starts with
 * @param steps upgrade steps from older versions of the format, for {@code type}
 * @param maxFileBytes the largest file read, in bytes ({@link #DEFAULT_MAX_FILE_BYTES} unless
 *     changed with {@link #withMaxFileBytes}); a larger one is moved aside unread, like a corrupt one
 * @param <T> the record
 */
public record SettingsKind<T extends Record>(
    Class<T> type, String fileName, CustomVersion version, Supplier<T> defaults, List<UpgradeStep> steps, long maxFileBytes) {

  /** The largest settings file read unless a kind says otherwise: 1 MiB, a thousand times a real one. */
  public static final long DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

  private static final CustomVersion LOCAL_FORMAT =
      new CustomVersion(Guid.parse("A3F9F5FD-9EED-40A3-826A-2C34D7F76162"), 2, "Overture-LocalSettings");

  /** Per player: {@code <player>/SharedSettings.json}. */
  public static final SettingsKind<SharedSettings> SHARED = new SettingsKind<>(
      SharedSettings.class, "SharedSettings.json",
      new CustomVersion(Guid.parse("72DEAE61-664B-4878-9000-41737308CDB2"), 1, "Overture-SharedSettings"),
      SharedSettings::defaults, List.of());

  /**
   * Per device: {@code LocalSettings.json}, format version 2 (version 1's {@code deviceProfile} is
   * now {@code deviceProfileSuffix}).
   */
  public static final SettingsKind<LocalSettings> LOCAL = new SettingsKind<>(
      LocalSettings.class, "LocalSettings.json", LOCAL_FORMAT, LocalSettings::defaults,
      List.of(UpgradeStep.of(LOCAL_FORMAT, 2, LocalSettings.class,
          "deviceProfile is now deviceProfileSuffix, as Lyra's UserChosenDeviceProfileSuffix",
          JsonUpgrade.rename("/deviceProfile", "deviceProfileSuffix"))));

  public SettingsKind {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(fileName, "fileName");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(defaults, "defaults");
    steps = List.copyOf(steps);
    if (maxFileBytes < 0 || maxFileBytes > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("maxFileBytes must be 0 to " + (Integer.MAX_VALUE - 8) + ": " + maxFileBytes);
    }
  }

  /** A kind that reads files up to {@link #DEFAULT_MAX_FILE_BYTES}. */
  public SettingsKind(Class<T> type, String fileName, CustomVersion version, Supplier<T> defaults, List<UpgradeStep> steps) {
    this(type, fileName, version, defaults, steps, DEFAULT_MAX_FILE_BYTES);
  }

  /** This kind, reading files up to {@code bytes}. */
  public SettingsKind<T> withMaxFileBytes(long bytes) {
    return new SettingsKind<>(type, fileName, version, defaults, steps, bytes);
  }
}
