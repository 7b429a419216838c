package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The asset manager against seed 001's {@code ULyraAssetManager} (issue 18): {@code
 * TSoftObjectPtr<ULyraGameData> LyraGameDataPath} (Config), the game data loaded at start-up ({@code
 * StartInitialLoading}, {@code STARTUP_JOB_WEIGHTED(GetGameData(), 25.f)} in Lyra) and kept, {@code
 * TSoftObjectPtr<ULyraPawnData> DefaultPawnData} (Config); and {@code GetAsset(AssetPointer,
 * bKeepInMemory)}: {@code LoadedAsset = AssetPointer.Get(); if (!LoadedAsset) { LoadedAsset =
 * SynchronousLoadAsset(AssetPath); } if (LoadedAsset && bKeepInMemory) { AddLoadedAsset(LoadedAsset); }}.
 */
class LyraAssetManagerRulesTest {

  record GameData(String title, @AssetBundles(AssetBundles.ALWAYS) SoftRef<TestAssets.Icon> icon) {}

  private final ManualExecutor workers = new ManualExecutor();
  private AssetManager assets;
  private CountingSource source;

  @AfterEach
  void close() {
    if (assets != null) {
      assets.close();
    }
  }

  private static Content content(String settings) {
    return TestAssets.game()
        .file("overture.json", settings)
        .file("data/Global.json", "{ \"title\": \"Arena game\", \"icon\": \"icons/hero.json\" }");
  }

  private static final String SETTINGS = """
      {
        "primaryAssetTypesToScan": [ { "type": "Arena", "assetClass": "Arena", "directories": ["arenas"] } ],
        "gameData": "GameData:Global",
        "defaultPawnData": "PawnData:Hero"
      }
      """;

  private AssetManager open(Content content, java.util.function.Consumer<AssetManager.Builder> more) {
    source = new CountingSource(content.source());
    AssetManager.Builder builder = TestAssets.builder(source)
        .scanRule(ScanRule.of("GameData", GameData.class, "data"))
        .executor(workers);
    more.accept(builder);
    assets = builder.build();
    return assets;
  }

  private static final PrimaryAssetId GLOBAL = PrimaryAssetId.parse("GameData:Global");

  @Test
  void theGameData_namedInConfiguration_isLoadedByTheStartupJobs_andKept() {
    open(content(SETTINGS), builder -> {});
    assertEquals(Optional.of(GLOBAL), assets.gameDataId());
    assertEquals(Optional.of(PrimaryAssetId.parse("PawnData:Hero")), assets.defaultPawnData());

    StartupJobs jobs = assets.startInitialLoading();
    assertFalse(jobs.done().isDone(), "the jobs run on the workers");
    workers.runAll();

    assertTrue(jobs.done().isDone() && !jobs.done().isCompletedExceptionally());
    assertEquals(1.0, jobs.progress());
    assertEquals(List.of("Index content", "Load game data"), jobs.timings().stream().map(StartupJobs.Timing::job).toList());
    assertSame(jobs, assets.startInitialLoading(), "started once");
    source.reset();
    GameData data = assets.gameData(GameData.class);
    assertEquals("Arena game", data.title());
    assertEquals(0, source.totalReads(), "kept in memory: no IO");
    assertTrue(assets.getAsset(data.icon()).isPresent(), "with what it refers to");
    assertEquals(Optional.of(java.util.Set.of()), assets.bundleState(GLOBAL), "kept by the manager itself");
  }

  @Test
  void theGameData_askedForBeforeStartUp_isLoadedThen_onTheCallingThread_andKept() {
    open(content(SETTINGS), builder -> {});

    GameData data = assets.gameData(GameData.class); // the workers never run: read on this thread

    assertEquals("Arena game", data.title());
    assertTrue(assets.bundleState(GLOBAL).isPresent());
  }

  @Test
  void theBuilder_namesTheGameDataInsteadOfOvertureJson() {
    open(content(SETTINGS).file("data/Other.json", "{ \"title\": \"Other\" }"),
        builder -> builder.gameData(PrimaryAssetId.parse("GameData:Other")).defaultPawnData(PrimaryAssetId.parse("Pawn:Villain")));

    assertEquals("Other", assets.gameData(GameData.class).title());
    assertEquals(Optional.of(PrimaryAssetId.parse("Pawn:Villain")), assets.defaultPawnData());
  }

  @Test
  void withoutGameData_theStartupJobsOnlyIndex_andAskingForItSaysHowToNameIt() {
    open(TestAssets.game(), builder -> {});

    StartupJobs jobs = assets.startInitialLoading();
    workers.runAll();

    assertEquals(List.of("Index content"), jobs.timings().stream().map(StartupJobs.Timing::job).toList());
    assertEquals(Optional.empty(), assets.gameDataId());
    assertEquals(Optional.empty(), assets.defaultPawnData());
    assertEquals("No game data is configured: name it as \"gameData\" in the game's overture.json, or with"
            + " AssetManager.Builder.gameData",
        assertThrows(IllegalStateException.class, () -> assets.gameData(GameData.class)).getMessage());
  }

  @Test
  void gameDataThatIsNotIndexed_failsTheStartupJob_namingIt() {
    open(content(SETTINGS.replace("GameData:Global", "GameData:Globl")), builder -> {});

    StartupJobs jobs = assets.startInitialLoading();
    workers.runAll();

    CompletionException e = assertThrows(CompletionException.class, () -> jobs.done().join());
    StartupJobException failed = assertInstanceOf(StartupJobException.class, e.getCause());
    assertEquals("Load game data", failed.job());
    Problem problem = ((AssetLoadException) failed.getCause()).problems().get(0);
    assertEquals("Overture/UnknownAsset", problem.id());
  }

  @Test
  void aPluginsOvertureJson_cannotNameTheGameData() {
    open(TestAssets.game(), builder -> {});

    assets.addContentRoot(ContentRoot.of("Mods", Content.of()
        .file("overture.json", "{ \"gameData\": \"GameData:Modded\" }").source()));

    assertEquals(Optional.empty(), assets.gameDataId());
    assertEquals(Problem.warning("Overture/IgnoredSetting", "\"gameData\" is ignored here: only the game's own content root"
            + " (Game) names it, not Mods").at(new SourceLocation("memory/overture.json", 1, 15, "/gameData")),
        assets.index().warnings().get(assets.index().warnings().size() - 1));
  }

  @Test
  void getAsset_ofASoftReference_loadsItSynchronouslyWhenNotLoaded_andKeepsItWhenAsked() {
    open(TestAssets.game(), builder -> {});
    SoftRef<TestAssets.Icon> badge = SoftRef.of(ContentRoot.GAME, AssetPath.parse("icons/badge.json"), TestAssets.Icon.class);
    assertTrue(assets.getAsset(badge).isEmpty(), "the asynchronous form never reads");

    TestAssets.Icon icon = assets.getAsset(badge, true); // the workers never run: read on this thread

    assertEquals("badge.png", icon.texture());
    assertSame(icon, assets.getAsset(badge).orElseThrow(), "kept in memory");
    source.reset();
    assertSame(icon, assets.getAsset(badge, true), "a second call reads nothing");
    assertEquals(0, source.totalReads());
  }

  @Test
  void getAsset_withoutKeepingIt_leavesNothingPinned() {
    open(TestAssets.game(), builder -> {});
    SoftRef<TestAssets.Icon> hero = SoftRef.of(ContentRoot.GAME, AssetPath.parse("icons/hero.json"), TestAssets.Icon.class);

    TestAssets.Icon icon = assets.getAsset(hero, false);

    assertEquals("hero.png", icon.texture());
    assertTrue(assets.getAsset(hero).isEmpty(), "not kept: dropped once nothing pins it");
    assertEquals(0, assets.stats().pinned());
  }

  @Test
  void getAsset_ofAFileThatCannotBeLoaded_saysWhy() {
    open(TestAssets.game(), builder -> {});
    SoftRef<TestAssets.Icon> missing = SoftRef.of(ContentRoot.GAME, AssetPath.parse("icons/gone.json"), TestAssets.Icon.class);

    AssetLoadException e = assertThrows(AssetLoadException.class, () -> assets.getAsset(missing, true));

    assertEquals("Overture/MissingFile", e.problems().get(0).id());
    assertEquals(0, assets.stats().pinned(), "a failure keeps nothing");
  }
}
