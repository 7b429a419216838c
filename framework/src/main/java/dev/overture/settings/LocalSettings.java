package dev.overture.settings;

import java.util.Objects;

/**
 * The settings of this device, like Lyra's {@code ULyraSettingsLocal}: resolution, frame-rate
 * limit, audio volumes, safe zone, device profile. One file ({@code LocalSettings.json} in the
 * settings folder), read and written by {@link Settings}; the experience manager tells it when an
 * experience has loaded, as Lyra does. Immutable.
 *
 * @param resolutionWidth pixels, 640 to 7680
 * @param resolutionHeight pixels, 360 to 4320
 * @param windowMode full screen, windowed full screen or windowed
 * @param frameRateLimit frames per second, 0 for none, up to 1000
 * @param overallVolume 0 to 1
 * @param musicVolume 0 to 1
 * @param effectsVolume 0 to 1
 * @param dialogueVolume 0 to 1
 * @param voiceChatVolume 0 to 1
 * @param safeZone the share of the screen the HUD keeps inside, 0.8 to 1
 * @param deviceProfile the device profile suffix the player chose ({@code ""}: the default)
 */
public record LocalSettings(
    @SettingRange(min = 640, max = 7680) int resolutionWidth,
    @SettingRange(min = 360, max = 4320) int resolutionHeight,
    WindowMode windowMode,
    @SettingRange(min = 0, max = 1000) int frameRateLimit,
    @SettingRange(min = 0, max = 1) double overallVolume,
    @SettingRange(min = 0, max = 1) double musicVolume,
    @SettingRange(min = 0, max = 1) double effectsVolume,
    @SettingRange(min = 0, max = 1) double dialogueVolume,
    @SettingRange(min = 0, max = 1) double voiceChatVolume,
    @SettingRange(min = 0.8, max = 1) double safeZone,
    String deviceProfile) {

  /** How the game window is shown. */
  public enum WindowMode {
    FULLSCREEN,
    WINDOWED_FULLSCREEN,
    WINDOWED
  }

  public LocalSettings {
    windowMode = Objects.requireNonNullElse(windowMode, WindowMode.WINDOWED_FULLSCREEN);
    deviceProfile = Objects.requireNonNullElse(deviceProfile, "");
  }

  /** The defaults of a new device. */
  public static LocalSettings defaults() {
    return new LocalSettings(1920, 1080, WindowMode.WINDOWED_FULLSCREEN, 0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, "");
  }

  /** These settings with {@code volume} overall. */
  public LocalSettings withOverallVolume(double volume) {
    return new LocalSettings(resolutionWidth, resolutionHeight, windowMode, frameRateLimit, volume, musicVolume, effectsVolume,
        dialogueVolume, voiceChatVolume, safeZone, deviceProfile);
  }

  /** These settings with a frame-rate limit ({@code 0}: none). */
  public LocalSettings withFrameRateLimit(int limit) {
    return new LocalSettings(resolutionWidth, resolutionHeight, windowMode, limit, overallVolume, musicVolume, effectsVolume,
        dialogueVolume, voiceChatVolume, safeZone, deviceProfile);
  }
}
