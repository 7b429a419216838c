package dev.overture.inspector;

import dev.overture.core.Ticker;
import dev.overture.inject.Overture;
import java.io.IOException;
import java.net.BindException;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.channels.ServerSocketChannel;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;
import org.eclipse.jetty.websocket.api.StatusCode;
import org.eclipse.jetty.websocket.server.WebSocketUpgradeHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * A live web page of one running {@link Overture} runtime: each world (its arena drawn from the
 * picture its game contributes, its HUD, its experience's state timeline with the time of each
 * state, the plugins and actions it activated, a failed load's located problems), the feature
 * plugins with their states and request counts, the asset manager (every asset in memory with its
 * pins, kept bundles and memory, the loads in flight with their progress) and every report of the
 * runtime's feed. The page is pushed what changes over a WebSocket; it never polls.
 *
 * <pre>{@code
 * try (Overture overture = Overture.builder()...build();
 *      Inspector inspector = Inspector.builder(overture).port(7007).start()) {
 *   System.out.println("Inspector: " + inspector.uri());
 *   ... run the game ...
 * }
 * }</pre>
 *
 * <p><b>Off by default.</b> Nothing serves anything until a host starts an inspector. <b>Safe by
 * default:</b> it binds the loopback address, so only this machine can open it; binding another
 * address {@linkplain Builder#bindAddress must be explicit} and needs a {@linkplain Builder#token
 * token}, which the page's address ({@link #uri()}) carries in its fragment and the live feed
 * checks. It is read-only (it answers {@code GET} only, and the page can only choose what it
 * looks at), serves its page from memory (no path reaches a file), sends a strict content security
 * policy, and opens its live feed to its own page only.
 *
 * <p><b>Threads.</b> It starts its own: a few daemon threads named {@code overture-inspector-http}
 * for the server and one named {@code overture-inspector} that gathers, ten times a second while a
 * page is open. It reads a world only on the world's game thread, by queueing a task on {@link
 * dev.overture.world.World#executor()}, so a world is shown as its last tick left it, and a world
 * whose host stops ticking it (and stops running its queued tasks) is shown as it was then. Plugins,
 * assets and reports are read from the inspector's thread through their thread-safe accessors. Any
 * thread may call {@link #uri()} and {@link #close()}. Close it before the runtime.
 */
public final class Inspector implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(Inspector.class);
  /**
   * The most connections it holds at once (pages, their live feeds, requests under way); past it,
   * new connections wait in the system's queue until one closes. Many pages' worth, and far below a
   * process's file descriptors, which a game needs for itself.
   */
  static final int MAX_CONNECTIONS = 128;
  /** How long a connection may take to send a whole request head, from opening or its last request. */
  static final Duration REQUEST_HEAD_DEADLINE = Duration.ofSeconds(5);

  private final Server server;
  private final WebSocketUpgradeHandler live;
  private final Gatherer gatherer;
  private final URI uri;
  private final InetSocketAddress address;
  private final ServerConnector connector;
  private final RequestDeadline deadline;

  private Inspector(Builder builder) {
    gatherer = new Gatherer(builder.overture, builder.ticker, builder.refresh, JsonMapper.builder().build());
    QueuedThreadPool threads = new QueuedThreadPool(8, 2);
    threads.setName("overture-inspector-http");
    threads.setDaemon(true);
    ScheduledExecutorScheduler timer = new ScheduledExecutorScheduler("overture-inspector-timer", true);
    server = new Server(threads, timer, null);
    server.setStopTimeout(0); // no graceful wait: the pages' connections stay open until closed
    HttpConfiguration http = new HttpConfiguration();
    http.setSendServerVersion(false);
    http.setSendXPoweredBy(false);
    // The deadline hears the HTTP connections only: Jetty hands a connector's listeners to the
    // WebSocket connection an upgrade makes too, which sends no request head and would be closed
    // 5 s after it opened (the page showing itself disconnected every 5 s).
    deadline = new RequestDeadline(RequestDeadline.Timer.of(timer), Ticker.system(), REQUEST_HEAD_DEADLINE);
    HttpConnectionFactory httpConnections = new HttpConnectionFactory(http);
    httpConnections.addEventListener(deadline);
    connector = new FamilyConnector(server, builder.address, httpConnections);
    connector.setHost(builder.address.getHostAddress());
    connector.setPort(builder.port);
    server.addConnector(connector);
    // Slow clients cannot hold more than a bounded number of connections, nor hold one for long.
    server.addBean(new NetworkConnectionLimit(MAX_CONNECTIONS, connector));

    ContextHandler context = new ContextHandler("/");
    live = WebSocketUpgradeHandler.from(server, context, container -> {
      container.setMaxTextMessageSize(4096);
      container.setIdleTimeout(Duration.ofMinutes(10));
      container.addMapping(Guard.LIVE, (request, response, callback) -> new LiveClient(gatherer));
    });
    live.setHandler(new Pages());
    context.setHandler(live);
    server.setHandler(deadline.before(new Guard(context, builder.address, builder.token)));
    server.setErrorHandler((request, response, callback) -> {
      // Errors the server answers itself (a malformed request) carry the same headers, in plain text.
      Guard.secure(response.getHeaders());
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");
      int status = response.getStatus();
      org.eclipse.jetty.io.Content.Sink.write(response, true, status + " " + HttpStatus.getMessage(status) + "\n", callback);
      return true;
    });

    String where = hostForUri(builder.address) + ":" + builder.port;
    try {
      server.start();
    } catch (Exception e) {
      stopQuietly();
      if (e instanceof IOException && (e instanceof BindException || e.getCause() instanceof BindException)) {
        if (!isOfThisMachine(builder.address)) {
          throw new IllegalStateException("Could not serve the inspector on " + where + ": " + builder.address.getHostAddress()
              + " is not an address of this machine (127.0.0.1 serves this machine only, 0.0.0.0 every network it is on)", e);
        }
        throw new IllegalStateException("Could not serve the inspector on " + where + ": the port is in use"
            + " (choose another port, or 0 for any free one)", e);
      }
      throw new IllegalStateException("Could not serve the inspector on " + where + ": " + e.getMessage(), e);
    }
    address = new InetSocketAddress(builder.address, connector.getLocalPort());
    uri = URI.create("http://" + hostForUri(reachable(builder.address)) + ":" + connector.getLocalPort() + "/"
        + (builder.token == null ? "" : "#token=" + builder.token));
    gatherer.start();
    log.info("Inspector serving on http://{}:{}/", hostForUri(builder.address), connector.getLocalPort());
  }

  /**
   * Whether the inspector can listen on {@code address} on this machine: the any-address, a
   * loopback address, or one of a network interface's. For a host (or a command line) to refuse
   * another machine's address before it starts anything.
   */
  public static boolean isOfThisMachine(InetAddress address) {
    if (address.isAnyLocalAddress() || address.isLoopbackAddress()) {
      return true;
    }
    try {
      return java.net.NetworkInterface.getByInetAddress(address) != null;
    } catch (java.net.SocketException e) {
      return true; // cannot tell: the bind's own failure stands
    }
  }

  /**
   * A connector whose socket is of the bound address's family: Java opens a dual-stack socket and
   * binds {@code 0.0.0.0} as {@code [::]}, which would serve every IPv6 address too, unasked.
   */
  private static final class FamilyConnector extends ServerConnector {
    private final InetAddress bound;

    FamilyConnector(Server server, InetAddress bound, HttpConnectionFactory http) {
      super(server, 1, 1, http);
      this.bound = bound;
    }

    @Override
    protected ServerSocketChannel openAcceptChannel() throws IOException {
      ServerSocketChannel channel = ServerSocketChannel.open(bound instanceof Inet4Address ? StandardProtocolFamily.INET
          : StandardProtocolFamily.INET6);
      try {
        channel.setOption(StandardSocketOptions.SO_REUSEADDR, getReuseAddress());
        channel.bind(new InetSocketAddress(bound, getPort()), getAcceptQueueSize());
        return channel;
      } catch (IOException | RuntimeException e) {
        channel.close();
        throw e;
      }
    }
  }

  /**
   * Where a person reaches an inspector bound to {@code bound}: that address, or for a wildcard one
   * an address of this machine's network interfaces (an IPv4 one first; IPv6 only when bound to
   * {@code ::}, never a link-local one), or the loopback address when it has none.
   */
  private static InetAddress reachable(InetAddress bound) {
    if (!bound.isAnyLocalAddress()) {
      return bound;
    }
    List<InetAddress> candidates = new ArrayList<>();
    try {
      for (NetworkInterface face : Collections.list(NetworkInterface.getNetworkInterfaces())) {
        if (face.isUp() && !face.isLoopback()) {
          for (InetAddress address : Collections.list(face.getInetAddresses())) {
            if (!address.isLoopbackAddress() && !address.isLinkLocalAddress()
                && (address instanceof Inet4Address || bound instanceof Inet6Address)) {
              candidates.add(address);
            }
          }
        }
      }
    } catch (SocketException e) {
      log.debug("Could not list this machine's network interfaces", e);
    }
    return candidates.stream().filter(Inet4Address.class::isInstance).findFirst()
        .or(() -> candidates.stream().findFirst())
        .orElse(InetAddress.getLoopbackAddress());
  }

  /** {@code address} as the host of a URI: an IPv6 address in brackets. */
  static String hostForUri(InetAddress address) {
    String host = address.getHostAddress();
    return host.contains(":") ? "[" + host + "]" : host;
  }

  /** A builder for an inspector of {@code overture}: loopback, any free port, no token. */
  public static Builder builder(Overture overture) {
    return new Builder(overture);
  }

  /**
   * The page's address, with the token in its fragment when the inspector has one. Bound to a
   * wildcard address ({@code 0.0.0.0}, {@code ::}), it names one of this machine's network
   * addresses, which another machine can open (the loopback address when the machine has none).
   */
  public URI uri() {
    return uri;
  }

  /** The address and port it is bound to (the port chosen when 0 was asked for); {@link #uri()} is where to open it. */
  public InetSocketAddress address() {
    return address;
  }

  /** How many connections are open now (tests). */
  int connections() {
    return connector.getConnectedEndPoints().size();
  }

  /** How many connections the request-head deadline watches now (tests). */
  int connectionsOnDeadline() {
    return deadline.watched();
  }

  /** How many pages are connected now. */
  public int pages() {
    return gatherer.clientCount();
  }

  /** Stops gathering, closes the pages' connections and stops the server. Idempotent. */
  @Override
  public void close() {
    gatherer.stop();
    // Said to each page, which then shows it is disconnected, rather than a connection that breaks.
    for (Session page : live.getServerWebSocketContainer().getOpenSessions()) {
      page.close(StatusCode.SHUTDOWN, "the inspector stopped", Callback.NOOP);
    }
    stopQuietly();
  }

  private void stopQuietly() {
    try {
      server.stop();
    } catch (Exception e) {
      log.warn("The inspector's server did not stop cleanly", e);
    }
  }

  @Override
  public String toString() {
    return "Inspector[" + address + ", " + gatherer.clientCount() + " page(s)]";
  }

  /** Configures an {@link Inspector}. Each setting may be given once. Not thread-safe. */
  public static final class Builder {
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{16,128}");

    private final Overture overture;
    private InetAddress address = InetAddress.getLoopbackAddress();
    private boolean addressSet;
    private int port;
    private boolean portSet;
    private String token;
    private Duration refresh = Duration.ofMillis(100);
    private boolean refreshSet;
    private Ticker ticker = Ticker.system();
    private boolean tickerSet;

    private Builder(Overture overture) {
      this.overture = Objects.requireNonNull(overture, "overture");
    }

    /** The port, 0 (the default) for any free one: {@link Inspector#uri()} tells which. */
    public Builder port(int newPort) {
      if (newPort < 0 || newPort > 65_535) {
        throw new IllegalArgumentException("a port is 0 to 65535: " + newPort);
      }
      if (portSet) {
        throw new IllegalStateException("the port was already set");
      }
      port = newPort;
      portSet = true;
      return this;
    }

    /**
     * The address to serve on; the loopback address by default, which only this machine reaches.
     * Any other address (a network interface, or {@code 0.0.0.0} for all) lets other machines
     * read the game, so it needs a {@link #token}.
     */
    public Builder bindAddress(InetAddress newAddress) {
      if (addressSet) {
        throw new IllegalStateException("the bind address was already set");
      }
      address = Objects.requireNonNull(newAddress, "address");
      addressSet = true;
      return this;
    }

    /**
     * The token the page must carry: 16 to 128 letters, digits, {@code -} or {@code _}. Print the
     * inspector's {@link Inspector#uri()}, which carries it, for the people who may look.
     */
    public Builder token(String newToken) {
      Objects.requireNonNull(newToken, "token");
      if (!TOKEN.matcher(newToken).matches()) {
        throw new IllegalArgumentException("a token is 16 to 128 letters, digits, '-' or '_' (" + newToken.length() + " characters given)");
      }
      if (token != null) {
        throw new IllegalStateException("the token was already set");
      }
      token = newToken;
      return this;
    }

    /** A token of 256 random bits (see {@link #token}). */
    public Builder randomToken() {
      byte[] bytes = new byte[32];
      new SecureRandom().nextBytes(bytes);
      return token(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /** How often it gathers and pushes changes while a page is open; 100 ms by default, 10 ms at least. */
    public Builder refreshInterval(Duration interval) {
      Objects.requireNonNull(interval, "interval");
      if (interval.compareTo(Duration.ofMillis(10)) < 0) {
        throw new IllegalArgumentException("the refresh interval is 10 ms or more: " + interval.toMillis() + " ms");
      }
      if (refreshSet) {
        throw new IllegalStateException("the refresh interval was already set");
      }
      refresh = interval;
      refreshSet = true;
      return this;
    }

    /** The time source of the runtime's uptime and of how often assets are read; tests pass a fake. */
    public Builder ticker(Ticker newTicker) {
      Objects.requireNonNull(newTicker, "ticker");
      if (tickerSet) {
        throw new IllegalStateException("the ticker was already set");
      }
      ticker = newTicker;
      tickerSet = true;
      return this;
    }

    /**
     * Starts serving.
     *
     * @throws IllegalStateException when the address is not a loopback address and no token was
     *     given, or the port cannot be bound (in use, not allowed)
     */
    public Inspector start() {
      if (!address.isLoopbackAddress() && token == null) {
        throw new IllegalStateException("The inspector would serve on " + address.getHostAddress()
            + ", which other machines can reach, without a token: give it one (token(...) or randomToken()) and hand out"
            + " the address it prints, or serve on the loopback address");
      }
      return new Inspector(this);
    }
  }
}
