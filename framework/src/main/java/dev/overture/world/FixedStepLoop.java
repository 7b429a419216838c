package dev.overture.world;

import dev.overture.core.Ticker;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fixed-step game loop for hosts that do not have one: it ticks its worlds by the same {@code
 * step} every time, as many times as real time allows, so a match plays the same at 30 or 300
 * frames per second. A frame that falls far behind runs at most {@code maxStepsPerFrame} steps and
 * drops the rest of the backlog (counted in {@link #droppedSeconds()}) instead of spiralling.
 *
 * <pre>{@code
 * FixedStepLoop loop = FixedStepLoop.builder(1.0 / 30).build();
 * loop.add(matchOne);
 * loop.add(matchTwo);
 * loop.runUntil(() -> matchOne.isClosed() && matchTwo.isClosed());
 * }</pre>
 *
 * <p><b>Threading.</b> The loop runs on the thread that calls {@link #advance()} or {@link
 * #runUntil}, which must be the game thread of its worlds: the thread that built them, or the one
 * they were {@linkplain World#handOverTo handed over} to. A world of another thread makes the step
 * fail, naming both threads. It starts no thread. {@link #stop()} may be called from any thread.
 * Other methods are for the loop's thread. Worlds that close are dropped from the loop.
 *
 * <p>Tests drive it with a fake ticker and a waiter that advances that ticker instead of parking,
 * so they never sleep.
 */
public final class FixedStepLoop {

  private static final Logger log = LoggerFactory.getLogger(FixedStepLoop.class);

  private final double stepSeconds;
  private final long stepNanos;
  private final int maxStepsPerFrame;
  private final Ticker ticker;
  private final LongConsumer waiter;
  private final List<World> worlds = new ArrayList<>();
  private volatile boolean stopped;
  private long nextStepAt;
  private boolean started;
  private long steps;
  private long droppedNanos;

  private FixedStepLoop(Builder builder) {
    this.stepSeconds = builder.stepSeconds;
    this.stepNanos = Math.round(builder.stepSeconds * 1e9);
    this.maxStepsPerFrame = builder.maxStepsPerFrame;
    this.ticker = builder.ticker;
    this.waiter = builder.waiter;
  }

  /** A loop ticking by {@code stepSeconds} (for example {@code 1.0 / 60}). */
  public static Builder builder(double stepSeconds) {
    return new Builder(stepSeconds);
  }

  /** Ticks {@code world} on every step from now on, after the worlds added before it. */
  public void add(World world) {
    Objects.requireNonNull(world, "world");
    if (!worlds.contains(world)) {
      worlds.add(world);
    }
  }

  /** Stops ticking {@code world}; false when the loop did not have it. */
  public boolean remove(World world) {
    return worlds.remove(world);
  }

  /** The worlds ticked, in order. */
  public List<World> worlds() {
    return List.copyOf(worlds);
  }

  /**
   * Runs the steps that are due by now (at most {@code maxStepsPerFrame}; the first call starts the
   * clock and runs one), and between steps the work other threads queued on the worlds. Returns
   * how many steps ran.
   */
  public int advance() {
    long now = ticker.read();
    if (!started) {
      started = true;
      nextStepAt = now;
    }
    int ran = 0;
    while (now - nextStepAt >= 0 && ran < maxStepsPerFrame) {
      step();
      ran++;
      nextStepAt += stepNanos;
    }
    if (now - nextStepAt >= 0) {
      long behind = now - nextStepAt + stepNanos;
      long dropped = behind / stepNanos * stepNanos;
      droppedNanos += dropped;
      nextStepAt += dropped;
      log.debug("The loop fell {} ms behind; dropped that backlog", dropped / 1_000_000);
    }
    if (ran == 0) {
      for (World world : List.copyOf(worlds)) {
        if (!world.isClosed()) {
          world.runPendingTasks();
        }
      }
    }
    worlds.removeIf(World::isClosed);
    return ran;
  }

  /**
   * Runs the loop on the calling thread until {@code done} is true (checked before each frame), the
   * loop is {@linkplain #stop() stopped}, it has no world left, or the calling thread is interrupted
   * (a server's shutdown hook, say), waiting between steps. An interrupt ends the run after the
   * current frame, as {@link #stop()} does, and the thread's interrupt flag stays set for the host to
   * see; the worlds are left open.
   */
  public void runUntil(BooleanSupplier done) {
    while (!stopped && !worlds.isEmpty() && !Thread.currentThread().isInterrupted() && !done.getAsBoolean()) {
      if (advance() == 0) {
        long wait = nextStepAt - ticker.read();
        if (wait > 0) {
          waiter.accept(wait);
        }
      }
    }
    stopped = false; // a stop ends one run; the loop may run again
  }

  /**
   * Makes {@link #runUntil} return after its current frame, or at once if it has not started yet.
   * Any thread.
   */
  public void stop() {
    stopped = true;
  }

  private void step() {
    for (World world : List.copyOf(worlds)) {
      if (!world.isClosed()) {
        world.tick(stepSeconds);
      }
    }
    steps++;
  }

  /** The steps run so far. */
  public long steps() {
    return steps;
  }

  /** The time the loop gave up catching up on, in seconds. */
  public double droppedSeconds() {
    return droppedNanos / 1e9;
  }

  /** The step, in seconds. */
  public double stepSeconds() {
    return stepSeconds;
  }

  /** Configures a {@link FixedStepLoop}. Not thread-safe. */
  public static final class Builder {
    private final double stepSeconds;
    private int maxStepsPerFrame = 5;
    private Ticker ticker = Ticker.system();
    private LongConsumer waiter = LockSupport::parkNanos;

    private Builder(double stepSeconds) {
      if (!(stepSeconds > 0) || stepSeconds > 1) {
        throw new IllegalArgumentException("the step must be more than 0 and at most 1 second: " + stepSeconds);
      }
      this.stepSeconds = stepSeconds;
    }

    /** The most steps one frame runs to catch up; 5 by default. */
    public Builder maxStepsPerFrame(int steps) {
      if (steps < 1) {
        throw new IllegalArgumentException("a frame must run at least one step: " + steps);
      }
      maxStepsPerFrame = steps;
      return this;
    }

    /** The clock; the system's by default. */
    public Builder ticker(Ticker newTicker) {
      ticker = Objects.requireNonNull(newTicker, "ticker");
      return this;
    }

    /**
     * How the loop waits {@code nanos} until the next step ({@link LockSupport#parkNanos} by
     * default); a test passes one that advances its fake ticker.
     */
    public Builder waiter(LongConsumer newWaiter) {
      waiter = Objects.requireNonNull(newWaiter, "waiter");
      return this;
    }

    /** The loop, with no world yet. */
    public FixedStepLoop build() {
      return new FixedStepLoop(this);
    }
  }
}
