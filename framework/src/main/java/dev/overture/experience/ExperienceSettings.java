package dev.overture.experience;

import dev.overture.core.Ticker;
import dev.overture.settings.LocalSettings;
import dev.overture.settings.Settings;
import java.util.Objects;
import java.util.Optional;

/**
 * How experiences load, for every world that uses these settings. Immutable.
 *
 * @param chaosDelayMinimumSeconds a delay added before the actions run, to test code that waits
 *     for experiences (Lyra's {@code lyra.chaos.ExperienceDelayLoad.MinSecs}); 0 by default
 * @param chaosDelayRandomSeconds up to this much more, at random (0 by default)
 * @param seed the seed of that randomness, so that a test run is repeatable
 * @param ticker the time source of the loading timeline
 * @param localSettings the device's settings, told when an experience has loaded (as Lyra tells
 *     {@code ULyraSettingsLocal}), if the host has them; called on the world's game thread
 */
public record ExperienceSettings(
    double chaosDelayMinimumSeconds, double chaosDelayRandomSeconds, long seed, Ticker ticker,
    Optional<Settings<LocalSettings>> localSettings) {

  public ExperienceSettings {
    if (!(chaosDelayMinimumSeconds >= 0) || !(chaosDelayRandomSeconds >= 0)) {
      throw new IllegalArgumentException(
          "chaos delays must be >= 0: " + chaosDelayMinimumSeconds + ", " + chaosDelayRandomSeconds);
    }
    Objects.requireNonNull(ticker, "ticker");
    Objects.requireNonNull(localSettings, "localSettings");
  }

  /** No chaos delay, the system ticker. */
  public static ExperienceSettings defaults() {
    return new ExperienceSettings(0, 0, 0, Ticker.system(), Optional.empty());
  }

  /** These settings with a chaos delay of {@code minimum} plus up to {@code random} seconds, seeded. */
  public ExperienceSettings withChaosDelay(double minimum, double random, long newSeed) {
    return new ExperienceSettings(minimum, random, newSeed, ticker, localSettings);
  }

  /** These settings with another ticker. */
  public ExperienceSettings withTicker(Ticker newTicker) {
    return new ExperienceSettings(chaosDelayMinimumSeconds, chaosDelayRandomSeconds, seed, newTicker, localSettings);
  }

  /** These settings, telling {@code settings} when an experience has loaded. */
  public ExperienceSettings withLocalSettings(Settings<LocalSettings> settings) {
    return new ExperienceSettings(chaosDelayMinimumSeconds, chaosDelayRandomSeconds, seed, ticker, Optional.of(settings));
  }
}
