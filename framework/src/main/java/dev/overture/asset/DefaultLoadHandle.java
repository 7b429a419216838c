package dev.overture.asset;

import dev.overture.core.Problem;
import dev.overture.internal.Failures;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A load of primary assets and the references their bundles hold: a traversal over the {@link
 * SlotTable}, the only shared part it talks to. Each asset reached is pinned there; when its file
 * is bound, the references it holds in the requested bundles are reached in turn. The handle's
 * own parts keep what it reached and the pins it holds ({@link ReachedAssets}), its {@link
 * LoadProblems problems}, {@link LoadProgress progress} and the references that must not loop
 * ({@link ReferenceCycles}).
 *
 * <p>{@link #pending} counts assets reached but not yet processed, plus one guard while the
 * requested ids are being reached; the load finishes when it drops to zero, which happens exactly
 * once. The status changes only by compare-and-set from {@code LOADING}, so completion and
 * cancellation cannot both win. Thread-safe: assets are processed on whichever worker completes
 * their read.
 */
final class DefaultLoadHandle implements LoadHandle {

  private static final Logger log = LoggerFactory.getLogger(LoadHandle.class);

  private final SlotTable slots;
  /** The manager's scanner: which references of a bound asset the requested bundles follow. */
  private final ReferenceScanner references;
  /** The stage whose changed files this load reads afresh; null for an ordinary load. */
  private final Staging staging;
  private final List<PrimaryAssetId> requested;
  private final Set<String> bundles;
  private final String what;
  private final long startNanos;
  /** How long the load took, once it has ended; null while it loads (a ticker may read any value, even negative). */
  private volatile Duration took;

  private final AtomicReference<Status> status = new AtomicReference<>(Status.LOADING);
  private final AtomicBoolean started = new AtomicBoolean();
  private final AtomicInteger pending = new AtomicInteger(1);
  /** What this load reached, and the pins it holds. */
  private final ReachedAssets reached;
  private final LoadProblems problems;
  /** The binding warnings of the files this load met: logged when each file was read, not again here. */
  private final Set<Problem> readWarnings = ConcurrentHashMap.newKeySet();
  private final LoadProgress progress;
  private final ReferenceCycles cycles = new ReferenceCycles();
  private final HandleFuture<LoadResult> future = new HandleFuture<>(this::cancel);
  private final OutcomeCallbacks callbacks;
  private volatile List<Problem> finalProblems;
  private final HelpingWait helping = new HelpingWait();
  /**
   * Whether the load logs nothing of what it met and leaves its problems unlocated: a read ahead
   * ({@link AssetTools#readAhead}), whose loads that follow meet, locate and log the same. An
   * internal error is still logged.
   */
  private final boolean quiet;

  /** An asset whose load is done, waiting to be processed. */
  private record Ready(AssetKey key, CompletableFuture<Loaded> load) {}

  /**
   * The done loads met while processing, to be processed in turn (not recursively: a long chain of
   * loaded references would overflow the stack). The queue is made only when one is met: most
   * assets of a large bundle reach nothing, and a queue each was 130 bytes.
   */
  private static final class Batch {
    private ArrayDeque<Ready> queue;

    void add(Ready ready) {
      if (queue == null) {
        queue = new ArrayDeque<>();
      }
      queue.add(ready);
    }

    Ready poll() {
      return queue == null ? null : queue.poll();
    }
  }

  DefaultLoadHandle(SlotTable slots, Staging staging, LoadProblems problems, ReferenceScanner references,
      List<PrimaryAssetId> requested, Set<String> bundles, boolean quiet) {
    this.quiet = quiet;
    this.slots = slots;
    this.reached = new ReachedAssets(slots);
    this.references = references;
    this.staging = staging;
    this.problems = problems;
    this.requested = requested;
    this.bundles = bundles;
    this.what = describe(requested, bundles);
    this.startNanos = slots.ticker().read();
    this.progress = new LoadProgress(what, () -> status.get() == Status.LOADING);
    future.whenComplete((result, error) -> helping.wake());
    this.callbacks = new OutcomeCallbacks(future, what);
  }

  /** The most ids a load's description lists; the others are counted ("and 149 more"). */
  static final int DESCRIBED_IDS = 5;

  /**
   * What a load of {@code ids} with {@code bundles} is called in its failure's heading and its log
   * lines: the id of one, else the count and the first {@value #DESCRIBED_IDS} ids (a bundle of
   * thousands would otherwise make a heading of thousands; the problems below it name the assets
   * that failed).
   */
  static String describe(List<PrimaryAssetId> ids, Set<String> bundles) {
    String assets;
    if (ids.size() == 1) {
      assets = ids.get(0).toString();
    } else if (ids.size() <= DESCRIBED_IDS) {
      assets = ids.size() + " assets " + ids;
    } else {
      StringBuilder listed = new StringBuilder().append(ids.size()).append(" assets [");
      for (int i = 0; i < DESCRIBED_IDS; i++) {
        listed.append(i == 0 ? "" : ", ").append(ids.get(i));
      }
      assets = listed.append(" and ").append(ids.size() - DESCRIBED_IDS).append(" more]").toString();
    }
    return bundles.isEmpty() ? assets : assets + " with bundles " + new TreeSet<>(bundles);
  }

  // ---------------------------------------------------------------- the traversal

  /** Reaches the requested assets. Called once, right after construction. */
  void start() {
    if (!started.compareAndSet(false, true)) {
      throw new IllegalStateException("already started");
    }
    if (status.get() != Status.LOADING) {
      return; // released before it started
    }
    slots.loadingStarted(this);
    if (status.get() != Status.LOADING) {
      slots.loadingEnded(this); // released while registering
      return;
    }
    Batch ready = new Batch();
    for (PrimaryAssetId id : requested) {
      if (!problems.unknownRequest(id)) {
        reach(id, null, null, ready);
      }
    }
    drain(ready);
    finishOne();
  }

  /**
   * Reaches {@code key}: records it, pins it and joins its load. A load already done is added to
   * {@code ready} for the caller to process; one still reading is processed by whichever thread
   * completes it.
   */
  private void reach(AssetKey key, AssetKey from, ReferenceScanner.Step where, Batch ready) {
    boolean staged = staging != null && staging.covers(key);
    ReachedAssets.Node node = new ReachedAssets.Node(this, key, from, where, staged);
    if (!reached.add(key, node)) {
      return;
    }
    pending.incrementAndGet();
    progress.reached();
    CompletableFuture<Loaded> load;
    if (staged) {
      load = staging.read(key); // pinned only if the stage is committed
    } else {
      SlotTable.Pin pin = slots.pin(key);
      load = pin.load();
      node.markPinned(pin.slot());
      if (status.get() != Status.LOADING && node.unpinOnce()) {
        slots.unpin(node.slot);
      }
    }
    if (!staged && helping.isEnabled() && !load.isDone()) {
      LoadTask task = slots.pendingTask(key);
      if (task != null) {
        helping.offer(task);
      }
    }
    if (load.isDone()) {
      ready.add(new Ready(key, load));
    } else {
      load.whenComplete(node); // Node.accept: processed on the thread that completes the load
    }
  }

  /** Processes {@code key}, whose load has just completed, and whatever done loads it reaches in turn. */
  void completed(AssetKey key, Loaded loaded, Throwable error) {
    Batch more = new Batch();
    processOne(key, loaded, error, more);
    drain(more);
  }

  private void drain(Batch ready) {
    Ready next;
    while ((next = ready.poll()) != null) {
      Loaded loaded = null;
      Throwable error = null;
      try {
        loaded = next.load().join();
      } catch (CompletionException | CancellationException e) {
        error = e;
      }
      processOne(next.key(), loaded, error, ready);
    }
  }

  /**
   * Processes one asset whose load is done ({@code loaded}, or {@code error}), counting it as
   * processed whatever happens; the done loads its references reach go to {@code more}.
   */
  private void processOne(AssetKey key, Loaded loaded, Throwable error, Batch more) {
    try {
      if (status.get() == Status.LOADING) {
        process(key, loaded, error, more);
      }
    } catch (RuntimeException e) {
      String label = AssetKey.label(key);
      problems.add(Problem.error("Overture/InternalError", "Processing " + label + " failed: " + Failures.describe(e)).withAsset(label));
      log.error("Processing {} failed", label, e);
    } finally {
      progress.processed();
      finishOne();
    }
  }

  private void process(AssetKey key, Loaded loaded, Throwable error, Batch more) {
    if (error != null) {
      ReachedAssets.Node node = reached.get(key); // still there: the load finishes after its last asset is processed
      Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
      problems.loadFailed(key, cause, node == null ? null : node.from, node == null ? null : node.where);
      return;
    }
    problems.addAll(loaded.warnings());
    readWarnings.addAll(loaded.warnings());
    ReachedAssets.Node node = reached.get(key);
    if (node != null) {
      node.value = loaded.value();
      node.where = null;
    }
    List<ReferenceScanner.Found> reaches = references.scan(loaded.value(), bundles);
    for (int i = 0; i < reaches.size(); i++) { // by index: most assets reach nothing, and need no iterator
      ReferenceScanner.Found found = reaches.get(i);
      AssetKey target = found.target();
      if (problems.unknownReference(target, key, loaded.file(), found.where())
          || problems.undeclaredReference(target, key, loaded.file(), found.where())) {
        continue;
      }
      if (found.acyclic()) {
        cycles.add(key, target, found.where());
      }
      reach(target, key, found.where(), more);
    }
  }

  private void finishOne() {
    if (pending.decrementAndGet() == 0) {
      finish();
    }
  }

  private void finish() {
    try {
      cycles.report(problems);
      misspelledBundles();
      if (quiet && problems.needLocating()) {
        // A read ahead's problems are only ever repeated by the loads that follow, which locate
        // theirs: finding the places would read the referring files again for nothing.
        problems.giveUpLocating();
      }
      if (!problems.needLocating() || status.get() != Status.LOADING) {
        complete();
        return;
      }
      try {
        slots.workers().execute(this::locateThenComplete);
      } catch (Throwable e) { // refused, or failed while taking it: the problems go out unlocated
        problems.giveUpLocating();
        complete();
      }
    } catch (RuntimeException | StackOverflowError e) {
      internalError("Finishing the load", e);
      complete();
    }
  }

  /**
   * A requested bundle that no class seen so far declares, but whose name is close to one that
   * does, is most likely a misspelling: the load follows none of its references, so say so (a name
   * declared nowhere and close to nothing is left alone: a game may ask every load for a fixed set
   * of bundles).
   */
  private void misspelledBundles() {
    Set<String> declared = references.declaredBundles();
    for (String bundle : new TreeSet<>(bundles)) {
      if (declared.contains(bundle) || bundle.equals(AssetBundles.ALWAYS)) {
        continue;
      }
      Optional<String> meant = dev.overture.core.Problems.didYouMean(bundle, declared);
      if (meant.isPresent()) {
        problems.add(Problem.warning("Overture/UnknownBundle", "No reference in the content is in bundle \"" + bundle
                + "\", so the load of " + describe(requested, Set.of()) + " follows none for it; did you mean \"" + meant.get() + "\"?")
            .withChoices("bundles", List.copyOf(new TreeSet<>(declared))));
      }
    }
  }

  private void internalError(String step, Throwable e) {
    problems.add(Problem.error("Overture/InternalError", step + " of " + what + " failed: " + Failures.describe(e)));
    log.error("{} of {} failed", step, what, e);
  }

  private void locateThenComplete() {
    try {
      if (status.get() != Status.LOADING) {
        problems.giveUpLocating(); // released while this waited for a worker: no one will see the places
        return;
      }
      problems.locateAll();
    } catch (RuntimeException e) {
      internalError("Locating problems", e);
    } finally {
      complete();
    }
  }

  private void complete() {
    List<Problem> all = problems.sorted();
    boolean failed = all.stream().anyMatch(Problem::isError);
    Map<PrimaryAssetId, Object> assets = new LinkedHashMap<>();
    if (!failed) {
      // The values this load bound (a stage's nodes have no slot to read them from).
      for (PrimaryAssetId id : requested) {
        ReachedAssets.Node node = reached.get(id);
        assets.put(id, node == null ? null : node.value);
      }
    }
    Object[] values = reached.finish(() -> status.compareAndSet(Status.LOADING, failed ? Status.FAILED : Status.COMPLETED), !failed);
    if (values == null) {
      return; // cancelled or released first
    }
    took = sinceStart();
    finalProblems = all;
    slots.loadingEnded(this);
    progress.finished();
    if (failed) {
      AssetLoadException failure = new AssetLoadException(what, all);
      if (!quiet) {
        log.debug("{}", failure.getMessage());
      }
      future.failByHandle(failure);
    } else {
      for (Problem warning : all) {
        if (!quiet && !readWarnings.contains(warning)) {
          log.warn("{}", warning); // a file's binding warnings were logged when it was read
        }
      }
      future.completeByHandle(new LoadResult(assets, values, all, elapsed()));
    }
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
    return finished() ? 1.0 : progress.current();
  }

  /** Whether the load finished (completed or failed), even if released since. */
  private boolean finished() {
    Status now = status.get();
    return now == Status.COMPLETED || now == Status.FAILED || (now == Status.RELEASED && finalProblems != null);
  }

  @Override
  public int loadedCount() {
    return progress.loaded();
  }

  @Override
  public int totalCount() {
    return progress.total();
  }

  @Override
  public List<Problem> problems() {
    List<Problem> done = finalProblems;
    return done != null ? done : problems.sorted();
  }

  @Override
  public Duration elapsed() {
    Duration ended = took;
    return ended != null ? ended : sinceStart();
  }

  private Duration sinceStart() {
    return Duration.ofNanos(Math.max(0, slots.ticker().read() - startNanos));
  }

  @Override
  public boolean cancel() {
    if (!status.compareAndSet(Status.LOADING, Status.CANCELLED)) {
      return false;
    }
    took = sinceStart();
    reached.releasePins();
    slots.loadingEnded(this);
    future.cancelByHandle();
    if (!quiet) {
      log.debug("Cancelled the load of {}", what);
    }
    return true;
  }

  @Override
  public void release() {
    cancel();
    Status previous = status.getAndSet(Status.RELEASED);
    if (previous != Status.RELEASED) {
      reached.releasePins();
    }
  }

  /**
   * The stage this load belongs to was committed: pins, in the slot table, what the stage read for
   * it, so that from now on it holds them as any load holds what it reached. A handle released
   * meanwhile lets go of them at once.
   */
  void adoptStaged(java.util.function.Function<AssetKey, Loaded> committed) {
    reached.adoptStaged(committed, () -> status.get() == Status.RELEASED);
  }

  @Override
  public LoadResult waitUntilComplete(Duration timeout) throws TimeoutException, InterruptedException {
    Objects.requireNonNull(timeout, "timeout");
    LoadTask.refuseWaitInLoad(future);
    try {
      return future.get(dev.overture.internal.Durations.nanos(timeout), TimeUnit.NANOSECONDS);
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

  @Override
  public LoadHandle onUpdate(Executor executor, DoubleConsumer callback) {
    progress.onUpdate(executor, callback);
    return this;
  }

  // ---------------------------------------------------------------- a waiting thread that helps

  /** Lets the thread that calls {@link #helpUntilDone} run this load's pending reads. Before {@link #start}. */
  void enableHelping() {
    helping.enable();
  }

  /** Runs this load's pending reads on the calling thread until it is done, then returns its result. */
  LoadResult helpUntilDone() {
    return helping.helpUntilDone(future, this::cancel, what);
  }

  @Override
  public String toString() {
    return "LoadHandle[" + what + ", " + status.get() + ", " + loadedCount() + "/" + totalCount() + "]";
  }
}
