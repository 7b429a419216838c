package dev.overture.benchmarks;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.ScanRule;
import dev.overture.benchmarks.Rounds.Timing;
import dev.overture.benchmarks.Rounds.Variant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Indexes a tree of N small files in nested folders ({@code items/aa/bb/item-n.json}) by building
 * an asset manager with one scan rule over it, against a bare {@code Files.walk} that counts the
 * regular files of the same tree. Both must find N files every round. Files are not read by either.
 */
final class IndexBenchmark {

  static final String OVERTURE = "Overture index (build the asset manager)";
  static final String WALK = "Files.walk, count regular files";

  private IndexBenchmark() {}

  public static void main(String[] args) throws Exception {
    int files = Rounds.intOption(args, "--files", 100_000);
    for (Timing timing : run(files, Rounds.intOption(args, "--warmup", 3), Rounds.intOption(args, "--rounds", 7))) {
      System.out.printf("%-45s median %.1f ms (%s)%n", timing.name(), timing.median() / 1e6, timing.all());
    }
  }

  /** Writes the tree, then measures Overture's index and then the walk, in turn. */
  static List<Timing> run(int count, int warmup, int rounds) throws IOException {
    Path root = Files.createTempDirectory("overture-index-");
    try {
      byte[] content = "{}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
      for (int i = 0; i < count; i++) {
        Path file = root.resolve(String.format("items/%02d/%02d/item-%06d.json", i % 31, (i / 31) % 37, i));
        if (i < 31 * 37) {
          Files.createDirectories(file.getParent());
        }
        Files.write(file, content);
      }
      Variant overture = new Variant(OVERTURE, () -> {
        try (AssetManager manager = AssetManager.builder()
                .contentRoot(AssetSource.directory(root))
                .scanRule(ScanRule.of("Item", GeneratedContent.Item.class, "items"))
                .build()) {
          return manager.index().size();
        }
      });
      Variant walk = new Variant(WALK, () -> {
        try (Stream<Path> paths = Files.walk(root)) {
          return paths.filter(Files::isRegularFile).count();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      return Rounds.measure(List.of(overture, walk), warmup, rounds, Rounds.ResultCheck.equalTo(count));
    } finally {
      Rounds.deleteTree(root);
    }
  }
}
