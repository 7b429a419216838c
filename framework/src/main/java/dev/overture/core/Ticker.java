package dev.overture.core;

/**
 * A source of nanosecond time for durations and expiry, injected wherever Overture measures time so
 * that tests can drive it by hand instead of sleeping.
 *
 * <p>Implementations must be safe to call from any thread; values only mean something as
 * differences.
 */
@FunctionalInterface
public interface Ticker {

  /** Nanoseconds since an arbitrary origin; never decreases. */
  long read();

  /** The system ticker, {@link System#nanoTime()}. */
  static Ticker system() {
    return System::nanoTime;
  }
}
