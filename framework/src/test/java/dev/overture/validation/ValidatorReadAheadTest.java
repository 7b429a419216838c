package dev.overture.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import dev.overture.asset.CountingSource;
import dev.overture.experience.Experiences;
import dev.overture.testing.Content;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The validator loads every asset in turn, and reads ahead of its loads on the asset workers, so
 * they do not sit idle while it waits for each load (a project's validation took as long as its
 * files read one load at a time).
 */
class ValidatorReadAheadTest {

  @TempDir Path temp;

  /**
   * Reads of {@code maps/First.json} wait until {@code maps/Second.json} has been read, once armed:
   * they can only go on if something reads the second map while the first one's load waits.
   */
  private static final class SecondFirst extends CountingSource {
    final CountDownLatch secondRead = new CountDownLatch(1);
    volatile boolean armed;
    volatile Boolean firstSawSecond;

    SecondFirst(AssetSource delegate) {
      super(delegate);
    }

    @Override
    public byte[] read(AssetPath path, int maxBytes) throws IOException {
      if (armed && path.toString().equals("maps/First.json")) {
        try {
          firstSawSecond = secondRead.await(30, TimeUnit.SECONDS); // a bound, so that a failure ends
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        }
      }
      byte[] bytes = super.read(path, maxBytes);
      if (armed && path.toString().equals("maps/Second.json")) {
        secondRead.countDown();
      }
      return bytes;
    }
  }

  @Test
  void onAHostsBoundedExecutor_nothingIsReadAhead_soNoReadIsRefused() throws Exception {
    Content content = Content.of();
    for (int i = 0; i < 150; i++) {
      content.file(String.format("maps/M%03d.json", i), "{ \"title\": \"M" + i + "\" }");
    }
    Path root = content.writeTo(temp.resolve("assets"));
    ThreadPoolExecutor bounded = new ThreadPoolExecutor(2, 2, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(16));
    try (AssetManager assets = Experiences.register(AssetManager.builder()).contentRoot(AssetSource.directory(root))
        .executor(bounded).build()) {

      ValidationReport report = Validator.builder(assets).build().run();

      assertFalse(report.hasErrors(), report.format()); // read ahead, 64 maps at once overflowed the queue: Overture/Rejected
    } finally {
      bounded.shutdownNow();
    }
  }

  @Test
  void theNextAssetsAreRead_whileTheValidatorWaitsForALoad_eachFileOnce() {
    Path root = Content.of()
        .file("maps/First.json", "{ \"title\": \"First\" }")
        .file("maps/Second.json", "{ \"title\": \"Second\" }")
        .writeTo(temp.resolve("assets"));
    SecondFirst source = new SecondFirst(AssetSource.directory(root));
    try (AssetManager assets = Experiences.register(AssetManager.builder()).contentRoot(source).workerThreads(2).build()) {
      source.reset();
      source.armed = true;

      ValidationReport report = Validator.builder(assets).build().run();

      assertFalse(report.hasErrors(), report.format());
      assertTrue(source.firstSawSecond, "the second map was read while the first one's load waited");
      assertEquals(1, source.reads("maps/First.json"), source.allReads().toString());
      assertEquals(1, source.reads("maps/Second.json"), source.allReads().toString());
    }
  }
}
