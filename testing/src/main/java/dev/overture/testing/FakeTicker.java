package dev.overture.testing;

import dev.overture.core.Ticker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** A ticker that moves only when a test advances it. Thread-safe. */
public final class FakeTicker implements Ticker {

  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

  /** A ticker at one second, so that durations measured from zero are never mistaken for unset. */
  public FakeTicker() {}

  @Override
  public long read() {
    return nanos.get();
  }

  /** Moves the time on by {@code duration}. */
  public void advance(Duration duration) {
    advanceNanos(duration.toNanos());
  }

  /**
   * Moves the time on by {@code delta} nanoseconds; a {@link dev.overture.world.FixedStepLoop}
   * given {@code ticker::advanceNanos} as its waiter runs without sleeping.
   */
  public void advanceNanos(long delta) {
    if (delta < 0) {
      throw new IllegalArgumentException("time does not go back: " + delta);
    }
    nanos.addAndGet(delta);
  }
}
