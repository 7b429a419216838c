package dev.overture.inspector;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.world.World;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The inspector's server as an attacker or a careless host meets it (issue 19): loopback by
 * default, no other address without a token, read-only, no path that serves a file, the security
 * headers on every answer, and the live feed open only to its own page. Requests are written byte
 * for byte on a socket, so no client library tidies a path before it is sent.
 */
class InspectorServerTest {

  @TempDir Path temp;
  private TestGame game;

  @BeforeEach
  void startGame() {
    game = TestGame.start(temp.resolve("content"));
  }

  @AfterEach
  void stopGame() {
    game.close();
  }

  /** A raw HTTP/1.1 exchange: status line, headers and body as received. */
  record Answer(int status, String head, String body) {
    String header(String name) {
      for (String line : head.split("\r\n")) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
          return line.substring(colon + 1).trim();
        }
      }
      return null;
    }
  }

  static Answer exchange(int port, String method, String path, String host, String... headers) throws IOException {
    return exchange(InetAddress.getLoopbackAddress(), port, method, path, host, headers);
  }

  static Answer exchange(InetAddress address, int port, String method, String path, String host, String... headers)
      throws IOException {
    try (Socket socket = new Socket(address, port)) {
      socket.setSoTimeout(10_000);
      StringBuilder request = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n");
      for (String header : headers) {
        request.append(header).append("\r\n");
      }
      request.append(method.equals("POST") ? "Content-Length: 0\r\n" : "").append("\r\n");
      OutputStream out = socket.getOutputStream();
      out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = socket.getInputStream();
      java.io.ByteArrayOutputStream headBytes = new java.io.ByteArrayOutputStream();
      int matched = 0;
      int next;
      while (matched < 4 && (next = in.read()) >= 0) { // up to the blank line that ends the head
        headBytes.write(next);
        matched = next == "\r\n\r\n".charAt(matched) ? matched + 1 : next == '\r' ? 1 : 0;
      }
      String head = headBytes.toString(StandardCharsets.ISO_8859_1).strip();
      int status = Integer.parseInt(head.substring(9, 12));
      // An upgraded connection stays open and streams frames: its head is the answer.
      String body = status == 101 ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return new Answer(status, head, body);
    }
  }

  private static Answer get(Inspector inspector, String path) throws IOException {
    int port = inspector.address().getPort();
    return exchange(port, "GET", path, "127.0.0.1:" + port);
  }

  @Test
  void itBindsTheLoopbackAddressByDefault() {
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      assertTrue(inspector.address().getAddress().isLoopbackAddress(), inspector.address().toString());
      assertEquals("http://127.0.0.1:" + inspector.address().getPort() + "/", inspector.uri().toString());
    }
  }

  @Test
  void itRefusesAnotherAddress_withoutAToken() throws Exception {
    Inspector.Builder builder = Inspector.builder(game.overture).bindAddress(InetAddress.getByName("0.0.0.0"));

    IllegalStateException refused = assertThrows(IllegalStateException.class, builder::start);

    assertEquals("The inspector would serve on 0.0.0.0, which other machines can reach, without a token: give it one"
        + " (token(...) or randomToken()) and hand out the address it prints, or serve on the loopback address", refused.getMessage());
  }

  @Test
  void onAnotherAddress_theLiveFeedNeedsTheToken_whichTheAddressCarries() throws Exception {
    String token = "abcdefghijklmnopqrstuvwxyz012345";
    try (Inspector inspector = Inspector.builder(game.overture).bindAddress(InetAddress.getByName("0.0.0.0")).token(token).start()) {
      int port = inspector.address().getPort();
      assertTrue(inspector.uri().toString().endsWith(":" + port + "/#token=" + token), inspector.uri().toString());
      String host = "127.0.0.1:" + port;

      Answer without = exchange(port, "GET", "/live", host, upgrade());
      Answer wrong = exchange(port, "GET", "/live?token=" + token.toUpperCase(Locale.ROOT), host, upgrade());
      Answer right = exchange(port, "GET", "/live?token=" + token, host, upgrade());

      assertEquals(403, without.status());
      assertEquals("The inspector's live feed needs the token it was started with: open the address it printed, with its #token=.\n",
          without.body());
      assertEquals(403, wrong.status());
      assertEquals(101, right.status(), right.head());
    }
  }

  /**
   * Review B, 6: bound to 0.0.0.0 it printed http://0.0.0.0:P/, which cannot be handed to anyone
   * (and Chromium refuses), and Java bound [::], serving every IPv6 address too.
   */
  @Test
  void onTheWildcardAddress_itNamesAnAddressOfThisMachine_andServesIpv4Only() throws Exception {
    try (Inspector inspector = Inspector.builder(game.overture).bindAddress(InetAddress.getByName("0.0.0.0")).randomToken().start()) {
      int port = inspector.address().getPort();
      InetAddress named = InetAddress.getByName(inspector.uri().getHost());

      assertFalse(named.isAnyLocalAddress(), inspector.uri().toString());
      assertTrue(named instanceof java.net.Inet4Address, inspector.uri().toString());
      assertTrue(Inspector.isOfThisMachine(named), inspector.uri().toString());
      assertEquals(200, exchange(port, "GET", "/", "127.0.0.1:" + port).status());
      assertThrows(java.net.ConnectException.class, () -> new Socket(InetAddress.getByName("::1"), port).close(),
          "not on the IPv6 loopback address, nor any other IPv6 one");
    }
  }

  private static String[] upgrade() {
    return new String[] {"Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13",
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="};
  }

  @Test
  void everyAnswerCarriesTheSecurityHeaders() throws Exception {
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      int port = inspector.address().getPort();
      List<Answer> answers = List.of(get(inspector, "/"), get(inspector, "/inspector.js"), get(inspector, "/inspector.css"),
          get(inspector, "/missing"), exchange(port, "POST", "/", "127.0.0.1:" + port), exchange(port, "GET", "/%2e%2e/x", "127.0.0.1:" + port));

      for (Answer answer : answers) {
        assertEquals("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none';"
            + " form-action 'none'; frame-ancestors 'none'", answer.header("Content-Security-Policy"), answer.head());
        assertEquals("nosniff", answer.header("X-Content-Type-Options"), answer.head());
        assertEquals("DENY", answer.header("X-Frame-Options"), answer.head());
        assertEquals("no-referrer", answer.header("Referrer-Policy"), answer.head());
        assertEquals("no-store", answer.header("Cache-Control"), answer.head());
        assertEquals(null, answer.header("Server"), "no server version: " + answer.head());
      }
      assertEquals("text/html; charset=utf-8", answers.get(0).header("Content-Type"));
      assertTrue(answers.get(0).body().contains("<script src=\"/inspector.js\" defer></script>"), answers.get(0).body());
      assertFalse(answers.get(0).body().contains("<script>"), "no inline script: the policy forbids it");
      assertEquals("text/javascript; charset=utf-8", answers.get(1).header("Content-Type"));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "/../pom.xml", "/inspector.js/../../pom.xml", "/%2e%2e/%2e%2e/pom.xml", "/..%2f..%2fpom.xml", "/pom.xml", "//etc/passwd",
    "/etc/passwd", "/..%5c..%5cpom.xml", "/dev/overture/inspector/page/index.html", "/page/inspector.js", "/index.html",
    "/WEB-INF/web.xml", "/META-INF/MANIFEST.MF", "/%00", "/inspector.js%00.txt", "/live/../../pom.xml", "/file:///etc/passwd"
  })
  void noPathServesAFile(String path) throws Exception {
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      Answer answer = get(inspector, path);

      assertTrue(answer.status() == 404 || answer.status() == 400, path + " answered " + answer.head());
      assertFalse(answer.body().contains("<artifactId>"), path + " served " + answer.body());
      assertFalse(answer.body().contains("root:"), path + " served " + answer.body());
      assertTrue(answer.body().length() < 200, path + " answered " + answer.body());
    }
  }

  /** Review B, 7: what docs/inspector.md says each spelling of a path answers. */
  @ParameterizedTest
  @CsvSource({
    "/../pom.xml, 400", "/%2e%2e/, 400", "/inspector.js%00, 400", "//inspector.js, 400",
    "/a/../inspector.js, 200", "/./inspector.js, 200", "/inspector.js;x=1, 200",
    "/pom.xml, 404", "/WEB-INF/web.xml, 404", "/inspector.js/, 404"
  })
  void eachSpellingOfAPath_answersAsDocumented(String path, int status) throws Exception {
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      Answer answer = get(inspector, path);

      assertEquals(status, answer.status(), path + " answered " + answer.head());
      if (status == 200) {
        assertEquals(get(inspector, "/inspector.js").body(), answer.body(), path + " serves the script");
      }
    }
  }

  @Test
  void itIsReadOnly_answeringGetAndHeadOnly() throws Exception {
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      int port = inspector.address().getPort();
      for (String method : List.of("POST", "PUT", "DELETE", "PATCH", "OPTIONS")) {
        Answer answer = exchange(port, method, "/", "127.0.0.1:" + port);

        assertEquals(405, answer.status(), method + ": " + answer.head());
        assertEquals("GET, HEAD", answer.header("Allow"));
        assertEquals("The inspector is read-only: it answers GET and HEAD only.\n", answer.body());
      }
    }
  }

  /** Review nit: HEAD was 405, though HTTP says a GET resource answers it, and health checks use it. */
  @Test
  void head_answersAsGetDoes_withoutTheBody() throws Exception {
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      int port = inspector.address().getPort();
      Answer get = exchange(port, "GET", "/", "127.0.0.1:" + port);
      Answer head = exchange(port, "HEAD", "/", "127.0.0.1:" + port);

      assertEquals(200, head.status(), head.head());
      assertEquals("", head.body());
      assertEquals(get.header("Content-Type"), head.header("Content-Type"));
      assertEquals(get.header("Content-Security-Policy"), head.header("Content-Security-Policy"));
      assertEquals(404, exchange(port, "HEAD", "/nosuch", "127.0.0.1:" + port).status());
      assertEquals(403, exchange(port, "HEAD", "/", "evil.com:" + port).status());
    }
  }

  @Test
  void onLoopback_itAnswersOnlyToLoopbackNames_soARebindingPageCannotReadIt() throws Exception {
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      int port = inspector.address().getPort();

      Answer rebound = exchange(port, "GET", "/", "attacker.example:" + port);
      Answer local = exchange(port, "GET", "/", "localhost:" + port);

      assertEquals(403, rebound.status());
      assertEquals("The inspector answers on this machine only, at http://127.0.0.1:" + port + "/\n", rebound.body());
      assertEquals(200, local.status());
    }
  }

  /** Review B, 1: a tunnel from another local port (ssh -L 18080:127.0.0.1:P) names that port in its Host. */
  @Test
  void onLoopback_aForwardFromAnotherLocalPort_isAnswered_andItsPageGetsTheLiveFeed() throws Exception {
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      int port = inspector.address().getPort();
      String forwarded = "localhost:" + (port == 18080 ? 18081 : 18080);

      Answer page = exchange(port, "GET", "/", forwarded);
      Answer live = exchange(port, "GET", "/live", forwarded, withOrigin(upgrade(), "http://" + forwarded));
      Answer liveFromElsewhere = exchange(port, "GET", "/live", forwarded, withOrigin(upgrade(), "http://localhost:" + port));

      assertEquals(200, page.status(), page.head());
      assertEquals(101, live.status(), live.head());
      assertEquals(403, liveFromElsewhere.status(), "the origin must still be the page's own: " + liveFromElsewhere.head());
    }
  }

  private static String[] withOrigin(String[] headers, String origin) {
    return java.util.stream.Stream.concat(java.util.Arrays.stream(headers), java.util.stream.Stream.of("Origin: " + origin))
        .toArray(String[]::new);
  }

  /** Review B, 5: on ::1 the address printed was refused, and the refusal named 127.0.0.1, where nothing listens. */
  @ParameterizedTest
  @ValueSource(strings = {"[0:0:0:0:0:0:0:1]", "[::1]", "localhost"})
  void onIpv6Loopback_theAddressAsPrintedIsAnswered_andARefusalNamesIt(String name) throws Exception {
    InetAddress ipv6Loopback = InetAddress.getByName("::1");
    try (Inspector inspector = Inspector.builder(game.overture).bindAddress(ipv6Loopback).start()) {
      int port = inspector.address().getPort();

      Answer named = exchange(ipv6Loopback, port, "GET", "/", name + ":" + port);
      Answer rebound = exchange(ipv6Loopback, port, "GET", "/", "attacker.example:" + port);

      assertEquals("http://[0:0:0:0:0:0:0:1]:" + port + "/", inspector.uri().toString());
      assertEquals(200, named.status(), named.head());
      assertEquals(403, rebound.status());
      assertEquals("The inspector answers on this machine only, at " + inspector.uri() + "\n", rebound.body());
    }
  }

  @Test
  void theLiveFeed_isOpenToItsOwnPageOnly() throws Exception {
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      int port = inspector.address().getPort();
      String host = "127.0.0.1:" + port;
      String[] foreign = List.of(upgrade()).toArray(String[]::new);
      foreign = java.util.stream.Stream.concat(java.util.Arrays.stream(foreign), java.util.stream.Stream.of("Origin: https://attacker.example"))
          .toArray(String[]::new);
      String[] own = java.util.stream.Stream.concat(java.util.Arrays.stream(upgrade()), java.util.stream.Stream.of("Origin: http://" + host))
          .toArray(String[]::new);

      Answer fromElsewhere = exchange(port, "GET", "/live", host, foreign);
      Answer fromItsPage = exchange(port, "GET", "/live", host, own);

      assertEquals(403, fromElsewhere.status());
      assertEquals("The inspector's live feed is for its own page only, not for https://attacker.example.\n", fromElsewhere.body());
      assertEquals(101, fromItsPage.status(), fromItsPage.head());
    }
  }

  /**
   * Review B, 2: slow clients, each dripping a header line so that the idle timeout never fires,
   * held a connection each without limit until the game ran out of file descriptors.
   */
  @Test
  void slowClients_holdAtMostTheConnectionLimit_forAtMostTheDeadline_andThePageStillAnswers() throws Exception {
    List<SocketChannel> slow = new ArrayList<>();
    ScheduledExecutorService drip = Executors.newSingleThreadScheduledExecutor();
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      int port = inspector.address().getPort();
      InetSocketAddress where = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
      for (int i = 0; i < Inspector.MAX_CONNECTIONS; i++) {
        SocketChannel channel = SocketChannel.open(where);
        channel.write(ascii("GET / HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n"));
        channel.configureBlocking(false);
        slow.add(channel);
      }
      drip.scheduleAtFixedRate(() -> slow.forEach(channel -> {
        try {
          channel.write(ascii("X-Slow: 1\r\n"));
        } catch (IOException closed) {
          // the server dropped it
        }
      }), 200, 200, TimeUnit.MILLISECONDS);
      await().atMost(Duration.ofSeconds(20)).until(() -> inspector.connections() == Inspector.MAX_CONNECTIONS);

      Answer waited = exchange(port, "GET", "/", "127.0.0.1:" + port);

      assertEquals(200, waited.status(), waited.head());
      assertTrue(slow.stream().anyMatch(InspectorServerTest::closedByServer),
          "answered only once a slow client's connection was dropped for the next to be taken");
      await().atMost(Duration.ofSeconds(30)).until(() -> slow.stream().allMatch(InspectorServerTest::closedByServer));
      assertEquals(200, get(inspector, "/").status());
    } finally {
      drip.shutdownNow();
      for (SocketChannel channel : slow) {
        channel.close();
      }
    }
  }

  private static ByteBuffer ascii(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
  }

  /** Whether the server closed a non-blocking channel: its read ends (or is reset) rather than finding nothing yet. */
  private static boolean closedByServer(SocketChannel channel) {
    try {
      ByteBuffer into = ByteBuffer.allocate(1024);
      int read;
      while ((read = channel.read(into)) > 0) {
        into.clear(); // an answer before the close (none is expected) is skipped
      }
      return read < 0;
    } catch (IOException reset) {
      return true;
    }
  }

  /**
   * Review B, 4: the first messages said the game had no world until the first capture ran, and
   * went on saying so for as long as a busy game thread did not run it.
   */
  @Test
  void aWorldWhoseGameThreadHasNotRunTheRequest_isCounted_andShownAsWaiting() throws Exception {
    World stalled = game.overture.worlds().create("Stalled"); // this thread is its game thread, and runs none of its tasks
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      Map<String, JsonNode> latest = new ConcurrentHashMap<>();
      WebSocket socket = live(inspector, message -> JSON.readTree(message).forEach(section -> latest.put(section.get("section").asString(),
          section.get("data"))));

      await().atMost(Duration.ofSeconds(20)).until(() -> latest.containsKey("worlds")
          && latest.get("worlds").size() == 2 && !latest.get("worlds").get(0).get("waiting").asBoolean());
      JsonNode worlds = latest.get("worlds");
      assertEquals("Arena", worlds.get(0).get("name").asString());
      assertEquals("Stalled", worlds.get(1).get("name").asString());
      assertTrue(worlds.get(1).get("waiting").asBoolean(), worlds.toString());
      assertEquals("standalone", worlds.get(1).get("netMode").asString());
      assertEquals(2, latest.get("runtime").get("worlds").asInt(), latest.get("runtime").toString());
      socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
    } finally {
      stalled.close();
    }
  }

  /**
   * Review: the deadline for a request head was a listener of the connector, which Jetty hands to
   * the WebSocket connection an upgrade makes as well; that connection sends no request head, so
   * every page's live feed was closed 5 s after it opened, and the page showed itself disconnected.
   */
  @Test
  void theLiveFeed_isNotOnTheRequestHeadDeadline() throws Exception {
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      List<String> heard = new CopyOnWriteArrayList<>();
      WebSocket socket = live(inspector, heard::add);
      await().atMost(Duration.ofSeconds(20)).until(() -> !heard.isEmpty());

      await().atMost(Duration.ofSeconds(20)).until(() -> inspector.connectionsOnDeadline() == 0);
      assertEquals(1, inspector.connections(), "the live feed is open, and nothing would close it at the deadline");
      socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
    }
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Opens the live feed as the page does and hands each whole message to {@code heard}. */
  static WebSocket live(Inspector inspector, Consumer<String> heard) {
    return HttpClient.newHttpClient().newWebSocketBuilder()
        .buildAsync(URI.create("ws://127.0.0.1:" + inspector.address().getPort() + "/live"), new WebSocket.Listener() {
          private final StringBuilder partial = new StringBuilder();

          @Override
          public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
              heard.accept(partial.toString());
              partial.setLength(0);
            }
            webSocket.request(1);
            return null;
          }
        }).join();
  }

  @Test
  void aPortInUse_isRefusedWithWhatToDo() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Inspector.Builder builder = Inspector.builder(game.overture).port(taken.getLocalPort());

      IllegalStateException refused = assertThrows(IllegalStateException.class, builder::start);

      assertEquals("Could not serve the inspector on 127.0.0.1:" + taken.getLocalPort()
          + ": the port is in use (choose another port, or 0 for any free one)", refused.getMessage());
    }
  }

  @Test
  void anAddressOfAnotherMachine_isRefusedAsSuch_notAsAPortInUse() throws Exception {
    // 192.0.2.1 is a documentation address (RFC 5737): no machine has it, and binding it sends nothing.
    Inspector.Builder builder = Inspector.builder(game.overture).bindAddress(InetAddress.getByName("192.0.2.1")).port(0).randomToken();

    IllegalStateException refused = assertThrows(IllegalStateException.class, builder::start);

    assertEquals("Could not serve the inspector on 192.0.2.1:0: 192.0.2.1 is not an address of this machine"
        + " (127.0.0.1 serves this machine only, 0.0.0.0 every network it is on)", refused.getMessage());
  }

  @Test
  void whatAPageSays_changesOnlyWhatItIsSent() throws Exception {
    try (Inspector inspector = Inspector.builder(game.overture).start()) {
      List<String> messages = new CopyOnWriteArrayList<>();
      List<String> closes = new CopyOnWriteArrayList<>();
      WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder()
          .buildAsync(URI.create("ws://127.0.0.1:" + inspector.address().getPort() + "/live"), new WebSocket.Listener() {
            private final StringBuilder partial = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
              partial.append(data);
              if (last) {
                messages.add(partial.toString());
                partial.setLength(0);
              }
              webSocket.request(1);
              return null;
            }

            @Override
            public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
              closes.add(statusCode + " " + reason);
              return null;
            }
          }).join();
      await().atMost(Duration.ofSeconds(20)).until(() -> messages.stream().anyMatch(message -> message.contains("\"section\":\"plugins\"")));

      socket.sendText("{\"shutdown\": true}", true).join();
      socket.sendText("not json at all", true).join();
      socket.sendText("null", true).join(); // review B, 3: closed the feed with 1011 and a NullPointerException's message
      socket.sendText("[]", true).join();
      socket.sendText("{\"assets\": {\"offset\": -5, \"limit\": 100000, \"filter\": \"SWORD\"}}", true).join();

      await().atMost(Duration.ofSeconds(20)).until(() -> messages.stream().anyMatch(message -> message.contains("\"filter\":\"sword\"")));
      // Review B, 3: a number past an int was refused outright instead of being brought into range.
      socket.sendText("{\"assets\": {\"offset\": -5, \"limit\": 99999999999, \"filter\": \"ITEM\"}}", true).join();
      await().atMost(Duration.ofSeconds(20)).until(() -> messages.stream().anyMatch(message -> message.contains("\"filter\":\"item\"")));
      assertEquals(List.of(), closes, "the page's connection stays open");
      assertEquals(1, inspector.pages());
      socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
      await().atMost(Duration.ofSeconds(20)).until(() -> inspector.pages() == 0);
    } catch (CompletionException e) {
      throw new AssertionError("the live feed refused a client of its own machine", e);
    }
  }
}
