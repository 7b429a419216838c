package dev.overture.settings;

import java.util.Map;
import java.util.Objects;

/**
 * The settings that follow a player from device to device, like Lyra's {@code
 * ULyraSettingsShared}: language, subtitles, colour-blind mode, sensitivities, key bindings. One
 * file per player ({@code <player>/SharedSettings.json} in the settings folder), read and written
 * by {@link Settings}. Immutable: change them with the {@code with} methods or a new record.
 *
 * @param language a BCP 47 language tag, {@code en} by default
 * @param subtitles whether subtitles are shown
 * @param subtitleScale subtitle text size, 0.5 to 2
 * @param colorBlindMode the colour-blind filter
 * @param colorBlindStrength its strength, 0 to 10
 * @param gamepadLookSensitivity 0.1 to 10
 * @param mouseSensitivity 0.1 to 10
 * @param invertVerticalAxis whether looking up and down is inverted
 * @param keyBindings input action to key, for the actions the player rebound
 */
public record SharedSettings(
    String language,
    boolean subtitles,
    @SettingRange(min = 0.5, max = 2) double subtitleScale,
    ColorBlindMode colorBlindMode,
    @SettingRange(min = 0, max = 10) int colorBlindStrength,
    @SettingRange(min = 0.1, max = 10) double gamepadLookSensitivity,
    @SettingRange(min = 0.1, max = 10) double mouseSensitivity,
    boolean invertVerticalAxis,
    Map<String, String> keyBindings) {

  /** Lyra's colour-blind modes. */
  public enum ColorBlindMode {
    OFF,
    DEUTERANOPE,
    PROTANOPE,
    TRITANOPE
  }

  public SharedSettings {
    language = Objects.requireNonNullElse(language, "en");
    colorBlindMode = Objects.requireNonNullElse(colorBlindMode, ColorBlindMode.OFF);
    keyBindings = keyBindings == null ? Map.of() : Map.copyOf(keyBindings);
  }

  /** The defaults a new player starts with. */
  public static SharedSettings defaults() {
    return new SharedSettings("en", false, 1.0, ColorBlindMode.OFF, 5, 1.0, 1.0, false, Map.of());
  }

  /** These settings in {@code newLanguage}. */
  public SharedSettings withLanguage(String newLanguage) {
    return new SharedSettings(newLanguage, subtitles, subtitleScale, colorBlindMode, colorBlindStrength,
        gamepadLookSensitivity, mouseSensitivity, invertVerticalAxis, keyBindings);
  }

  /** These settings with subtitles on or off. */
  public SharedSettings withSubtitles(boolean on) {
    return new SharedSettings(language, on, subtitleScale, colorBlindMode, colorBlindStrength,
        gamepadLookSensitivity, mouseSensitivity, invertVerticalAxis, keyBindings);
  }
}
