package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/** A wait of "forever" is held at the longest a {@code long} counts, not an overflow. */
class DurationsTest {

  @Test
  void durationsPastALong_areHeldAtItsLimits_andOthersAreAsTheyAre() {
    assertEquals(Long.MAX_VALUE, Durations.nanos(ChronoUnit.FOREVER.getDuration()));
    assertEquals(Long.MAX_VALUE, Durations.nanos(Duration.ofSeconds(Long.MAX_VALUE)));
    assertEquals(Long.MIN_VALUE, Durations.nanos(Duration.ofSeconds(Long.MIN_VALUE)));
    assertEquals(Long.MAX_VALUE, Durations.millis(ChronoUnit.FOREVER.getDuration()));
    assertEquals(1_500_000_000L, Durations.nanos(Duration.ofMillis(1500)));
    assertEquals(1500, Durations.millis(Duration.ofNanos(1_500_000_000L)));
    assertEquals(-3, Durations.millis(Duration.ofMillis(-3)));
  }
}
