package dev.overture.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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

  @Test
  void theTimeline_saysEachLoad_withTheSumOfTheLevelsAllLoadsShare(@TempDir Path root) throws Exception {
    List<Path> written = GeneratedContent.write(root, 40, 7);
    long sum = BundleLoadBenchmark.sequential(written, JsonMapper.builder().build());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream console = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      ColdLoad.main(new String[] {"timeline", root.toString()});
    } finally {
      System.setOut(console);
    }

    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(ColdLoad.TIMELINE_LOADS, lines.size(), String.join("\n", lines));
    for (int load = 1; load <= ColdLoad.TIMELINE_LOADS; load++) {
      String line = lines.get(load - 1);
      assertTrue(line.matches("load " + load + ": from \\d+ ms of uptime, \\d+ ms, compilers \\d+ ms, collector pauses \\d+ ms \\(sum " + sum + "\\)"),
          line);
    }
  }
}
