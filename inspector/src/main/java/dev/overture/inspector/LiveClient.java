package dev.overture.inspector;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;

/**
 * One connected page. It hears what the page looks at (which rows of the asset table; nothing
 * else a page says has any effect: the inspector is read-only) and is offered the sections at
 * every refresh. It sends a section only when it differs from what it last sent, and only one
 * message at a time: while one is on its way, newer sections replace older ones waiting, so a slow
 * page gets the latest state rather than a backlog.
 *
 * <p>Messages are JSON arrays of {@code {"section": name, "data": ...}}. Threads: {@link #offer}
 * on the inspector's thread, the listener methods on the server's; the send state is guarded by
 * this object's lock, never held while the page's message is parsed.
 *
 * <p>Public only because Jetty calls a listener's methods through a public lookup; nothing outside
 * the inspector can make one, and its public methods are Jetty's to call.
 */
public final class LiveClient implements Session.Listener.AutoDemanding {

  private static final Logger log = LoggerFactory.getLogger(LiveClient.class);

  /** What a page may say: the rows of the asset table it shows. */
  private record Request(AssetView assets) {}

  private final Gatherer gatherer;
  private final Map<String, String> sent = new HashMap<>();
  private final Map<String, String> waiting = new LinkedHashMap<>();
  private volatile AssetView assetView = AssetView.FIRST_PAGE;
  private Session session;
  private boolean sending;

  LiveClient(Gatherer gatherer) {
    this.gatherer = gatherer;
  }

  AssetView assetView() {
    return assetView;
  }

  @Override
  public void onWebSocketOpen(Session opened) {
    synchronized (this) {
      session = opened;
    }
    gatherer.connected(this);
  }

  @Override
  public void onWebSocketText(String message) {
    // Anything but what the page sends is ignored: an exception here would close the connection
    // with 1011 and the exception's message, which is none of a client's business.
    try {
      Request request = gatherer.json().readValue(message, Request.class);
      if (request != null && request.assets() != null) {
        assetView = request.assets();
        gatherer.refreshSoon();
      }
    } catch (JacksonException e) {
      log.debug("Ignored a message the inspector's page should not send: {}", e.getOriginalMessage());
    } catch (RuntimeException e) {
      log.debug("Ignored a message the inspector's page should not send", e);
    }
  }

  @Override
  public void onWebSocketClose(int status, String reason) {
    gatherer.disconnected(this);
  }

  @Override
  public void onWebSocketError(Throwable cause) {
    log.debug("An inspector page's connection failed", cause);
    gatherer.disconnected(this);
  }

  /** Queues the sections that changed since they were last sent, and sends them unless a send is on its way. */
  void offer(Map<String, String> sections) {
    synchronized (this) {
      sections.forEach((name, data) -> {
        if (!data.equals(sent.get(name))) {
          waiting.put(name, data);
        } else {
          waiting.remove(name);
        }
      });
      flush();
    }
  }

  /** Sends what waits, as one message, if nothing is on its way. Holds the lock. */
  private void flush() {
    if (sending || waiting.isEmpty() || session == null || !session.isOpen()) {
      return;
    }
    StringBuilder message = new StringBuilder("[");
    waiting.forEach((name, data) -> {
      if (message.length() > 1) {
        message.append(',');
      }
      message.append("{\"section\":\"").append(name).append("\",\"data\":").append(data).append('}');
    });
    message.append(']');
    sent.putAll(waiting);
    waiting.clear();
    sending = true;
    session.sendText(message.toString(), Callback.from(this::sent, this::failed));
  }

  private void sent() {
    synchronized (this) {
      sending = false;
      flush();
    }
  }

  private void failed(Throwable cause) {
    synchronized (this) {
      sending = false;
    }
    log.debug("Could not send to an inspector page", cause);
    gatherer.disconnected(this);
  }
}
