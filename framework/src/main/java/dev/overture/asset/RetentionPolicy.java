package dev.overture.asset;

import java.time.Duration;
import java.util.Objects;

/**
 * What happens to a loaded asset when nothing pins it any more (no handle, no bundle state, no
 * explicit keep). With {@link #none()}, the default, it is dropped at once and the next load reads
 * it again; otherwise it is kept, up to a number of assets and for a time since last use, so that
 * switching back and forth between experiences does not re-read shared files. Pinned assets are
 * never evicted.
 *
 * <p>Eviction is done by Caffeine, on the asset manager's ticker. Immutable.
 */
public final class RetentionPolicy {

  private final long maximumSize;
  private final Duration expireAfterAccess;

  private RetentionPolicy(long maximumSize, Duration expireAfterAccess) {
    this.maximumSize = maximumSize;
    this.expireAfterAccess = expireAfterAccess;
  }

  /** Unpinned assets are dropped at once. */
  public static RetentionPolicy none() {
    return new RetentionPolicy(0, null);
  }

  /** Up to {@code assets} unpinned assets are kept, the least recently used evicted first. */
  public static RetentionPolicy maximumSize(long assets) {
    if (assets < 0) {
      throw new IllegalArgumentException("maximum size must not be negative: " + assets);
    }
    return new RetentionPolicy(assets, null);
  }

  /** This policy, also evicting an unpinned asset once {@code duration} passes without use. */
  public RetentionPolicy expireAfterAccess(Duration duration) {
    Objects.requireNonNull(duration, "duration");
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException("expiry must be positive: " + duration);
    }
    if (maximumSize == 0) {
      throw new IllegalStateException("expireAfterAccess needs a maximum size above 0 to keep anything");
    }
    return new RetentionPolicy(maximumSize, duration);
  }

  /** Whether unpinned assets are kept at all. */
  public boolean retains() {
    return maximumSize > 0;
  }

  /** The most unpinned assets kept. */
  public long maximumSize() {
    return maximumSize;
  }

  /** How long an unused unpinned asset is kept, if limited. */
  public java.util.Optional<Duration> expiry() {
    return java.util.Optional.ofNullable(expireAfterAccess);
  }

  @Override
  public String toString() {
    return maximumSize == 0
        ? "RetentionPolicy[none]"
        : "RetentionPolicy[maximumSize=" + maximumSize
            + (expireAfterAccess == null ? "" : ", expireAfterAccess=" + expireAfterAccess) + "]";
  }
}
