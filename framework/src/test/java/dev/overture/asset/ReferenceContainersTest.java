package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.testing.ManualExecutor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * References in a bundle are followed wherever the asset holds them: in maps, sets, optionals,
 * arrays and nested records (which inherit the bundles of the component that holds them, and keep
 * their own), and a problem with one points at it in the file.
 */
class ReferenceContainersTest {

  record Squad(@AssetBundles("server") SoftRef<RawAsset> orders, List<String> names, PrimaryAssetId captain) {}

  record Loadout(
      @AssetBundles("client") Map<String, SoftRef<TestAssets.Icon>> icons,
      @AssetBundles("client") Set<PrimaryAssetId> pawns,
      @AssetBundles("client") Optional<PrimaryAssetId> leader,
      @AssetBundles("client") PrimaryAssetId[] reserves,
      @AssetBundles("equipped") Squad squad,
      Squad unfollowed,
      String note) {}

  @TempDir Path temp;
  private final ManualExecutor workers = new ManualExecutor();
  private AssetManager assets;

  @AfterEach
  void tearDown() {
    if (assets != null) {
      assets.close();
    }
  }

  private void start(String loadout) {
    Path root = TestAssets.game()
        .file("loadouts/Alpha.json", loadout)
        .file("server/orders.bin", "ORDERS")
        .file("server/secret.bin", "SECRET")
        .writeTo(temp.resolve("assets"));
    assets = TestAssets.builder(AssetSource.directory(root))
        .scanRule(ScanRule.of("Loadout", Loadout.class, "loadouts"))
        .executor(workers)
        .build();
  }

  private static final String ALPHA = """
      {
        "icons": { "main": "icons/hero.json", "side": "icons/badge.json" },
        "pawns": ["Pawn:Villain"],
        "leader": "Pawn:Hero",
        "reserves": ["Pawn:Sidekick"],
        "squad": { "orders": "server/orders.bin", "names": ["a"], "captain": "Mode:Base" },
        "unfollowed": { "orders": "server/secret.bin", "captain": "Mode:Elimination" },
        "note": "n"
      }
      """;

  private Set<String> reached(String... bundles) {
    LoadHandle handle = assets.loadPrimaryAsset(id("Loadout:Alpha"), bundles);
    workers.runAll();
    Set<String> keys = new TreeSet<>();
    handle.future().join().reached().keySet().forEach(key -> keys.add(AssetKey.label(key)));
    handle.release();
    return keys;
  }

  private Problem onlyProblem(String loadout) {
    start(loadout);
    LoadHandle handle = assets.loadPrimaryAsset(id("Loadout:Alpha"), "client");
    workers.runAll();
    CompletionException failed = assertThrows(CompletionException.class, () -> handle.future().join());
    AssetLoadException load = assertInstanceOf(AssetLoadException.class, failed.getCause());
    assertEquals(1, load.problems().size(), load.problems().toString());
    return load.problems().get(0);
  }

  @Test
  void referencesInMapsSetsOptionalsAndArrays_areFollowedInTheirBundle() {
    start(ALPHA);

    Set<String> client = reached("client");

    assertTrue(client.contains("Pawn:Villain"), client.toString());
    assertTrue(client.contains("Pawn:Hero"), client.toString());
    assertTrue(client.contains("Pawn:Sidekick"), client.toString());
    assertTrue(client.stream().anyMatch(key -> key.endsWith("icons/hero.json")), client.toString());
    assertTrue(client.stream().anyMatch(key -> key.endsWith("icons/badge.json")), client.toString());
    assertTrue(client.stream().noneMatch(key -> key.endsWith(".bin") || key.startsWith("Mode:")),
        "the squad is in another bundle: " + client);
  }

  @Test
  void aNestedRecord_inheritsTheBundleOfTheComponentThatHoldsIt() {
    start(ALPHA);

    Set<String> equipped = reached("equipped");

    assertTrue(equipped.contains("Mode:Base"), "the captain, in the equipped squad: " + equipped);
    assertTrue(equipped.stream().noneMatch(key -> key.startsWith("Pawn:")), equipped.toString());
    assertTrue(equipped.stream().noneMatch(key -> key.endsWith(".bin")), "orders are server data only: " + equipped);
    assertTrue(!equipped.contains("Mode:Elimination"), "a component without bundles is never followed");

    Set<String> both = reached("equipped", "server");
    assertTrue(both.stream().anyMatch(key -> key.endsWith("server/orders.bin")), both.toString());
    assertTrue(both.stream().anyMatch(key -> key.endsWith("server/secret.bin")),
        "a nested record's own bundles count wherever it is held: " + both);
    assertTrue(!both.contains("Mode:Elimination"), "its unannotated captain is still not followed: " + both);
  }

  @Test
  void anUnknownIdInAnArray_pointsAtItsIndex() {
    Problem problem = onlyProblem(ALPHA.replace("\"reserves\": [\"Pawn:Sidekick\"]", "\"reserves\": [\"Pawn:Sidekick\", \"Pawn:Ghost\"]"));

    assertEquals("Overture/UnknownAsset", problem.id());
    assertEquals("/reserves/1", problem.location().orElseThrow().pointer());
  }

  @Test
  void aMissingFileInAMap_pointsAtItsKey() {
    Problem problem = onlyProblem(ALPHA.replace("icons/badge.json", "icons/missing.json"));

    assertEquals("Overture/MissingFile", problem.id());
    assertEquals("/icons/side", problem.location().orElseThrow().pointer());
  }

  @Test
  void anUnknownIdInAnOptional_pointsAtTheProperty() {
    Problem problem = onlyProblem(ALPHA.replace("\"leader\": \"Pawn:Hero\"", "\"leader\": \"Pawn:Ghost\""));

    assertEquals("/leader", problem.location().orElseThrow().pointer());
  }

  @Test
  void anUnknownIdInASet_pointsAtTheSet() {
    Problem problem = onlyProblem(ALPHA.replace("\"pawns\": [\"Pawn:Villain\"]", "\"pawns\": [\"Pawn:Ghost\"]"));

    assertEquals("/pawns", problem.location().orElseThrow().pointer());
  }
}
