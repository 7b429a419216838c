package dev.overture.experience;

import dev.overture.core.Ticker;
import java.util.Objects;

/**
 * How experiences load, for every world that uses these settings. Immutable.
 *
 * @param chaosDelayMinimumSeconds a delay added before the actions run, to test code that waits
 *     for experiences (Lyra's {@code lyra.chaos.ExperienceDelayLoad.MinSecs}); 0 by default
 * @param chaosDelayRandomSeconds up to this much more, at random (0 by default)
 * @param seed the seed of that randomness, so that a test run is repeatable
 * @param ticker the time source of the loading timeline
 */
public record ExperienceSettings(
    double chaosDelayMinimumSeconds, double chaosDelayRandomSeconds, long seed, Ticker ticker) {

  public ExperienceSettings {
    if (!(chaosDelayMinimumSeconds >= 0) || !(chaosDelayRandomSeconds >= 0)) {
      throw new IllegalArgumentException(
          "chaos delays must be >= 0: " + chaosDelayMinimumSeconds + ", " + chaosDelayRandomSeconds);
    }
    Objects.requireNonNull(ticker, "ticker");
  }

  /** No chaos delay, the system ticker. */
  public static ExperienceSettings defaults() {
    return new ExperienceSettings(0, 0, 0, Ticker.system());
  }

  /** These settings with a chaos delay of {@code minimum} plus up to {@code random} seconds, seeded. */
  public ExperienceSettings withChaosDelay(double minimum, double random, long newSeed) {
    return new ExperienceSettings(minimum, random, newSeed, ticker);
  }

  /** These settings with another ticker. */
  public ExperienceSettings withTicker(Ticker newTicker) {
    return new ExperienceSettings(chaosDelayMinimumSeconds, chaosDelayRandomSeconds, seed, newTicker);
  }
}
