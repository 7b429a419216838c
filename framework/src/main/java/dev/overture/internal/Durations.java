package dev.overture.internal;

import java.time.Duration;

/**
 * A {@link Duration} a caller gave, as the nanoseconds or milliseconds a timed wait takes, held at
 * {@link Long#MAX_VALUE} instead of overflowing: {@code ChronoUnit.FOREVER.getDuration()} or
 * {@code Duration.ofSeconds(Long.MAX_VALUE)}, a common way to say "wait as long as it takes", would
 * otherwise throw {@link ArithmeticException} from {@link Duration#toNanos}. Stateless; any thread.
 */
public final class Durations {

  private Durations() {}

  /** {@code duration} in nanoseconds, at most {@link Long#MAX_VALUE} (about 292 years) and at least {@link Long#MIN_VALUE}. */
  public static long nanos(Duration duration) {
    try {
      return duration.toNanos();
    } catch (ArithmeticException e) {
      return duration.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }

  /** {@code duration} in milliseconds, held within a {@code long} in the same way. */
  public static long millis(Duration duration) {
    try {
      return duration.toMillis();
    } catch (ArithmeticException e) {
      return duration.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }
}
