package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A load of primary assets and the references their bundles hold.
 *
 * <p>The load is a traversal: each asset reached is pinned, and when its file is bound, the
 * references it holds in the requested bundles are reached in turn. {@link #pending} counts assets
 * reached but not yet processed, plus one guard while the requested ids are being reached; the load
 * finishes when it drops to zero, which happens exactly once. {@link #counts} packs total and
 * loaded into one long so progress is read consistently. The status changes only by compare-and-set
 * from {@code LOADING}, so completion and cancellation cannot both win.
 */
final class DefaultLoadHandle implements LoadHandle {

  private static final Logger log = LoggerFactory.getLogger(LoadHandle.class);
  private static final double BELOW_ONE = Math.nextDown(1.0);

  private final DefaultAssetManager manager;
  private final List<PrimaryAssetId> requested;
  private final Set<String> bundles;
  private final String what;
  private final long startNanos;
  private volatile long endNanos = -1;

  private final AtomicReference<Status> status = new AtomicReference<>(Status.LOADING);
  private final AtomicBoolean started = new AtomicBoolean();
  private final AtomicInteger pending = new AtomicInteger(1);
  private final AtomicLong counts = new AtomicLong();
  private final AtomicLong reportedProgress = new AtomicLong(Double.doubleToRawLongBits(0.0));
  private final Map<Object, Node> nodes = new ConcurrentHashMap<>();
  private final Queue<Problem> problems = new ConcurrentLinkedQueue<>();
  private final Queue<Unlocated> unlocated = new ConcurrentLinkedQueue<>();
  private final Queue<Edge> acyclicEdges = new ConcurrentLinkedQueue<>();
  private final HandleFuture<LoadResult> future = new HandleFuture<>();
  private final List<UpdateListener> updateListeners = new CopyOnWriteArrayList<>();
  private final OutcomeCallbacks callbacks;
  private volatile List<Problem> finalProblems;
  private final java.util.concurrent.ConcurrentLinkedQueue<LoadTask> helpable = new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final Object helpSignal = new Object();
  private volatile boolean helping;

  /**
   * An asset this load reached: the asset whose reference led here (none for a requested one) and
   * where in it, and whether this load still pins it. The pin is released exactly once, by whoever
   * flips {@code pinned} from 1 to 0.
   */
  private static final class Node {
    private static final AtomicIntegerFieldUpdater<Node> PINNED =
        AtomicIntegerFieldUpdater.newUpdater(Node.class, "pinned");

    final Object from;
    final ReferenceScanner.Step where;
    /** The slot pinned, written before {@code pinned} becomes 1. */
    Slot slot;
    volatile int pinned;

    Node(Object from, ReferenceScanner.Step where) {
      this.from = from;
      this.where = where;
    }

    void markPinned(Slot pinnedSlot) {
      slot = pinnedSlot;
      pinned = 1;
    }

    boolean unpinOnce() {
      return PINNED.compareAndSet(this, 1, 0);
    }
  }

  /** A problem whose line and column are found by reading {@code fileKey}'s file again. */
  private record Unlocated(Problem problem, Object fileKey) {}

  /** A reference that must not be part of a cycle. */
  private record Edge(Object from, Object to, ReferenceScanner.Step where) {}

  /** An asset whose load is done, waiting to be processed. */
  private record Ready(Object key, CompletableFuture<Loaded> load) {}

  DefaultLoadHandle(DefaultAssetManager manager, List<PrimaryAssetId> requested, Set<String> bundles) {
    this.manager = manager;
    this.requested = requested;
    this.bundles = bundles;
    this.what = describe(requested, bundles);
    this.startNanos = manager.ticker().read();
    future.whenComplete(
        (result, error) -> {
          if (future.isCancelled()) {
            cancel();
          }
          signalHelpers();
        });
    this.callbacks = new OutcomeCallbacks(future, what);
  }

  private static String describe(List<PrimaryAssetId> ids, Set<String> bundles) {
    String assets = ids.size() == 1 ? ids.get(0).toString() : ids.size() + " assets " + ids;
    return bundles.isEmpty() ? assets : assets + " with bundles " + new java.util.TreeSet<>(bundles);
  }

  /** Reaches the requested assets. Called once, right after construction. */
  void start() {
    if (!started.compareAndSet(false, true)) {
      throw new IllegalStateException("already started");
    }
    if (status.get() != Status.LOADING) {
      return; // released before it started
    }
    manager.loadingStarted(this);
    if (status.get() != Status.LOADING) {
      manager.loadingEnded(this); // released while registering
      return;
    }
    ArrayDeque<Ready> ready = new ArrayDeque<>();
    for (PrimaryAssetId id : requested) {
      if (manager.snapshot().get(id) == null) {
        problems.add(manager.unknownAsset(id));
        continue;
      }
      reach(id, null, null, ready);
    }
    drain(ready);
    finishOne();
  }

  private void reach(Object key, Object from, ReferenceScanner.Step where, ArrayDeque<Ready> ready) {
    Node node = new Node(from, where);
    if (nodes.putIfAbsent(key, node) != null) {
      return;
    }
    pending.incrementAndGet();
    counts.addAndGet(1L << 32);
    DefaultAssetManager.Pin pin = manager.pin(key);
    CompletableFuture<Loaded> load = pin.load();
    node.markPinned(pin.slot());
    if (status.get() != Status.LOADING && node.unpinOnce()) {
      manager.unpin(node.slot);
    }
    if (helping && !load.isDone()) {
      LoadTask task = manager.pendingTask(key);
      if (task != null) {
        helpable.add(task);
        signalHelpers();
      }
    }
    if (load.isDone()) {
      ready.add(new Ready(key, load));
    } else {
      load.whenComplete(
          (loaded, error) -> {
            ArrayDeque<Ready> next = new ArrayDeque<>();
            next.add(new Ready(key, load));
            drain(next);
          });
    }
  }

  private void drain(ArrayDeque<Ready> ready) {
    Ready next;
    while ((next = ready.poll()) != null) {
      try {
        if (status.get() == Status.LOADING) {
          process(next, ready);
        }
      } catch (RuntimeException e) {
        problems.add(
            Problem.error("Overture/InternalError", "Processing " + DefaultAssetManager.label(next.key) + " failed: " + e)
                .withAsset(DefaultAssetManager.label(next.key)));
        log.error("Processing {} failed", next.key, e);
      } finally {
        counts.incrementAndGet();
        notifyUpdate();
        finishOne();
      }
    }
  }

  private void process(Ready ready, ArrayDeque<Ready> more) {
    Loaded loaded;
    try {
      loaded = ready.load.join();
    } catch (CompletionException | CancellationException e) {
      recordFailure(ready.key, e instanceof CompletionException && e.getCause() != null ? e.getCause() : e);
      return;
    }
    problems.addAll(loaded.warnings());
    Object from = ready.key;
    ReferenceScanner.scan(
        loaded.value(),
        bundles,
        found -> {
          Object target = found.target();
          if (target instanceof PrimaryAssetId id && manager.snapshot().get(id) == null) {
            Problem problem =
                manager
                    .unknownAsset(id)
                    .withAsset(DefaultAssetManager.label(from))
                    .at(SourceLocation.at(loaded.file(), ReferenceScanner.Step.pointerOf(found.where())));
            unlocated.add(new Unlocated(problem, from));
            return;
          }
          if (found.acyclic()) {
            acyclicEdges.add(new Edge(from, target, found.where()));
          }
          reach(target, from, found.where(), more);
        });
  }

  private void recordFailure(Object key, Throwable error) {
    if (!(error instanceof AssetLoadException failure)) {
      problems.add(
          Problem.error("Overture/ReadFailed", "Loading " + DefaultAssetManager.label(key) + " failed: " + error)
              .withAsset(DefaultAssetManager.label(key)));
      return;
    }
    Node node = nodes.get(key);
    Object referrer = node == null ? null : node.from;
    for (Problem problem : failure.problems()) {
      boolean aboutTheFileItself =
          problem.id().equals("Overture/MissingFile") || problem.id().equals("Overture/PathEscapesRoot");
      if (!aboutTheFileItself) {
        problems.add(problem);
        continue;
      }
      String message =
          referrer == null ? problem.message() : problem.message() + ", referenced by " + DefaultAssetManager.label(referrer);
      Problem completed =
          new Problem(problem.severity(), problem.id(), message, problem.asset(), problem.location(), List.of());
      if (!problem.choices().isEmpty()) {
        completed = completed.withChoices("files there", problem.choices());
      }
      if (referrer == null) {
        problems.add(completed);
      } else {
        // The missing file cannot be shown; the reference to it can.
        SourceLocation reference = SourceLocation.at(manager.fileOf(referrer), ReferenceScanner.Step.pointerOf(node.where));
        unlocated.add(new Unlocated(completed.at(reference), referrer));
      }
    }
  }

  private void finishOne() {
    if (pending.decrementAndGet() == 0) {
      finish();
    }
  }

  private void finish() {
    try {
      findCycles();
      if (unlocated.isEmpty() || status.get() != Status.LOADING) {
        complete();
        return;
      }
      manager.workers().execute(this::locateThenComplete);
    } catch (RejectedExecutionException e) {
      unlocated.forEach(u -> problems.add(u.problem));
      complete();
    } catch (RuntimeException | StackOverflowError e) {
      internalError("Finishing the load", e);
      complete();
    }
  }

  private void internalError(String what, Throwable e) {
    problems.add(Problem.error("Overture/InternalError", what + " of " + this.what + " failed: " + e));
    log.error("{} of {} failed", what, this.what, e);
  }

  private void locateThenComplete() {
    try {
      locateAll();
    } catch (RuntimeException e) {
      internalError("Locating problems", e);
    } finally {
      complete();
    }
  }

  private void locateAll() {
    JsonLocator locator = manager.locator();
    Map<Object, byte[]> files = new HashMap<>();
    for (Unlocated item : unlocated) {
      byte[] bytes = files.computeIfAbsent(item.fileKey, key -> {
        byte[] read = manager.bytesOrNull(key);
        return read == null ? new byte[0] : read;
      });
      Problem problem = item.problem;
      if (bytes.length > 0 && problem.location().isPresent()) {
        problem = problem.at(locator.locate(bytes, problem.location().get()));
      }
      problems.add(problem);
    }
  }

  private void complete() {
    List<Problem> all = DefaultAssetManager.sorted(new ArrayList<>(problems));
    boolean failed = all.stream().anyMatch(Problem::isError);
    Map<PrimaryAssetId, Object> assets = new LinkedHashMap<>();
    if (!failed) {
      // Read while this handle still pins them: a release can only come after the status changes.
      for (PrimaryAssetId id : requested) {
        assets.put(id, manager.loadedValue(id));
      }
    }
    if (!status.compareAndSet(Status.LOADING, failed ? Status.FAILED : Status.COMPLETED)) {
      return;
    }
    endNanos = manager.ticker().read();
    finalProblems = all;
    manager.loadingEnded(this);
    deliverFinalUpdate();
    if (failed) {
      AssetLoadException failure = new AssetLoadException(what, all);
      log.debug("{}", failure.getMessage());
      future.failByHandle(failure);
    } else {
      for (Problem warning : all) {
        log.warn("{}", warning);
      }
      future.completeByHandle(new LoadResult(assets, all, elapsed()));
    }
  }

  /** Reports each cycle made only of acyclic references, once, at the reference that closes it. */
  private void findCycles() {
    if (acyclicEdges.isEmpty()) {
      return;
    }
    Map<Object, List<Edge>> outgoing = new LinkedHashMap<>();
    for (Edge edge : acyclicEdges) {
      outgoing.computeIfAbsent(edge.from, k -> new ArrayList<>()).add(edge);
    }
    // Iterative depth-first search: a chain of thousands of references cannot overflow the stack.
    Map<Object, Integer> state = new HashMap<>(); // 1 = on the current path, 2 = done
    Set<Set<Object>> reported = new java.util.HashSet<>();
    for (Object start : outgoing.keySet()) {
      if (state.containsKey(start)) {
        continue;
      }
      ArrayDeque<Object> nodesOnPath = new ArrayDeque<>();
      ArrayDeque<java.util.Iterator<Edge>> iterators = new ArrayDeque<>();
      List<Edge> path = new ArrayList<>();
      state.put(start, 1);
      nodesOnPath.push(start);
      iterators.push(outgoing.getOrDefault(start, List.of()).iterator());
      while (!iterators.isEmpty()) {
        java.util.Iterator<Edge> edges = iterators.peek();
        if (!edges.hasNext()) {
          state.put(nodesOnPath.pop(), 2);
          iterators.pop();
          if (!path.isEmpty()) {
            path.remove(path.size() - 1);
          }
          continue;
        }
        Edge edge = edges.next();
        Integer target = state.get(edge.to);
        if (target == null) {
          state.put(edge.to, 1);
          path.add(edge);
          nodesOnPath.push(edge.to);
          iterators.push(outgoing.getOrDefault(edge.to, List.of()).iterator());
        } else if (target == 1) {
          reportCycle(edge, path, reported);
        }
      }
    }
  }

  private void reportCycle(Edge closing, List<Edge> path, Set<Set<Object>> reported) {
    List<Object> chain = new ArrayList<>();
    int from = path.size();
    while (from > 0 && !path.get(from - 1).to.equals(closing.to)) {
      from--;
    }
    chain.add(closing.to);
    for (int i = from; i < path.size(); i++) {
      chain.add(path.get(i).to);
    }
    chain.add(closing.to);
    if (!reported.add(new java.util.HashSet<>(chain))) {
      return;
    }
    StringBuilder text = new StringBuilder();
    for (Object link : chain) {
      if (text.length() > 0) {
        text.append(" -> ");
      }
      text.append(DefaultAssetManager.label(link));
    }
    Problem problem =
        Problem.error("Overture/ReferenceCycle", "Reference cycle: " + text + "; these references must not loop")
            .withAsset(DefaultAssetManager.label(closing.from))
            .at(SourceLocation.at(manager.fileOf(closing.from), ReferenceScanner.Step.pointerOf(closing.where)));
    unlocated.add(new Unlocated(problem, closing.from));
  }

  // ---------------------------------------------------------------- public API

  @Override
  public List<PrimaryAssetId> requested() {
    return requested;
  }

  @Override
  public Set<String> bundles() {
    return bundles;
  }

  @Override
  public Status status() {
    return status.get();
  }

  @Override
  public CompletableFuture<LoadResult> future() {
    return future;
  }

  @Override
  public double progress() {
    Status now = status.get();
    if (now == Status.COMPLETED || now == Status.FAILED || (now == Status.RELEASED && finalProblems != null)) {
      return 1.0;
    }
    double current = Double.longBitsToDouble(reportedProgress.get());
    if (now != Status.LOADING) {
      return current;
    }
    long packed = counts.get();
    long total = packed >>> 32;
    long loaded = packed & 0xffffffffL;
    double fraction = total == 0 ? 0.0 : Math.min(BELOW_ONE, (double) loaded / total);
    while (fraction > current) {
      long seenBits = Double.doubleToRawLongBits(current);
      if (reportedProgress.compareAndSet(seenBits, Double.doubleToRawLongBits(fraction))) {
        return fraction;
      }
      current = Double.longBitsToDouble(reportedProgress.get());
    }
    return current;
  }

  @Override
  public int loadedCount() {
    return (int) (counts.get() & 0xffffffffL);
  }

  @Override
  public int totalCount() {
    return (int) (counts.get() >>> 32);
  }

  @Override
  public List<Problem> problems() {
    List<Problem> done = finalProblems;
    return done != null ? done : DefaultAssetManager.sorted(new ArrayList<>(problems));
  }

  @Override
  public Duration elapsed() {
    long end = endNanos;
    return DefaultAssetManager.nanos((end >= 0 ? end : manager.ticker().read()) - startNanos);
  }

  @Override
  public boolean cancel() {
    if (!status.compareAndSet(Status.LOADING, Status.CANCELLED)) {
      return false;
    }
    endNanos = manager.ticker().read();
    progress();
    releasePins();
    manager.loadingEnded(this);
    future.cancel(false);
    log.debug("Cancelled the load of {}", what);
    return true;
  }

  @Override
  public void release() {
    cancel();
    Status previous = status.getAndSet(Status.RELEASED);
    if (previous != Status.RELEASED) {
      releasePins();
    }
  }

  private void releasePins() {
    for (Node node : nodes.values()) {
      if (node.unpinOnce()) {
        manager.unpin(node.slot);
      }
    }
  }

  @Override
  public LoadResult waitUntilComplete(Duration timeout) throws TimeoutException, InterruptedException {
    Objects.requireNonNull(timeout, "timeout");
    try {
      return future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof AssetLoadException failure) {
        throw failure;
      }
      throw new CompletionException(e.getCause());
    }
  }

  @Override
  public LoadHandle onComplete(Executor executor, Consumer<LoadResult> callback) {
    callbacks.onComplete(executor, callback);
    return this;
  }

  @Override
  public LoadHandle onFailure(Executor executor, Consumer<AssetLoadException> callback) {
    callbacks.onFailure(executor, callback);
    return this;
  }

  @Override
  public LoadHandle onCancel(Executor executor, Runnable callback) {
    callbacks.onCancel(executor, callback);
    return this;
  }

  /** Lets the calling thread run this load's pending reads until it is done, then returns it. */
  void enableHelping() {
    helping = true;
  }

  LoadResult helpUntilDone() {
    while (!future.isDone()) {
      LoadTask task = helpable.poll();
      if (task != null) {
        task.run();
        continue;
      }
      synchronized (helpSignal) {
        if (helpable.isEmpty() && !future.isDone()) {
          try {
            helpSignal.wait();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel();
            throw new java.util.concurrent.CancellationException("interrupted while waiting for " + what);
          }
        }
      }
    }
    return future.join();
  }

  private void signalHelpers() {
    if (helping) {
      synchronized (helpSignal) {
        helpSignal.notifyAll();
      }
    }
  }

  @Override
  public LoadHandle onUpdate(Executor executor, DoubleConsumer callback) {
    UpdateListener listener = new UpdateListener(Objects.requireNonNull(executor, "executor"), Objects.requireNonNull(callback, "callback"));
    updateListeners.add(listener);
    Status now = status.get();
    if (now == Status.COMPLETED || now == Status.FAILED) {
      listener.sendFinal();
    } else if (now == Status.LOADING) {
      listener.schedule();
    }
    return this;
  }

  private void notifyUpdate() {
    for (UpdateListener listener : updateListeners) {
      listener.schedule();
    }
  }

  private void deliverFinalUpdate() {
    for (UpdateListener listener : updateListeners) {
      listener.sendFinal();
    }
  }

  private void guarded(String kind, Runnable callback) {
    try {
      callback.run();
    } catch (RuntimeException e) {
      log.error("A {} callback of the load of {} threw", kind, what, e);
    }
  }

  /** One update callback: coalesced, strictly increasing, 1.0 exactly once. */
  private final class UpdateListener {
    private final Executor executor;
    private final DoubleConsumer callback;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final AtomicLong delivered = new AtomicLong(Double.doubleToRawLongBits(-1.0));

    UpdateListener(Executor executor, DoubleConsumer callback) {
      this.executor = executor;
      this.callback = callback;
    }

    void schedule() {
      if (scheduled.compareAndSet(false, true)) {
        execute(
            () -> {
              scheduled.set(false);
              if (status.get() == Status.LOADING) {
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
          guarded("update", () -> callback.accept(value));
          return;
        }
      }
    }

    private void execute(Runnable task) {
      try {
        executor.execute(task);
      } catch (RejectedExecutionException e) {
        log.warn("The executor of an update callback of the load of {} rejected it", what);
      }
    }
  }

  @Override
  public String toString() {
    return "LoadHandle[" + what + ", " + status.get() + ", " + loadedCount() + "/" + totalCount() + "]";
  }
}
