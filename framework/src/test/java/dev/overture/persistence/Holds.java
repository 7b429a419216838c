package dev.overture.persistence;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Transaction hooks of crash tests, for child JVMs: hold one transaction just before it commits,
 * announced by a marker file, until the process is killed.
 */
public final class Holds {

  private Holds() {}

  /**
   * Holds the {@code nth} transaction (1 for the first) whose operation starts with {@code operation}
   * ("reserving ids", "saving world Warehouse") before it commits: writes the operation to {@code
   * marker}, then parks its thread for good, its transaction open.
   */
  static StoreDatabase.TransactionHook at(String operation, int nth, Path marker) {
    AtomicInteger seen = new AtomicInteger();
    return what -> {
      if (what.startsWith(operation) && seen.incrementAndGet() == nth) {
        try {
          Files.writeString(marker, what, StandardCharsets.UTF_8);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        while (true) {
          LockSupport.park(); // until SIGKILL
        }
      }
    };
  }

  /**
   * An in-process hold: the first transaction whose operation starts with {@code operation} waits,
   * its transaction open, until {@link InProcess#release()}; {@link InProcess#reached()} completes
   * when it gets there.
   */
  static InProcess inProcess(String operation) {
    return new InProcess(operation);
  }

  /** See {@link #inProcess}. */
  static final class InProcess implements StoreDatabase.TransactionHook {
    private final String operation;
    private final CompletableFuture<String> reached = new CompletableFuture<>();
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicBoolean used = new AtomicBoolean();

    private InProcess(String operation) {
      this.operation = operation;
    }

    @Override
    public void beforeCommit(String what) {
      if (what.startsWith(operation) && used.compareAndSet(false, true)) {
        reached.complete(what);
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while held", e);
        }
      }
    }

    /** Completes with the operation once it holds. */
    CompletableFuture<String> reached() {
      return reached;
    }

    /** Lets it commit. */
    void release() {
      release.countDown();
    }
  }

  /** The store builder a child was handed ({@code args[0]} on), holding where {@code hook} says. */
  public static WorldStore.Builder builder(String[] args, StoreDatabase.TransactionHook hook) {
    return Backend.Place.inChild(args, 0).builder().beforeCommit(hook);
  }
}
