package dev.overture.benchmarks;

import dev.overture.asset.AssetBundles;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.SoftRef;
import dev.overture.experience.Experiences;
import dev.overture.feature.GameFeatureAction;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Generated content for the loading benchmarks: N item files of about 1 KB of realistic nested JSON
 * (an item with stats, modifiers, tags and a loot table), spread over nested folders, and one
 * experience ({@link #EXPERIENCE}) whose {@code client} bundle references all of them through a
 * {@link Preload} action.
 */
final class GeneratedContent {

  enum Rarity {
    COMMON,
    RARE,
    EPIC,
    LEGENDARY
  }

  record Modifier(String stat, String operation, double value, int durationTicks) {}

  record LootEntry(String item, double chance, int minCount, int maxCount) {}

  record Item(
      String name,
      String description,
      Rarity rarity,
      int level,
      Map<String, Double> stats,
      List<Modifier> modifiers,
      List<String> tags,
      List<LootEntry> loot,
      String icon) {}

  /** An experience action that only holds the items, in its {@code client} bundle. */
  record Preload(@AssetBundles("client") List<SoftRef<Item>> items) implements GameFeatureAction {}

  /** The experience whose {@code client} bundle references every item. */
  static final PrimaryAssetId EXPERIENCE = PrimaryAssetId.of("Experience", "Everything");

  /** An asset manager over {@code root} that knows the experience types and the preload action. */
  static AssetManager.Builder assetManager(Path root) {
    return Experiences.register(AssetManager.builder())
        .contentRoot(AssetSource.directory(root))
        .kind(GameFeatureAction.class, "Preload", Preload.class);
  }

  private GeneratedContent() {}

  /** Writes {@code count} items and the experience under {@code root}; returns the item paths. */
  static List<Path> write(Path root, int count, long seed) throws IOException {
    Random random = new Random(seed);
    List<Path> files = new ArrayList<>(count);
    StringBuilder experience = new StringBuilder("{\n  \"actions\": [ { \"action\": \"Preload\", \"items\": [\n");
    for (int i = 0; i < count; i++) {
      String relative = String.format("items/%02d/%02d/item-%05d.json", i % 17, (i / 17) % 23, i);
      Path file = root.resolve(relative);
      Files.createDirectories(file.getParent());
      Files.writeString(file, item(random, i), StandardCharsets.UTF_8);
      files.add(file);
      experience.append("    \"").append(relative).append('"').append(i + 1 < count ? ",\n" : "\n");
    }
    experience.append("  ] } ]\n}\n");
    Path experiences = Files.createDirectories(root.resolve("experiences"));
    Files.writeString(experiences.resolve("Everything.json"), experience, StandardCharsets.UTF_8);
    return files;
  }

  private static String item(Random random, int index) {
    String[] stats = {"damage", "armor", "speed", "crit", "range", "weight"};
    String[] operations = {"add", "multiply", "override"};
    StringBuilder json = new StringBuilder(1100);
    json.append("{\n  \"name\": \"Item ").append(index).append("\",\n");
    json.append("  \"description\": \"A generated item with a description long enough to look like real flavour text, number ")
        .append(index).append(".\",\n");
    json.append("  \"rarity\": \"").append(Rarity.values()[random.nextInt(4)]).append("\",\n");
    json.append("  \"level\": ").append(1 + random.nextInt(60)).append(",\n");
    json.append("  \"stats\": {");
    for (int s = 0; s < stats.length; s++) {
      json.append(s == 0 ? " " : ", ").append('"').append(stats[s]).append("\": ")
          .append(String.format("%.2f", random.nextDouble() * 100));
    }
    json.append(" },\n  \"modifiers\": [\n");
    for (int m = 0; m < 4; m++) {
      json.append("    { \"stat\": \"").append(stats[random.nextInt(stats.length)])
          .append("\", \"operation\": \"").append(operations[random.nextInt(3)])
          .append("\", \"value\": ").append(String.format("%.3f", random.nextDouble() * 10))
          .append(", \"durationTicks\": ").append(random.nextInt(600)).append(m < 3 ? " },\n" : " }\n");
    }
    json.append("  ],\n  \"tags\": [\"weapon\", \"tier-").append(random.nextInt(5)).append("\", \"generated\"],\n");
    json.append("  \"loot\": [\n");
    for (int l = 0; l < 3; l++) {
      json.append("    { \"item\": \"item-").append(random.nextInt(10000)).append("\", \"chance\": ")
          .append(String.format("%.3f", random.nextDouble())).append(", \"minCount\": 1, \"maxCount\": ")
          .append(1 + random.nextInt(5)).append(l < 2 ? " },\n" : " }\n");
    }
    json.append("  ],\n  \"icon\": \"textures/items/item-").append(index).append(".png\"\n}\n");
    return json.toString();
  }
}
