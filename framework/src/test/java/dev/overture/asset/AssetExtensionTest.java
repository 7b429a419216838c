package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import dev.overture.version.UpgradeStep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a feature plugin's code relies on when it registers with {@link AssetManager#addExtension}:
 * its names are known while it is added, all or nothing, and gone once it is removed.
 */
class AssetExtensionTest {

  record Heal(int amount) implements TestAssets.Action {}

  record OtherSpawn(int count) implements TestAssets.Action {}

  record Crate(String contents) {}

  static final CustomVersion MEDIC = new CustomVersion(Guid.parse("11111111-2222-3333-4444-555555555555"), 2, "Medic");

  @TempDir Path temp;
  private Path root;
  private final ManualExecutor workers = new ManualExecutor();
  private final FakeTicker ticker = new FakeTicker();
  private AssetManager assets;

  @BeforeEach
  void setUp() throws Exception {
    root = TestAssets.game().writeTo(temp.resolve("assets"));
    Files.writeString(root.resolve("modes/Hospital.json"), """
        { "title": "Hospital", "actions": [ { "action": "Heal", "amount": 5 } ] }
        """);
    assets = TestAssets.builder(AssetSource.directory(root))
        .executor(workers)
        .ticker(ticker)
        .retention(RetentionPolicy.maximumSize(10))
        .build();
  }

  @AfterEach
  void tearDown() {
    assets.close();
  }

  private static AssetExtension medic() {
    return AssetExtension.builder().kind(TestAssets.Action.class, "Heal", Heal.class).assetClass("Crate", Crate.class).build();
  }

  private Problem loadFailure(PrimaryAssetId id) {
    LoadHandle handle = assets.loadPrimaryAsset(id);
    workers.runAll();
    CompletionException failed = assertThrows(CompletionException.class, () -> handle.future().join());
    handle.release();
    AssetLoadException load = assertInstanceOf(AssetLoadException.class, failed.getCause());
    assertEquals(1, load.problems().size(), load.problems().toString());
    return load.problems().get(0);
  }

  private TestAssets.Mode load(PrimaryAssetId id) {
    LoadHandle handle = assets.loadPrimaryAsset(id);
    workers.runAll();
    TestAssets.Mode mode = handle.future().join().get(id, TestAssets.Mode.class);
    handle.release();
    return mode;
  }

  @Test
  void anAddedKind_bindsContent_untilItsOwnerRemovesIt() {
    assertEquals("Unknown action \"Heal\" for Action (known kinds: \"Grant\", \"Spawn\")", loadFailure(id("Mode:Hospital")).message());

    assets.addExtension("Medic", medic());

    assertEquals(List.of("Grant", "Heal", "Spawn"), assets.tools().kinds(TestAssets.Action.class));
    assertEquals(Optional.of(Heal.class), assets.tools().kind(TestAssets.Action.class, "Heal"));
    assertEquals(Optional.of("Heal"), assets.tools().kindName(Heal.class));
    assertEquals(Crate.class, assets.tools().assetClasses().get("Crate"));
    assertEquals(List.of(new Heal(5)), load(id("Mode:Hospital")).actions());

    assertTrue(assets.removeExtension("Medic"));

    assertFalse(assets.removeExtension("Medic"), "removed already");
    assertEquals(List.of("Grant", "Spawn"), assets.tools().kinds(TestAssets.Action.class));
    assertEquals(Optional.empty(), assets.tools().kindName(Heal.class));
    assertFalse(assets.tools().assetClasses().containsKey("Crate"));
    assertEquals("Overture/UnknownKind", loadFailure(id("Mode:Hospital")).id(), "not kept from before the removal");
  }

  @Test
  void removingAnExtension_dropsWhatNothingPins_soItsClassesAreNotHeld() {
    assets.addExtension("Medic", medic());
    load(id("Mode:Hospital"));
    assertEquals(1, assets.stats().retained(), "kept by the retention policy");

    assets.removeExtension("Medic");

    assertEquals(0, assets.stats().retained());
    assertEquals(Optional.empty(), assets.getAsset(id("Mode:Hospital")));
  }

  @Test
  void removingAnUnknownOwner_keepsWhatIsRetained() {
    load(id("Mode:Base"));

    assertFalse(assets.removeExtension("Nobody"));
    assertEquals(1, assets.stats().retained());
  }

  @Test
  void anExtensionThatContradictsTheRegisteredNames_addsNothing() {
    AssetExtension clash = AssetExtension.builder()
        .kind(TestAssets.Action.class, "Heal", Heal.class)
        .kind(TestAssets.Action.class, "Spawn", OtherSpawn.class)
        .build();

    IllegalArgumentException kind = assertThrows(IllegalArgumentException.class, () -> assets.addExtension("Medic", clash));

    assertEquals("Kind \"Spawn\" of Action is already registered by the game for " + TestAssets.Spawn.class.getName()
        + "; cannot register it again for " + OtherSpawn.class.getName(), kind.getMessage());
    assertEquals(List.of("Grant", "Spawn"), assets.tools().kinds(TestAssets.Action.class), "not even Heal");
    assertFalse(assets.removeExtension("Medic"), "the owner was not recorded");

    AssetExtension arena = AssetExtension.builder().assetClass("Arena", Crate.class).build();
    IllegalStateException assetClass = assertThrows(IllegalStateException.class, () -> assets.addExtension("Crates", arena));
    assertEquals("Asset class name \"Arena\" is already registered by the game for " + TestAssets.Arena.class.getName()
        + "; cannot register it again for " + Crate.class.getName(), assetClass.getMessage());
    assets.addExtension("Medic", medic());
    IllegalArgumentException again = assertThrows(IllegalArgumentException.class,
        () -> assets.addExtension("Nurse", AssetExtension.builder().kind(TestAssets.Action.class, "Heal", OtherSpawn.class).build()));
    assertEquals("Kind \"Heal\" of Action is already registered by Medic for " + Heal.class.getName()
        + "; cannot register it again for " + OtherSpawn.class.getName(), again.getMessage(), "names the owner of the first"); // nothing of the refused ones stands in the way
  }

  @Test
  void anOwnerAddsOneExtension_untilItRemovesIt() {
    assets.addExtension("Medic", medic());

    IllegalStateException twice = assertThrows(IllegalStateException.class, () -> assets.addExtension("Medic", AssetExtension.empty()));
    assertEquals("Medic already added its registrations; remove them first", twice.getMessage());

    assets.removeExtension("Medic");
    assets.addExtension("Medic", medic());
    assertEquals(Optional.of(Heal.class), assets.tools().kind(TestAssets.Action.class, "Heal"));
  }

  @Test
  void customVersionsAndUpgradeSteps_areCheckedWhenAdded_andMayComeInAnyOrder() {
    UpgradeStep step = UpgradeStep.of(MEDIC, 2, Crate.class, "rename contents", asset -> {});

    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> assets.addExtension("Medic", AssetExtension.builder().upgrade(step).build()));
    assertEquals("Custom version Medic is not registered; register it with customVersion(...) first", unknown.getMessage());
    assertEquals(List.of(), assets.tools().versions().customVersions());

    assets.addExtension("Medic", AssetExtension.builder().upgrade(step).readUnversionedAs(MEDIC, 1).customVersion(MEDIC, Crate.class).build());
    assertEquals(List.of(MEDIC), assets.tools().versions().customVersions());
    assertEquals(List.of(MEDIC), assets.tools().versions().usedBy(Crate.class));

    assets.removeExtension("Medic");
    assertEquals(List.of(), assets.tools().versions().customVersions());
  }

  @Test
  void theBuilder_refusesAContradictionAtTheCallThatMakesIt() {
    AssetExtension.Builder builder = AssetExtension.builder().kind(TestAssets.Action.class, "Heal", Heal.class);

    assertThrows(IllegalArgumentException.class, () -> builder.kind(TestAssets.Action.class, "Heal", OtherSpawn.class));
    builder.assetClass("Crate", Crate.class);
    IllegalStateException assetClass = assertThrows(IllegalStateException.class, () -> builder.assetClass("Crate", Heal.class));
    assertEquals("asset class name \"Crate\" is already registered for " + Crate.class.getName(), assetClass.getMessage());
    builder.assetClass("Crate", Crate.class); // the same registration again is no contradiction

    AssetExtension built = builder.build();
    assertEquals(List.of(Heal.class, Crate.class, Crate.class), built.classes());
    assertFalse(built.isEmpty());
    assertTrue(AssetExtension.empty().isEmpty());
    assertEquals(List.of(), AssetExtension.empty().classes());
  }

  @Test
  void addingAnExtension_toAClosedManager_fails() {
    assets.close();

    IllegalStateException closed = assertThrows(IllegalStateException.class, () -> assets.addExtension("Medic", medic()));
    assertEquals("the asset manager is closed", closed.getMessage());
  }
}
