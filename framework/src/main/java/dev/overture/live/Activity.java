package dev.overture.live;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Counts the work live content has in hand (changes waiting out their quiet period, changes being
 * checked, reloads queued on game threads), so that {@link LiveContent#whenIdle()} can tell when
 * there is none. Thread-safe: a short lock; the futures are completed outside it.
 */
final class Activity {

  private final Object lock = new Object();
  private int busy;
  private boolean closed;
  private List<CompletableFuture<Void>> waiting = new ArrayList<>();

  /**
   * Live content closed: what it had in hand is dropped (a continuation the closed executor refuses
   * never leaves), so whoever waits for it to be idle is answered now, and from now on at once.
   */
  void close() {
    List<CompletableFuture<Void>> done;
    synchronized (lock) {
      closed = true;
      done = waiting;
      waiting = new ArrayList<>();
    }
    done.forEach(future -> future.complete(null));
  }

  /** Whether live content closed: what is in hand is then dropped, not applied. */
  boolean isClosed() {
    synchronized (lock) {
      return closed;
    }
  }

  void enter() {
    synchronized (lock) {
      busy++;
    }
  }

  void exit() {
    List<CompletableFuture<Void>> done;
    synchronized (lock) {
      if (busy <= 0) {
        if (closed) {
          return; // dropped work leaving late, after close answered the waiters
        }
        throw new IllegalStateException("live content left more work than it entered");
      }
      if (--busy > 0 || waiting.isEmpty()) {
        return;
      }
      done = waiting;
      waiting = new ArrayList<>();
    }
    done.forEach(future -> future.complete(null));
  }

  /** Completes once nothing is in hand: at once when nothing is now, or live content is closed. */
  CompletableFuture<Void> whenIdle() {
    synchronized (lock) {
      if (busy == 0 || closed) {
        return CompletableFuture.completedFuture(null);
      }
      CompletableFuture<Void> idle = new CompletableFuture<>();
      waiting.add(idle);
      return idle;
    }
  }
}
