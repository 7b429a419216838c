package dev.overture.validation;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.asset.AssetKey;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.CountingSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.experience.Experiences;
import dev.overture.testing.Content;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ReadAhead}'s window over 200 maps, on the manager's workers: a batch of 64 read ahead at a time,
 * the next started half way through the one before, each released once the loads are past it,
 * and nothing read that the loads already reached.
 */
class ReadAheadWindowTest {

  @TempDir Path temp;
  private CountingSource source;
  private AssetManager assets;
  private List<PrimaryAssetId> order;
  private final Map<AssetKey, Object> reached = new HashMap<>();

  @BeforeEach
  void setUp() {
    Content content = Content.of();
    for (int i = 0; i < 200; i++) {
      content.file(String.format("maps/M%03d.json", i), "{ \"title\": \"M" + i + "\" }");
    }
    source = new CountingSource(AssetSource.directory(content.writeTo(temp.resolve("assets"))));
    assets = Experiences.register(AssetManager.builder()).contentRoot(source).workerThreads(2).build();
    source.reset();
    order = List.copyOf(new java.util.TreeSet<>(assets.index().ids()));
    assertEquals(200, order.size());
  }

  @AfterEach
  void tearDown() {
    assets.close();
  }

  /** The reads once the batches {@code before(position)} started have been read (a batch is started with its reads). */
  private int readAfter(ReadAhead ahead, int position) {
    ahead.before(position);
    await().atMost(java.time.Duration.ofSeconds(30)).until(() -> assets.stats().loading() == 0);
    return source.totalReads();
  }

  @Test
  void aBatchIsReadAhead_theNextHalfWayThroughIt_andEachReleasedOnceTheLoadsArePast() {
    try (ReadAhead ahead = new ReadAhead(assets.tools(), order, List.of(), reached)) {
      assertEquals(64, readAfter(ahead, 0), "the first batch, the asset about to load among them");
      assertEquals(64, readAfter(ahead, 31));
      assertEquals(128, readAfter(ahead, 32), "half way through the first batch: the second");
      assertEquals(128, assets.stats().pinned());

      assertEquals(128, readAfter(ahead, 64));
      assertEquals(64, assets.stats().pinned(), "the first batch released: the loads are past it");
      assertEquals(192, readAfter(ahead, 96));
      assertEquals(200, readAfter(ahead, 160), "the last, shorter batch");
      assertEquals(200, readAfter(ahead, 199), "nothing beyond the end");
    }
    assertEquals(0, assets.stats().pinned(), "closed: every batch released");
    source.allReads().forEach((file, reads) -> assertEquals(1, reads.get(), file));
  }

  @Test
  void assetsTheLoadsReached_areNotReadAhead_andNothingIsReadBehindTheLoads() {
    for (PrimaryAssetId id : order.subList(10, 60)) {
      reached.put(id, "reached"); // as if an earlier load had reached them
    }
    try (ReadAhead ahead = new ReadAhead(assets.tools(), order, List.of(), reached)) {
      assertEquals(14, readAfter(ahead, 0), "0 to 9 and 60 to 63");
      // The loads skip what was reached and come back at 150: the window starts there, not behind.
      assertEquals(14 + 50, readAfter(ahead, 150), "150 to 199");
    }
  }
}
