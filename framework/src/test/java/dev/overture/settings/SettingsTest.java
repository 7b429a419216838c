package dev.overture.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import dev.overture.version.JsonUpgrade;
import dev.overture.version.UpgradeStep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsTest {

  @TempDir Path temp;

  private Path local() {
    return SettingsFolder.at(temp).localFile(SettingsKind.LOCAL);
  }

  private static List<String> messages(Settings<?> settings) {
    return settings.warnings().stream().map(Problem::message).toList();
  }

  @Test
  void aMissingFile_isCreatedWithTheDefaults_andTheValuesSurviveASave() throws Exception {
    Settings<LocalSettings> first = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    assertEquals(LocalSettings.defaults(), first.get());
    assertTrue(Files.readString(local()).startsWith("{\n  \"$version\": {"), "saved with its version header");
    first.update(values -> values.withOverallVolume(0.25).withFrameRateLimit(144));
    first.save();

    Settings<LocalSettings> second = Settings.loadOrCreate(local(), SettingsKind.LOCAL);
    assertEquals(0.25, second.get().overallVolume());
    assertEquals(144, second.get().frameRateLimit());
    assertEquals(List.of(), second.warnings());
  }

  @Test
  void aCorruptFile_isMovedAside_andTheDefaultsAreUsed_withoutEverOverwritingAnEarlierOne() throws Exception {
    Files.writeString(local(), "{ \"overallVolume\": 0.5, ");
    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    assertEquals(LocalSettings.defaults(), settings.get());
    assertEquals("Overture/CorruptSettings", settings.warnings().get(0).id());
    assertTrue(messages(settings).get(0).endsWith("; it was moved to LocalSettings.json.corrupt-1 and the defaults are used"),
        messages(settings).toString());
    assertEquals("{ \"overallVolume\": 0.5, ", Files.readString(temp.resolve("LocalSettings.json.corrupt-1")), "kept as it was");
    assertTrue(Files.exists(local()), "the defaults were saved in its place");

    Files.writeString(local(), "[]");
    Settings.loadOrCreate(local(), SettingsKind.LOCAL);
    assertTrue(Files.exists(temp.resolve("LocalSettings.json.corrupt-2")));
  }

  @Test
  void aFileFromANewerVersion_isMovedAsideToo() throws Exception {
    Files.writeString(local(), """
        {
          "$version": { "custom": [ { "name": "Overture-LocalSettings", "guid": "A3F9F5FD-9EED-40A3-826A-2C34D7F76162", "version": 9 } ] },
          "overallVolume": 0.5
        }
        """);

    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    assertEquals("Overture/NewerSettings", settings.warnings().get(0).id());
    assertTrue(messages(settings).get(0).contains("was written by a newer version: Saved with Overture-LocalSettings version 9;"
        + " this build reads Overture-LocalSettings up to version 1"), messages(settings).toString());
    assertTrue(Files.exists(temp.resolve("LocalSettings.json.newer-1")));
    assertEquals(1.0, settings.get().overallVolume());
  }

  @Test
  void badValues_costOnlyThemselves_outOfRangeOnesAreClamped_andUnknownOnesGoAtTheNextSave() throws Exception {
    Files.writeString(local(), """
        {
          "overallVolume": 7,
          "safeZone": 0.5,
          "frameRateLimit": "fast",
          "musicVolume": 0.3,
          "bloom": true
        }
        """);

    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    assertEquals(1.0, settings.get().overallVolume());
    assertEquals(0.8, settings.get().safeZone());
    assertEquals(0, settings.get().frameRateLimit());
    assertEquals(0.3, settings.get().musicVolume(), "the good values are kept");
    assertEquals(List.of(
            "\"frameRateLimit\" cannot be \"fast\" (expected a whole number); the default 0 is used",
            "\"overallVolume\" is 7, outside 0 to 1; 1.0 is used",
            "\"safeZone\" is 0.5, outside 0.8 to 1; 0.8 is used",
            "Unknown setting \"bloom\" was ignored (it is gone at the next save) (known settings: \"resolutionWidth\","
                + " \"resolutionHeight\", \"windowMode\", \"frameRateLimit\", \"overallVolume\", \"musicVolume\", \"effectsVolume\","
                + " \"dialogueVolume\", \"voiceChatVolume\", \"safeZone\", \"deviceProfile\")"),
        messages(settings).stream().sorted().toList());
    Problem volume = settings.warnings().stream().filter(p -> p.message().startsWith("\"overallVolume\"")).findFirst().orElseThrow();
    assertEquals("Overture/SettingOutOfRange", volume.id());
    assertEquals(new SourceLocation(local().toString(), 2, 20, "/overallVolume"), volume.location().orElseThrow());

    settings.save();
    assertFalse(Files.readString(local()).contains("bloom"));
  }

  @Test
  void temporarySettings_touchNoFileUntilSaved() throws Exception {
    Path shared = SettingsFolder.at(temp).playerFile("player-1", SettingsKind.SHARED);
    Settings<SharedSettings> settings = Settings.createTemporary(shared, SettingsKind.SHARED);

    assertFalse(Files.exists(shared));
    settings.update(values -> values.withLanguage("ko").withSubtitles(true));
    settings.save();

    SharedSettings read = Settings.loadOrCreate(shared, SettingsKind.SHARED).get();
    assertEquals("ko", read.language());
    assertTrue(read.subtitles());
  }

  @Test
  void apply_callsTheListenersWithBeforeAndAfter_andAnExperienceLoadingReappliesThem() throws Exception {
    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);
    List<String> calls = new ArrayList<>();
    Settings.Subscription subscription = settings.onApplied(
        (before, after, reason) -> calls.add(reason + " " + before.overallVolume() + " -> " + after.overallVolume()));

    settings.apply();
    settings.update(values -> values.withOverallVolume(0.5));
    settings.apply();
    settings.experienceLoaded("Experience:Arena");
    subscription.cancel();
    settings.apply();

    assertEquals(List.of("APPLIED 1.0 -> 1.0", "APPLIED 1.0 -> 0.5", "EXPERIENCE_LOADED 0.5 -> 0.5"), calls);
  }

  record Audio(double volume) {}

  @Test
  void anOlderFile_isUpgradedByTheKindsSteps() throws Exception {
    CustomVersion format = new CustomVersion(Guid.parse("11111111-2222-3333-4444-555555555555"), 2, "Audio");
    SettingsKind<Audio> kind = new SettingsKind<>(Audio.class, "Audio.json", format, () -> new Audio(1),
        List.of(UpgradeStep.of(format, 2, Audio.class, "volume in 0..1, was percent",
            JsonUpgrade.rename("/percent", "volume").andThen(JsonUpgrade.scale("/volume", 0.01)))));
    Path file = temp.resolve("Audio.json");
    Files.writeString(file, "{ \"$version\": { \"custom\": [ { \"guid\": \"11111111-2222-3333-4444-555555555555\", \"version\": 1 } ] },"
        + " \"percent\": 40 }");

    assertEquals(new Audio(0.4), Settings.loadOrCreate(file, kind).get());
  }

  @Test
  void check_reportsWithoutTouchingTheFile() throws Exception {
    Files.writeString(local(), "{ \"overallVolume\": ");

    List<Problem> problems = Settings.check(local(), SettingsKind.LOCAL);

    assertEquals("Overture/CorruptSettings", problems.get(0).id());
    assertTrue(Files.exists(local()));
    assertFalse(Files.exists(temp.resolve("LocalSettings.json.corrupt-1")));
  }

  @Test
  void theSettingsFolder_followsEachPlatformsConvention() {
    Path home = Path.of("/home/ada");
    assertEquals(Path.of("C:/Users/ada/AppData/Roaming", "Overture"),
        SettingsFolder.forGame("Overture", "Windows 11", Map.of("APPDATA", "C:/Users/ada/AppData/Roaming"), home).path());
    assertEquals(home.resolve("Library/Application Support/Overture"),
        SettingsFolder.forGame("Overture", "Mac OS X", Map.of(), home).path());
    assertEquals(Path.of("/xdg/Overture"), SettingsFolder.forGame("Overture", "Linux", Map.of("XDG_CONFIG_HOME", "/xdg"), home).path());
    assertEquals(home.resolve(".config/Overture"), SettingsFolder.forGame("Overture", "Linux", Map.of(), home).path());
  }
}
