package dev.overture.inspector;

import dev.overture.core.Report;
import dev.overture.core.Ticker;
import dev.overture.feature.GameFeatures;
import dev.overture.feature.PluginDescriptor;
import dev.overture.feature.PluginId;
import dev.overture.inject.Overture;
import dev.overture.world.World;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * Gathers what the page shows and pushes what changed to every connected page. Every refresh (ten
 * a second by default), while a page is connected: asks each open world for a {@link
 * WorldCapture} on its game thread (one request in flight per world, so a world that does not tick
 * is asked once), reads the plugins, the reports and, a few times a second, the asset manager's
 * snapshot; then renders each section as JSON and offers it to each {@link LiveClient}, which sends
 * only the sections that differ from what it last sent.
 *
 * <p>Threads: everything here runs on the inspector's one thread ({@code overture-inspector}), but
 * {@link #connected} and {@link #disconnected}, which the server's threads call, and the world
 * captures, which store their result from the game threads into a concurrent map.
 */
final class Gatherer {

  private static final Logger log = LoggerFactory.getLogger(Gatherer.class);
  /** How stale the asset table may be: a snapshot walks every asset in memory. */
  private static final long ASSETS_EVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
  /** Reports sent to the page: the newest, as many as a person scrolls through. */
  private static final int REPORTS_SHOWN = 200;

  /** One world's last capture and whether a request for the next is queued on its game thread. */
  private static final class Capture {
    final AtomicBoolean requested = new AtomicBoolean();
    volatile Wire.World latest;
  }

  private final Overture overture;
  private final Ticker ticker;
  private final Duration every;
  private final JsonMapper json;
  private final ScheduledExecutorService thread;
  private final Map<World, Capture> captures = new ConcurrentHashMap<>();
  private final Set<LiveClient> clients = ConcurrentHashMap.newKeySet();
  /** Whether a {@link #refreshSoon} refresh is queued and has not started. */
  private final AtomicBoolean refreshQueued = new AtomicBoolean();
  private final long startNanos;
  private AssetTable assets;
  private long assetsAt;

  Gatherer(Overture overture, Ticker ticker, Duration every, JsonMapper json) {
    this(overture, ticker, every, json, Executors.newSingleThreadScheduledExecutor(task -> {
      Thread created = new Thread(task, "overture-inspector");
      created.setDaemon(true);
      return created;
    }));
  }

  /** One that refreshes on {@code thread}, which must run one task at a time (tests pass their own). */
  Gatherer(Overture overture, Ticker ticker, Duration every, JsonMapper json, ScheduledExecutorService thread) {
    this.overture = overture;
    this.ticker = ticker;
    this.every = every;
    this.json = json;
    this.startNanos = ticker.read();
    this.thread = thread;
  }

  void start() {
    thread.scheduleWithFixedDelay(this::refresh, 0, dev.overture.internal.Durations.nanos(every), TimeUnit.NANOSECONDS);
  }

  JsonMapper json() {
    return json;
  }

  /** A page connected: it gets everything at the next refresh, which comes at once. */
  void connected(LiveClient client) {
    clients.add(client);
    refreshSoon();
  }

  void disconnected(LiveClient client) {
    clients.remove(client);
  }

  int clientCount() {
    return clients.size();
  }

  /**
   * A refresh now, on the inspector's thread (a page changed what it looks at, or connected), unless
   * one is queued and has not started yet: that one will see this change too. A page (or any local
   * process) that sent messages faster than refreshes ran queued one whole refresh per message,
   * without bound.
   */
  void refreshSoon() {
    if (!refreshQueued.compareAndSet(false, true)) {
      return;
    }
    try {
      thread.execute(() -> {
        refreshQueued.set(false); // a change from now on needs a refresh of its own
        refresh();
      });
    } catch (RejectedExecutionException e) {
      refreshQueued.set(false); // closing: nothing more to send
    }
  }

  /** Stops refreshing; waits a little for a refresh under way. */
  void stop() {
    thread.shutdownNow();
    try {
      thread.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void refresh() {
    try {
      if (clients.isEmpty()) {
        captures.clear(); // nobody looks: ask the worlds nothing, and start fresh when someone does
        return;
      }
      List<Wire.World> worlds = captureWorlds();
      if (assets == null || ticker.read() - assetsAt >= ASSETS_EVERY_NANOS) {
        assets = AssetTable.of(overture.assets().snapshot());
        assetsAt = ticker.read();
      }
      Map<String, String> shared = new LinkedHashMap<>();
      shared.put("runtime", json.writeValueAsString(runtime(worlds.size())));
      shared.put("worlds", json.writeValueAsString(worlds));
      shared.put("plugins", json.writeValueAsString(plugins()));
      shared.put("reports", json.writeValueAsString(reports()));
      for (LiveClient client : clients) {
        Map<String, String> sections = new LinkedHashMap<>(shared);
        sections.put("assets", json.writeValueAsString(assets.page(client.assetView())));
        client.offer(sections);
      }
    } catch (RuntimeException e) {
      // One bad refresh must not stop the next: the schedule ends for good if this throws.
      log.warn("The inspector could not gather the runtime's state", e);
    }
  }

  /**
   * Asks each open world for a capture (unless one is queued) and returns the latest of each, oldest
   * world first; a world not captured yet (its game thread has not run the request) is there too,
   * as waiting, so the page never says a game has fewer worlds than it has.
   */
  private List<Wire.World> captureWorlds() {
    List<World> open = overture.worlds().open();
    captures.keySet().retainAll(open);
    List<Wire.World> latest = new ArrayList<>();
    for (World world : open) {
      Capture capture = captures.computeIfAbsent(world, w -> new Capture());
      if (capture.requested.compareAndSet(false, true)) {
        try {
          world.executor().execute(() -> {
            try {
              capture.latest = WorldCapture.capture(world);
            } finally {
              capture.requested.set(false);
            }
          });
        } catch (RejectedExecutionException e) {
          captures.remove(world); // closing
          continue;
        }
      }
      Wire.World captured = capture.latest;
      latest.add(captured != null ? captured : Wire.World.waiting(world.name(), WorldCapture.netMode(world)));
    }
    return latest;
  }

  private Wire.Runtime runtime(int worlds) {
    return new Wire.Runtime(worlds, overture.assets().index().size(),
        overture.assets().contentRoots().stream().map(root -> root.name()).toList(),
        TimeUnit.NANOSECONDS.toSeconds(ticker.read() - startNanos), overture.isClosed());
  }

  private List<Wire.Plugin> plugins() {
    GameFeatures features = overture.features();
    List<Wire.Plugin> plugins = new ArrayList<>();
    for (PluginId id : features.plugins()) {
      PluginDescriptor descriptor = features.descriptor(id).orElse(null);
      plugins.add(new Wire.Plugin(id.toString(), features.state(id).toString(), features.requestCount(id),
          descriptor == null ? "" : descriptor.version().toString(),
          descriptor == null || descriptor.description() == null ? "" : descriptor.description(),
          descriptor == null ? List.of() : descriptor.dependencies().stream().map(dependency -> dependency.name().toString()).toList(),
          features.failure(id).map(failure -> Wire.Located.all(failure.problems())).orElse(List.of())));
    }
    return plugins;
  }

  private List<Wire.Report> reports() {
    List<Report> recent = overture.reports().recent();
    List<Wire.Report> shown = new ArrayList<>();
    for (int i = recent.size() - 1; i >= 0 && shown.size() < REPORTS_SHOWN; i--) {
      Report report = recent.get(i);
      shown.add(new Wire.Report(report.sequence(), report.time().toString(), report.kind().name(), report.summary(),
          Wire.Located.all(report.problems())));
    }
    return shown;
  }
}
