package dev.overture.inspector;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The page, its script, its style sheet and its icon: four fixed paths, each mapped to bytes read
 * from the inspector's jar once, when it starts. Nothing here touches a file system, so no path,
 * however it is spelt, serves a file: a path that is not one of the four is {@code 404}.
 * Thread-safe (immutable).
 */
final class Pages extends Handler.Abstract.NonBlocking {

  private record Page(String type, byte[] bytes) {}

  private static final String FOLDER = "/dev/overture/inspector/page/";

  private final Map<String, Page> pages = Map.of(
      "/", page("index.html", "text/html; charset=utf-8"),
      "/inspector.js", page("inspector.js", "text/javascript; charset=utf-8"),
      "/inspector.css", page("inspector.css", "text/css; charset=utf-8"),
      "/favicon.svg", page("favicon.svg", "image/svg+xml"));

  private static Page page(String name, String type) {
    try (InputStream in = Pages.class.getResourceAsStream(FOLDER + name)) {
      if (in == null) {
        throw new IllegalStateException("The inspector's jar lacks its page " + FOLDER + name);
      }
      return new Page(type, in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read the inspector's page " + FOLDER + name, e);
    }
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    Page page = pages.get(Request.getPathInContext(request));
    if (page == null) {
      Guard.reply(response, callback, HttpStatus.NOT_FOUND_404, "Not found: the inspector serves its page at / and nothing else.");
      return true;
    }
    response.setStatus(HttpStatus.OK_200);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, page.type());
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, page.bytes().length);
    response.write(true, ByteBuffer.wrap(page.bytes()).asReadOnlyBuffer(), callback);
    return true;
  }
}
