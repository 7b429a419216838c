package dev.overture.asset;

import dev.overture.core.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.DoubleConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Weighted start-up jobs, like Lyra's {@code StartInitialLoading}: named steps run one after the
 * other, each with a weight, and their combined progress ({@code sum(weight * progress) /
 * sum(weight)}) is really reported, which Lyra's is not.
 *
 * <pre>{@code
 * StartupJobs jobs = StartupJobs.builder()
 *     .add("Load game data", 5, context -> context.track(assets.loadPrimaryAsset(gameDataId)))
 *     .add("Warm caches", 1, context -> { warm(context::reportProgress); return done(); })
 *     .build();
 * jobs.onProgress(gameThread, loadingScreen::setProgress);
 * jobs.start(gameThread);
 * }</pre>
 *
 * <p>A job returns a stage that completes when it is done; {@link Context#track} makes a load
 * handle's progress the job's. Progress never decreases and reaches 1.0 exactly once, when the last
 * job completes. A job that fails stops the sequence; {@link #start} then fails with {@link
 * StartupJobException} naming the job.
 *
 * <p>Thread-safe: progress may be read from any thread, jobs run on the executor given to {@link
 * #start}, progress callbacks on theirs.
 */
public final class StartupJobs {

  private static final Logger log = LoggerFactory.getLogger(StartupJobs.class);

  /** What a running job can do. */
  public interface Context {
    /** Reports the job's own progress in [0, 1]; values lower than one already reported are ignored. */
    void reportProgress(double fraction);

    /** Makes {@code handle}'s progress this job's, and returns its future to complete the job with. */
    CompletableFuture<LoadResult> track(LoadHandle handle);
  }

  /** One step of start-up. */
  @FunctionalInterface
  public interface Job {
    /**
     * Starts the step.
     *
     * @return a stage that completes when the step is done
     * @throws Exception when the step cannot start; start-up then fails
     */
    CompletionStage<?> run(Context context) throws Exception;
  }

  /** How long each job took; complete once start-up has. */
  public record Timing(String job, Duration elapsed) {}

  private record Entry(String name, double weight, Job job) {}

  private final List<Entry> entries;
  private final double totalWeight;
  private final Ticker ticker;
  private final AtomicLongArray fractions;
  private final AtomicBoolean started = new AtomicBoolean();
  private final AtomicLong reported = new AtomicLong(Double.doubleToRawLongBits(0.0));
  private final List<ProgressListener> listeners = new CopyOnWriteArrayList<>();
  private final List<Timing> timings = new CopyOnWriteArrayList<>();
  private final CompletableFuture<Void> done = new CompletableFuture<>();
  private volatile int current = -1;

  private StartupJobs(Builder builder) {
    this.entries = List.copyOf(builder.entries);
    this.totalWeight = entries.stream().mapToDouble(Entry::weight).sum();
    this.ticker = builder.ticker != null ? builder.ticker : Ticker.system();
    this.fractions = new AtomicLongArray(entries.size());
  }

  /** A builder with no jobs. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Runs the jobs in order, each started on {@code executor}.
   *
   * @return completes when every job has, or fails with {@link StartupJobException}
   * @throws IllegalStateException when already started
   */
  public CompletableFuture<Void> start(Executor executor) {
    Objects.requireNonNull(executor, "executor");
    if (!started.compareAndSet(false, true)) {
      throw new IllegalStateException("start-up jobs were already started");
    }
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    for (int i = 0; i < entries.size(); i++) {
      int index = i;
      chain = chain.thenComposeAsync(ignored -> runJob(index), executor);
    }
    chain.whenComplete(
        (ignored, error) -> {
          current = -1;
          if (error == null) {
            // Done first: a listener added meanwhile then sends 1.0 itself; duplicates are ignored.
            done.complete(null);
            listeners.forEach(ProgressListener::sendFinal);
          } else {
            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            done.completeExceptionally(cause);
          }
        });
    return done;
  }

  private CompletableFuture<Void> runJob(int index) {
    Entry entry = entries.get(index);
    current = index;
    long startNanos = ticker.read();
    CompletionStage<?> stage;
    try {
      stage = Objects.requireNonNull(entry.job.run(new JobContext(index)), "a job must return a stage");
    } catch (Exception e) {
      return CompletableFuture.failedFuture(new StartupJobException(entry.name, e));
    }
    return stage
        .toCompletableFuture()
        .handle(
            (ignored, error) -> {
              if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                throw new StartupJobException(entry.name, cause);
              }
              report(index, 1.0);
              timings.add(new Timing(entry.name, Duration.ofNanos(ticker.read() - startNanos)));
              log.debug("Start-up job \"{}\" done", entry.name);
              return null;
            });
  }

  private final class JobContext implements Context {
    private final int index;

    JobContext(int index) {
      this.index = index;
    }

    @Override
    public void reportProgress(double fraction) {
      if (!(fraction >= 0 && fraction <= 1)) {
        throw new IllegalArgumentException("progress must be in [0, 1]: " + fraction);
      }
      report(index, Math.min(fraction, Math.nextDown(1.0)));
    }

    @Override
    public CompletableFuture<LoadResult> track(LoadHandle handle) {
      handle.onUpdate(Runnable::run, this::reportProgress);
      return handle.future();
    }
  }

  private void report(int index, double fraction) {
    while (true) {
      long previous = fractions.get(index);
      if (fraction <= Double.longBitsToDouble(previous)) {
        return;
      }
      if (fractions.compareAndSet(index, previous, Double.doubleToRawLongBits(fraction))) {
        break;
      }
    }
    listeners.forEach(ProgressListener::schedule);
  }

  /**
   * Completes when every job has, or fails with {@link StartupJobException}; before {@link #start},
   * it waits for the start.
   */
  public CompletableFuture<Void> done() {
    return done.copy();
  }

  /** The combined progress in [0, 1]; 1.0 only once every job is done. */
  public double progress() {
    if (done.isDone() && !done.isCompletedExceptionally()) {
      return 1.0;
    }
    double sum = 0;
    for (int i = 0; i < entries.size(); i++) {
      sum += entries.get(i).weight * Double.longBitsToDouble(fractions.get(i));
    }
    double fraction = totalWeight == 0 ? 0 : Math.min(Math.nextDown(1.0), sum / totalWeight);
    while (true) {
      long previous = reported.get();
      if (fraction <= Double.longBitsToDouble(previous)) {
        return Double.longBitsToDouble(previous);
      }
      if (reported.compareAndSet(previous, Double.doubleToRawLongBits(fraction))) {
        return fraction;
      }
    }
  }

  /** The name of the job running now, if one is. */
  public java.util.Optional<String> currentJob() {
    int index = current;
    return index < 0 ? java.util.Optional.empty() : java.util.Optional.of(entries.get(index).name);
  }

  /** How long each finished job took, in order. */
  public List<Timing> timings() {
    return List.copyOf(timings);
  }

  /**
   * Sends the combined progress to {@code callback} on {@code executor} as it grows (coalesced,
   * strictly increasing), ending with 1.0 exactly once when start-up succeeds.
   */
  public StartupJobs onProgress(Executor executor, DoubleConsumer callback) {
    ProgressListener listener = new ProgressListener(executor, callback);
    listeners.add(listener);
    if (done.isDone() && !done.isCompletedExceptionally()) {
      listener.sendFinal();
    }
    return this;
  }

  private final class ProgressListener {
    private final Executor executor;
    private final DoubleConsumer callback;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final AtomicLong delivered = new AtomicLong(Double.doubleToRawLongBits(-1.0));

    ProgressListener(Executor executor, DoubleConsumer callback) {
      this.executor = Objects.requireNonNull(executor, "executor");
      this.callback = Objects.requireNonNull(callback, "callback");
    }

    void schedule() {
      if (scheduled.compareAndSet(false, true)) {
        execute(
            () -> {
              scheduled.set(false);
              if (!done.isDone()) {
                send(progress());
              }
            });
      }
    }

    void sendFinal() {
      execute(() -> send(1.0));
    }

    private void send(double value) {
      while (true) {
        long previous = delivered.get();
        if (value <= Double.longBitsToDouble(previous)) {
          return;
        }
        if (delivered.compareAndSet(previous, Double.doubleToRawLongBits(value))) {
          try {
            callback.accept(value);
          } catch (Throwable e) {
            log.error("A start-up progress callback threw", e);
          }
          return;
        }
      }
    }

    private void execute(Runnable task) {
      try {
        executor.execute(task);
      } catch (RejectedExecutionException e) {
        log.warn("The executor of a start-up progress callback rejected it");
      } catch (Throwable e) {
        log.error("The executor of a start-up progress callback failed to take it", e);
      }
    }
  }

  /** Builds {@link StartupJobs}. Not thread-safe. */
  public static final class Builder {
    private final List<Entry> entries = new ArrayList<>();
    private Ticker ticker;

    private Builder() {}

    /**
     * Adds a job.
     *
     * @param weight its share of the combined progress; positive
     */
    public Builder add(String name, double weight, Job job) {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(job, "job");
      if (!(weight > 0) || Double.isInfinite(weight)) {
        throw new IllegalArgumentException("job weight must be positive and finite: " + weight);
      }
      if (entries.stream().anyMatch(entry -> entry.name.equals(name))) {
        throw new IllegalArgumentException("a start-up job named \"" + name + "\" was already added");
      }
      entries.add(new Entry(name, weight, job));
      return this;
    }

    /** The time source for {@link #timings()}; the system ticker by default. */
    public Builder ticker(Ticker newTicker) {
      if (ticker != null) {
        throw new IllegalStateException("the ticker was already set");
      }
      ticker = Objects.requireNonNull(newTicker, "ticker");
      return this;
    }

    /** The jobs, ready to {@link StartupJobs#start}. */
    public StartupJobs build() {
      if (entries.isEmpty()) {
        throw new IllegalStateException("no start-up job was added");
      }
      return new StartupJobs(this);
    }
  }
}
