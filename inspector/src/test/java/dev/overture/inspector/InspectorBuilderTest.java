package dev.overture.inspector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.asset.AssetSource;
import dev.overture.core.Ticker;
import dev.overture.inject.Overture;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the inspector's builder refuses before it serves anything: each setting is given once, as its class comment says. */
class InspectorBuilderTest {

  @TempDir Path temp;

  // Regression (review D): the ticker took a second setting silently, the last one winning.
  @Test
  void everySetting_refusesASecondOne() {
    try (Overture overture = Overture.builder()
        .contentRoot(AssetSource.directory(Content.of().file("experiences/Lobby.json", "{}").writeTo(temp.resolve("content"))))
        .workers(new ManualExecutor())
        .pluginExecutor(new ManualExecutor())
        .closeTimeout(Duration.ZERO)
        .build()) {
      Inspector.Builder builder = Inspector.builder(overture)
          .port(0).bindAddress(InetAddress.getLoopbackAddress()).randomToken().refreshInterval(Duration.ofSeconds(1))
          .ticker(Ticker.system());

      assertEquals("the port was already set", assertThrows(IllegalStateException.class, () -> builder.port(1)).getMessage());
      assertEquals("the bind address was already set",
          assertThrows(IllegalStateException.class, () -> builder.bindAddress(InetAddress.getLoopbackAddress())).getMessage());
      assertEquals("the token was already set", assertThrows(IllegalStateException.class, builder::randomToken).getMessage());
      assertEquals("the refresh interval was already set",
          assertThrows(IllegalStateException.class, () -> builder.refreshInterval(Duration.ofSeconds(2))).getMessage());
      assertEquals("the ticker was already set",
          assertThrows(IllegalStateException.class, () -> builder.ticker(Ticker.system())).getMessage());
    }
  }
}
