package dev.overture.testing;

import dev.overture.core.Ticker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** A ticker that moves only when a test advances it. */
public final class FakeTicker implements Ticker {

  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

  @Override
  public long read() {
    return nanos.get();
  }

  public void advance(Duration duration) {
    nanos.addAndGet(duration.toNanos());
  }
}
