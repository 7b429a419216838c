package dev.overture.settings;

import java.util.Objects;

/**
 * The settings of this device, like Lyra's {@code ULyraSettingsLocal}: resolution, frame-rate
 * limit and frame pacing, audio volumes and headphone mode, safe zone, device profile,
 * scalability, latency tracking. One file ({@code LocalSettings.json} in the settings folder), read
 * and written by {@link Settings}; the experience manager tells it when an experience has loaded,
 * as Lyra does. Immutable.
 *
 * <p>Of what the seed's {@code ULyraSettingsLocal::LoadSettings} sets, the fields that mean
 * something without a renderer are here; what they do to a running game is the listeners' job
 * ({@link Settings#onApplied}). As in {@code LoadSettings}, console-style frame pacing leaves no
 * frame-rate limit: the display's sync interval paces frames, so {@code frameRateLimit} is always
 * 0 with {@link FramePacingMode#CONSOLE_STYLE}.
 *
 * <p>Format version 2 ({@code Overture-LocalSettings}): version 1's {@code deviceProfile} is now
 * {@code deviceProfileSuffix}, as Lyra's {@code UserChosenDeviceProfileSuffix}, and the fields from
 * {@code framePacingMode} on are new (a version 1 file gets their defaults).
 *
 * @param resolutionWidth pixels, 640 to 7680
 * @param resolutionHeight pixels, 360 to 4320
 * @param windowMode full screen, windowed full screen or windowed
 * @param frameRateLimit frames per second, 0 for none, up to 1000 (0 with console-style pacing)
 * @param overallVolume 0 to 1
 * @param musicVolume 0 to 1
 * @param effectsVolume 0 to 1
 * @param dialogueVolume 0 to 1
 * @param voiceChatVolume 0 to 1
 * @param safeZone the share of the screen the HUD keeps inside, 0.8 to 1
 * @param deviceProfileSuffix the device profile suffix the player chose ({@code ""}: the default)
 * @param framePacingMode how frames are paced (Lyra's {@code FramePacingMode})
 * @param mobileFrameRateLimit the frame-rate limit with mobile-style pacing, 0 for none, up to 240
 *     (Lyra's {@code MobileFrameRateLimit}, 30 by default)
 * @param headphoneMode whether audio is spatialized for headphones (Lyra's {@code
 *     bUseHeadphoneMode}, HRTF)
 * @param latencyTrackingStats whether input and frame latency are measured and shown (Lyra's
 *     latency tracking stats)
 * @param scalability the overall quality level; {@link Scalability#DEVICE_DEFAULT} takes it from
 *     the device profile, as Lyra's {@code FillScalabilitySettingsFromDeviceProfile} does
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
    String deviceProfileSuffix,
    FramePacingMode framePacingMode,
    @SettingRange(min = 0, max = 240) int mobileFrameRateLimit,
    boolean headphoneMode,
    boolean latencyTrackingStats,
    Scalability scalability) {

  /** How the game window is shown. */
  public enum WindowMode {
    FULLSCREEN,
    WINDOWED_FULLSCREEN,
    WINDOWED
  }

  /** How frames are paced, as Lyra's {@code ELyraFramePacingMode}. */
  public enum FramePacingMode {
    /** The frame-rate limit applies. */
    DESKTOP_STYLE,
    /** The display's sync interval paces frames; there is no frame-rate limit. */
    CONSOLE_STYLE,
    /** The mobile frame-rate limit applies. */
    MOBILE_STYLE
  }

  /** The overall quality level, as Unreal's scalability levels. */
  public enum Scalability {
    /** What the device profile says. */
    DEVICE_DEFAULT,
    LOW,
    MEDIUM,
    HIGH,
    EPIC,
    CINEMATIC
  }

  public LocalSettings {
    windowMode = Objects.requireNonNullElse(windowMode, WindowMode.WINDOWED_FULLSCREEN);
    deviceProfileSuffix = Objects.requireNonNullElse(deviceProfileSuffix, "");
    framePacingMode = Objects.requireNonNullElse(framePacingMode, FramePacingMode.DESKTOP_STYLE);
    scalability = Objects.requireNonNullElse(scalability, Scalability.DEVICE_DEFAULT);
    if (framePacingMode == FramePacingMode.CONSOLE_STYLE) {
      frameRateLimit = 0;
    }
  }

  /** The defaults of a new device. */
  public static LocalSettings defaults() {
    return new LocalSettings(1920, 1080, WindowMode.WINDOWED_FULLSCREEN, 0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, "",
        FramePacingMode.DESKTOP_STYLE, 30, false, false, Scalability.DEVICE_DEFAULT);
  }

  /** These settings with {@code volume} overall. */
  public LocalSettings withOverallVolume(double volume) {
    return new LocalSettings(resolutionWidth, resolutionHeight, windowMode, frameRateLimit, volume, musicVolume, effectsVolume,
        dialogueVolume, voiceChatVolume, safeZone, deviceProfileSuffix, framePacingMode, mobileFrameRateLimit, headphoneMode,
        latencyTrackingStats, scalability);
  }

  /** These settings with a frame-rate limit ({@code 0}: none; always 0 with console-style pacing). */
  public LocalSettings withFrameRateLimit(int limit) {
    return new LocalSettings(resolutionWidth, resolutionHeight, windowMode, limit, overallVolume, musicVolume, effectsVolume,
        dialogueVolume, voiceChatVolume, safeZone, deviceProfileSuffix, framePacingMode, mobileFrameRateLimit, headphoneMode,
        latencyTrackingStats, scalability);
  }

  /** These settings with frame pacing {@code mode}. */
  public LocalSettings withFramePacingMode(FramePacingMode mode) {
    return new LocalSettings(resolutionWidth, resolutionHeight, windowMode, frameRateLimit, overallVolume, musicVolume,
        effectsVolume, dialogueVolume, voiceChatVolume, safeZone, deviceProfileSuffix, mode, mobileFrameRateLimit, headphoneMode,
        latencyTrackingStats, scalability);
  }

  /** These settings with latency tracking stats on or off. */
  public LocalSettings withLatencyTrackingStats(boolean on) {
    return new LocalSettings(resolutionWidth, resolutionHeight, windowMode, frameRateLimit, overallVolume, musicVolume,
        effectsVolume, dialogueVolume, voiceChatVolume, safeZone, deviceProfileSuffix, framePacingMode, mobileFrameRateLimit,
        headphoneMode, on, scalability);
  }
}
