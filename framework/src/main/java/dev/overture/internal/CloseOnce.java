package dev.overture.internal;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * Lets one {@code close()} of an owner run: the first caller closes. A call from another thread
 * made while that close runs returns once it is done (or at its own interrupt, whose flag it keeps),
 * not at once while the owner is still half open: a shutdown hook closing beside the main thread's
 * try-with-resources must not let the process end first. A call from the closing thread itself (a
 * close listener), or from a thread the close waits for, returns at once, as it cannot wait.
 *
 * <p>Thread-safe.
 */
public final class CloseOnce {

  private final AtomicBoolean entered = new AtomicBoolean();
  private final CountDownLatch done = new CountDownLatch(1);
  private volatile Thread closer;

  /**
   * Runs {@code close} if no call has yet; otherwise waits for that call as above.
   *
   * @param waitedFor whether the first close waits for the calling thread (an owner's own worker),
   *     which must then not wait for it in turn
   */
  public void close(Runnable close, Predicate<Thread> waitedFor) {
    Thread self = Thread.currentThread();
    if (!entered.compareAndSet(false, true)) {
      if (self != closer && !waitedFor.test(self)) {
        try {
          done.await();
        } catch (InterruptedException e) {
          self.interrupt();
        }
      }
      return;
    }
    closer = self;
    try {
      close.run();
    } finally {
      done.countDown();
    }
  }
}
