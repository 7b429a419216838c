package dev.overture.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/** The 4th-load limits do the same work as each other: the listing limit only learns its files differently. */
class ColdLoadTest {

  @Test
  void theListingLimit_loadsTheFilesTheWalkFinds_andSumsTheSameLevels(@TempDir Path root) throws Exception {
    List<Path> written = GeneratedContent.write(root, 40, 7);
    JsonMapper mapper = JsonMapper.builder().build();

    List<Path> listed = ColdLoad.listed(root, mapper);

    assertEquals(40, listed.size());
    assertEquals(new HashSet<>(ColdLoad.files(root)), new HashSet<>(listed));
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      assertEquals(BundleLoadBenchmark.sequential(written, mapper), BundleLoadBenchmark.keeping(pool, 2, listed, mapper));
    } finally {
      pool.shutdownNow();
    }
  }
}
