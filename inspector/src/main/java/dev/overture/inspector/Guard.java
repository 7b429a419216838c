package dev.overture.inspector;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Set;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * What every request passes first. It puts the security headers on every answer (a strict content
 * security policy: the page's own script, style and connection, nothing inline, no frames), answers
 * only {@code GET} and {@code HEAD} (the inspector is read-only), and, for a server on the loopback address, only
 * requests that name it by a loopback name, so a web page that rebinds its own host name to
 * 127.0.0.1 cannot read it. The live feed ({@value #LIVE}) is opened only from the inspector's own
 * page (its {@code Origin}) and, when the server has a token, only with it.
 *
 * <p>Thread-safe (immutable).
 */
final class Guard extends Handler.Wrapper {

  static final String LIVE = "/live";

  static final String POLICY = String.join("; ",
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self'",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'");

  private static final HttpFields HEADERS = HttpFields.build()
      .put("Content-Security-Policy", POLICY)
      .put("X-Content-Type-Options", "nosniff")
      .put("X-Frame-Options", "DENY")
      .put("Referrer-Policy", "no-referrer")
      .put("Cross-Origin-Opener-Policy", "same-origin")
      .put("Cross-Origin-Resource-Policy", "same-origin")
      .put("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
      .put(HttpHeader.CACHE_CONTROL, "no-store")
      .asImmutable();

  private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

  private final boolean loopbackOnly;
  /** The bound address as a URI names it (an IPv6 one in brackets, as a Host header spells it). */
  private final String boundHost;
  private final byte[] token;

  /**
   * @param address the address the server binds
   * @param token the token the live feed asks for, or null when none is needed (loopback)
   */
  Guard(Handler next, InetAddress address, String token) {
    super(next);
    this.loopbackOnly = address.isLoopbackAddress();
    this.boundHost = Inspector.hostForUri(address).toLowerCase(Locale.ROOT);
    this.token = token == null ? null : token.getBytes(StandardCharsets.UTF_8);
  }

  static void secure(HttpFields.Mutable headers) {
    for (HttpField header : HEADERS) {
      headers.put(header);
    }
  }

  /** Answers {@code status} with {@code text} as plain text. */
  static void reply(Response response, Callback callback, int status, String text) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");
    Content.Sink.write(response, true, text + "\n", callback);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    secure(response.getHeaders());
    // HEAD is GET without the body (Jetty writes the head alone): health checks ask with it.
    if (!HttpMethod.GET.is(request.getMethod()) && !HttpMethod.HEAD.is(request.getMethod())) {
      response.getHeaders().put(HttpHeader.ALLOW, "GET, HEAD");
      reply(response, callback, HttpStatus.METHOD_NOT_ALLOWED_405, "The inspector is read-only: it answers GET and HEAD only.");
      return true;
    }
    if (loopbackOnly && !namesLoopback(request)) {
      reply(response, callback, HttpStatus.FORBIDDEN_403,
          "The inspector answers on this machine only, at http://" + boundHost + ":" + Request.getLocalPort(request) + "/");
      return true;
    }
    if (LIVE.equals(Request.getPathInContext(request))) {
      String refused = refuseLive(request);
      if (refused != null) {
        reply(response, callback, HttpStatus.FORBIDDEN_403, refused);
        return true;
      }
    }
    return super.handle(request, response, callback);
  }

  private boolean namesLoopback(Request request) {
    String host = request.getHttpURI().getHost();
    if (host == null) {
      return false;
    }
    // The name alone defeats DNS rebinding; the port is not compared, since a forward (ssh -L,
    // kubectl port-forward) from another local port must reach the page.
    String name = host.toLowerCase(Locale.ROOT);
    return LOOPBACK_NAMES.contains(name) || name.equals(boundHost);
  }

  /** Why the live feed is refused, or null when it is not. */
  private String refuseLive(Request request) {
    String origin = request.getHeaders().get(HttpHeader.ORIGIN);
    String host = request.getHeaders().get(HttpHeader.HOST);
    if (origin != null && (host == null || !origin.equalsIgnoreCase("http://" + host))) {
      return "The inspector's live feed is for its own page only, not for " + origin + ".";
    }
    if (token != null) {
      Fields query = Request.extractQueryParameters(request, StandardCharsets.UTF_8);
      String given = query.getValue("token");
      if (given == null || !MessageDigest.isEqual(token, given.getBytes(StandardCharsets.UTF_8))) {
        return "The inspector's live feed needs the token it was started with: open the address it printed, with its #token=.";
      }
    }
    return null;
  }
}
