package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.inject.Overture;
import dev.overture.inspector.Inspector;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review B, 8: any local process could print text of its choosing into the game's console through
 * Jetty's warnings about requests it refuses ({@code [WARN] Bad port [x1]}, {@code Encountered
 * multiple Host headers ... evil.com}), between the lines of the match. The sample's logging
 * configuration (simplelogger.properties, on this test's class path as in the jar) keeps them out.
 */
class InspectorConsoleTest {

  @TempDir Path temp;

  @Test
  void requestsJettyRefuses_printNothingIntoTheConsole() throws Exception {
    PrintStream console = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (Overture overture = Overture.builder().contentRoot(AssetSource.directory(Files.createDirectories(temp.resolve("content"))))
            .build();
        Inspector inspector = Inspector.builder(overture).start()) {
      int port = inspector.address().getPort();
      System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
      for (String host : List.of("Host: 127.0.0.1:x1 evil.com", "Host: [::1 evil.com", "Host: 127.0.0.1:" + port + "\r\nHost: evil.com")) {
        String answer = exchange(port, "GET / HTTP/1.1\r\n" + host + "\r\nConnection: close\r\n\r\n");

        assertTrue(answer.startsWith("HTTP/1.1 400 "), answer);
      }
    } finally {
      System.setErr(console);
    }
    assertEquals("", printed.toString(StandardCharsets.UTF_8));
  }

  private static String exchange(int port, String request) throws IOException {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
    }
  }
}
