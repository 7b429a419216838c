package dev.overture.live;

import dev.overture.core.Problem;
import dev.overture.core.ReportKind;
import dev.overture.core.Reports;
import dev.overture.core.Ticker;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the outcome of each change: numbers it, times it from its first file event, and hands it to
 * the log (a refusal as a warning), the runtime's reports and every subscriber; a subscriber that
 * throws is logged and the others still hear of it.
 *
 * <p>{@link #publish} is called on live content's serial executor only; subscribers may be added and
 * removed from any thread.
 */
final class ReloadNews {
  private static final Logger log = LoggerFactory.getLogger(LiveContent.class);
  static final ReportKind RELOADED = ReportKind.of("Reloaded");
  static final ReportKind REFUSED = ReportKind.of("EditRefused");

  /** Null when the runtime keeps no reports. */
  private final Reports reports;
  private final Ticker ticker;
  private final List<Consumer<? super LiveReload>> subscribers = new CopyOnWriteArrayList<>();
  private final AtomicLong sequence = new AtomicLong();

  ReloadNews(Reports reports, Ticker ticker) {
    this.reports = reports;
    this.ticker = ticker;
  }

  List<Consumer<? super LiveReload>> subscribers() {
    return subscribers;
  }

  /** Tells one outcome; {@code firstNanos} is the ticker's reading at the change's first file event. */
  void publish(LiveReload.Status status, Collection<String> files, List<String> changes, List<LiveReload.WorldUpdate> worlds,
      List<Problem> problems, long firstNanos) {
    Duration elapsed = Duration.ofNanos(Math.max(0, ticker.read() - firstNanos));
    LiveReload reload = new LiveReload(sequence.incrementAndGet(), status, List.copyOf(files), changes, worlds, problems, elapsed);
    if (status == LiveReload.Status.REFUSED) {
      log.warn("{}", reload.summary());
    } else {
      log.info("{}", reload.summary());
    }
    if (reports != null) {
      reports.publish(status == LiveReload.Status.REFUSED ? REFUSED : RELOADED, reload.summary(), problems);
    }
    for (Consumer<? super LiveReload> subscriber : subscribers) {
      try {
        subscriber.accept(reload);
      } catch (RuntimeException e) {
        log.warn("A live content subscriber failed on {}", reload, e);
      }
    }
  }
}
