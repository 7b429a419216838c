package dev.overture.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import java.util.Optional;
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

  /**
   * A hostile review: an unclosed object was reported with Jackson's "(start marker at [Source:
   * REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); byte offset: #UNKNOWN])",
   * which names nothing; the line and column say where.
   */
  @Test
  void anUnclosedObject_isReportedAtItsLineAndColumn_withoutJacksonsEmptySourceMarker() throws Exception {
    Files.writeString(local(), "{\n");
    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    assertEquals(local() + " is not valid JSON at line 2, column 1 (Unexpected end-of-input: expected close marker for Object);"
        + " it was moved to LocalSettings.json.corrupt-1 and the defaults are used", messages(settings).get(0));
  }

  @Test
  void aFileNestedPastTheLimit_isALimitExceeded_inWordsThatNameNoJavaMethod() throws Exception {
    Files.writeString(local(), "{\"overallVolume\": " + "[".repeat(600) + "]".repeat(600) + "}");
    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    assertEquals("Overture/LimitExceeded", settings.warnings().get(0).id());
    assertEquals(local() + " goes past a limit of what a settings file is read with (Document nesting"
        + " depth (501) exceeds the maximum allowed (500)); it was moved to LocalSettings.json.corrupt-1 and the defaults are used",
        messages(settings).get(0));
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
        + " this build reads Overture-LocalSettings up to version 2"), messages(settings).toString());
    assertTrue(Files.exists(temp.resolve("LocalSettings.json.newer-1")));
    assertEquals(1.0, settings.get().overallVolume());
  }

  /** A hostile review: another kind's file was taken for a newer version of this one, and set aside as such. */
  @Test
  void anotherKindsFile_isNotNewer_butSetAsideAsNotThisKinds() throws Exception {
    Files.writeString(local(), """
        {
          "$version": { "custom": [ { "name": "Overture-SharedSettings", "guid": "72DEAE61-664B-4878-9000-41737308CDB2", "version": 1 } ] },
          "colorBlindStrength": 3
        }
        """);

    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    assertEquals("Overture/CorruptSettings", settings.warnings().get(0).id());
    assertTrue(messages(settings).get(0).startsWith(local() + " holds SharedSettings (Overture-SharedSettings 1), not"
        + " Overture-LocalSettings (its $version carries no Overture-LocalSettings version)"), messages(settings).toString());
    assertTrue(Files.exists(temp.resolve("LocalSettings.json.corrupt-1")));
    assertFalse(Files.exists(temp.resolve("LocalSettings.json.newer-1")));
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
                + " \"dialogueVolume\", \"voiceChatVolume\", \"safeZone\", \"deviceProfileSuffix\", \"framePacingMode\","
                + " \"mobileFrameRateLimit\", \"headphoneMode\", \"latencyTrackingStats\", \"scalability\")"),
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

    settings.update(values -> values.withOverallVolume(0.5));
    settings.apply();
    settings.experienceLoaded("Experience:Arena");
    subscription.cancel();
    settings.apply();

    assertEquals(List.of("APPLIED 1.0 -> 0.5", "EXPERIENCE_LOADED 0.5 -> 0.5"), calls,
        "loading applied the defaults, so the first apply goes from them");
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

  // ---- seed 001: LoadOrCreateSettings and CreateTemporarySettings end with SharedSettings->ApplySettings()

  @Test
  void loadOrCreate_appliesTheValuesBeforeReturning_asLoadOrCreateSettingsDoes() throws Exception {
    Path shared = SettingsFolder.at(temp).playerFile("player-1", SettingsKind.SHARED);
    List<String> applied = new ArrayList<>();

    Settings<SharedSettings> settings = Settings.loadOrCreate(shared, SettingsKind.SHARED,
        (before, after, reason) -> applied.add(reason + " " + after.language()));

    assertEquals(List.of("APPLIED en"), applied, "applied once, before loadOrCreate returned");
    assertEquals(Optional.of(settings.get()), settings.appliedValues());
    assertEquals(Optional.of(SharedSettings.defaults()), Settings.loadOrCreate(shared, SettingsKind.SHARED).appliedValues(),
        "without an applier too, the loaded values are the applied ones");
  }

  @Test
  void createTemporary_appliesTheDefaults_asCreateTemporarySettingsDoes() {
    Path shared = SettingsFolder.at(temp).playerFile("player-1", SettingsKind.SHARED);
    List<String> applied = new ArrayList<>();

    Settings<SharedSettings> settings = Settings.createTemporary(shared, SettingsKind.SHARED,
        (before, after, reason) -> applied.add(reason + " " + after.language()));

    assertEquals(List.of("APPLIED en"), applied);
    assertEquals(SharedSettings.defaults(), settings.get());
    assertEquals(shared, settings.file());
    assertEquals(Optional.of(SharedSettings.defaults()), Settings.createTemporary(shared, SettingsKind.SHARED).appliedValues());
    assertFalse(Files.exists(shared), "still not saved");
  }

  @Test
  void loadWithoutApplying_letsTheHostLookFirst() throws Exception {
    Settings<LocalSettings> settings = Settings.loadWithoutApplying(local(), SettingsKind.LOCAL);
    List<String> applied = new ArrayList<>();
    settings.onApplied((before, after, reason) -> applied.add(reason.name()));

    assertEquals(Optional.empty(), settings.appliedValues());
    settings.apply();
    assertEquals(List.of("APPLIED"), applied);
  }

  // ---- seed 001: ULyraSettingsLocal::LoadSettings (frame pacing, headphone mode, latency tracking, device profile,
  //      scalability, mobile frame-rate limit)

  @Test
  void localSettings_carryWhatLoadSettingsSets_andSurviveASave() throws Exception {
    Files.writeString(local(), """
        {
          "framePacingMode": "MOBILE_STYLE",
          "mobileFrameRateLimit": 60,
          "headphoneMode": true,
          "latencyTrackingStats": true,
          "deviceProfileSuffix": "Low",
          "scalability": "EPIC"
        }
        """);

    LocalSettings read = Settings.loadOrCreate(local(), SettingsKind.LOCAL).get();

    assertEquals(LocalSettings.FramePacingMode.MOBILE_STYLE, read.framePacingMode());
    assertEquals(60, read.mobileFrameRateLimit());
    assertTrue(read.headphoneMode());
    assertTrue(read.latencyTrackingStats());
    assertEquals("Low", read.deviceProfileSuffix());
    assertEquals(LocalSettings.Scalability.EPIC, read.scalability());
    assertFalse(read.withLatencyTrackingStats(false).latencyTrackingStats());
    assertEquals(30, LocalSettings.defaults().mobileFrameRateLimit(), "Lyra's default");
    assertEquals(LocalSettings.Scalability.DEVICE_DEFAULT, LocalSettings.defaults().scalability(),
        "filled from the device profile, as FillScalabilitySettingsFromDeviceProfile does");
  }

  /** Seed 001: "if (PlatformSettings->FramePacingMode == ELyraFramePacingMode::ConsoleStyle) { FrameRateLimit = 0.0f; }". */
  @Test
  void consoleStylePacing_leavesNoFrameRateLimit_asLoadSettingsDoes() throws Exception {
    Files.writeString(local(), "{ \"framePacingMode\": \"CONSOLE_STYLE\", \"frameRateLimit\": 144 }");

    assertEquals(0, Settings.loadOrCreate(local(), SettingsKind.LOCAL).get().frameRateLimit());
    assertEquals(0, LocalSettings.defaults().withFramePacingMode(LocalSettings.FramePacingMode.CONSOLE_STYLE)
        .withFrameRateLimit(60).frameRateLimit());
    assertEquals(60, LocalSettings.defaults().withFrameRateLimit(60).frameRateLimit());
  }

  @Test
  void aVersion1LocalSettingsFile_isUpgraded_itsDeviceProfileBecomingTheSuffix() throws Exception {
    Files.writeString(local(), """
        {
          "$version": { "custom": [ { "name": "Overture-LocalSettings", "guid": "A3F9F5FD-9EED-40A3-826A-2C34D7F76162", "version": 1 } ] },
          "overallVolume": 0.5,
          "deviceProfile": "Medium"
        }
        """);

    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    assertEquals("Medium", settings.get().deviceProfileSuffix());
    assertEquals(0.5, settings.get().overallVolume());
    assertEquals(List.of(), settings.warnings());
    assertEquals(2, SettingsKind.LOCAL.version().latest());
  }

  // ---- issue 14: special files, huge files and numbers that are not finite

  @Test
  void aNamedPipe_isMovedAsideWithoutBeingOpened_andTheDefaultsAreUsed() throws Exception {
    assertEquals(0, new ProcessBuilder("mkfifo", local().toString()).start().waitFor());

    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    assertEquals(LocalSettings.defaults(), settings.get());
    Problem warning = settings.warnings().get(0);
    assertEquals("Overture/NotARegularFile", warning.id());
    assertEquals(local() + " is a named pipe, not a regular file; it was not opened; it was moved to"
        + " LocalSettings.json.not-a-file-1 and the defaults are used", warning.message());
    assertEquals(SourceLocation.ofFile(local().toString()), warning.location().orElseThrow());
    assertTrue(Files.isRegularFile(local()), "the defaults were saved in its place");
    assertTrue(Files.exists(temp.resolve("LocalSettings.json.not-a-file-1"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
  }

  @Test
  void aFileLargerThanTheLimit_isMovedAsideUnread_andTheDefaultsAreUsed() throws Exception {
    Files.writeString(local(), "{ \"overallVolume\": 0.5 }" + " ".repeat(200));
    SettingsKind<LocalSettings> small = SettingsKind.LOCAL.withMaxFileBytes(100);

    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), small);

    assertEquals(1.0, settings.get().overallVolume());
    assertEquals("Overture/LimitExceeded", settings.warnings().get(0).id());
    assertEquals(local() + " is 224 bytes; the largest accepted is 100 bytes (SettingsKind.maxFileBytes); it was moved to"
        + " LocalSettings.json.too-large-1 and the defaults are used", settings.warnings().get(0).message());
    assertEquals(1024 * 1024, SettingsKind.LOCAL.maxFileBytes(), "the default limit");
  }

  @Test
  void aHugeSparseFile_doesNotExhaustMemory() throws Exception {
    try (var channel = java.nio.channels.FileChannel.open(local(), java.nio.file.StandardOpenOption.CREATE_NEW,
        java.nio.file.StandardOpenOption.WRITE)) {
      channel.write(java.nio.ByteBuffer.wrap(new byte[] {'{'}), 8L * 1024 * 1024 * 1024);
    }

    List<Problem> problems = Settings.check(local(), SettingsKind.LOCAL);

    assertEquals("Overture/LimitExceeded", problems.get(0).id());
    assertTrue(problems.get(0).isError());
    assertEquals(local() + " is 8589934593 bytes; the largest accepted is 1048576 bytes (SettingsKind.maxFileBytes)",
        problems.get(0).message());
  }

  @Test
  void check_refusesANamedPipe_located_withoutOpeningIt() throws Exception {
    assertEquals(0, new ProcessBuilder("mkfifo", local().toString()).start().waitFor());

    List<Problem> problems = Settings.check(local(), SettingsKind.LOCAL);

    assertEquals("Overture/NotARegularFile", problems.get(0).id());
    assertEquals(SourceLocation.ofFile(local().toString()), problems.get(0).location().orElseThrow());
  }

  @Test
  void numbersThatAreNotFinite_costOnlyTheirSetting_located() throws Exception {
    Files.writeString(local(), """
        {
          "overallVolume": "NaN",
          "musicVolume": "Infinity",
          "effectsVolume": NaN,
          "dialogueVolume": -Infinity,
          "voiceChatVolume": 1e999,
          "safeZone": 0.9
        }
        """);

    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    assertEquals(LocalSettings.defaults().withOverallVolume(1.0), new LocalSettings(1920, 1080,
        LocalSettings.WindowMode.WINDOWED_FULLSCREEN, 0, settings.get().overallVolume(), settings.get().musicVolume(),
        settings.get().effectsVolume(), settings.get().dialogueVolume(), settings.get().voiceChatVolume(), 1.0, "",
        LocalSettings.FramePacingMode.DESKTOP_STYLE, 30, false, false, LocalSettings.Scalability.DEVICE_DEFAULT),
        "each refused value is its default");
    assertEquals(0.9, settings.get().safeZone(), "the good value is kept");
    // Each quoted as the file spells it: a literal NaN is not the string "NaN", and 1e999 is not "Infinity".
    assertEquals(List.of(
            "\"overallVolume\" cannot be \"NaN\" (expected a finite number); the default 1.0 is used",
            "\"musicVolume\" cannot be \"Infinity\" (expected a finite number); the default 1.0 is used",
            "\"effectsVolume\" cannot be NaN (expected a finite number); the default 1.0 is used",
            "\"dialogueVolume\" cannot be -Infinity (expected a finite number); the default 1.0 is used",
            "\"voiceChatVolume\" cannot be 1e999 (expected a finite number); the default 1.0 is used"),
        messages(settings));
    Problem literal = settings.warnings().stream().filter(p -> p.message().startsWith("\"effectsVolume\"")).findFirst().orElseThrow();
    assertEquals("Overture/InvalidSetting", literal.id());
    assertEquals(new SourceLocation(local().toString(), 4, 20, "/effectsVolume"), literal.location().orElseThrow());
  }

  @Test
  void setting_aNumberThatIsNotFinite_isRefused() throws Exception {
    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> settings.update(values -> values.withOverallVolume(Double.NaN)));

    assertTrue(e.getMessage().startsWith("setting /overallVolume must be a finite number: "), e.getMessage());
    assertEquals(1.0, settings.get().overallVolume());
  }

  @Test
  void aCorruptFile_isReportedWithTheLineAndColumn() throws Exception {
    Files.writeString(local(), "{\n  \"overallVolume\": 0.5,\n  ]\n}");

    List<Problem> problems = Settings.check(local(), SettingsKind.LOCAL);

    assertTrue(problems.get(0).message().startsWith(local() + " is not valid JSON at line 3, column 3 ("), problems.get(0).message());
  }

  @Test
  void aValueOfTheWrongType_isDescribedByWhatWasExpected() throws Exception {
    Path shared = SettingsFolder.at(temp).playerFile("player-1", SettingsKind.SHARED);
    Files.createDirectories(shared.getParent());
    Files.writeString(shared, """
        {
          "language": ["ko"],
          "subtitles": "yes",
          "subtitleScale": "big",
          "colorBlindMode": "PURPLE",
          "colorBlindStrength": 2.5,
          "keyBindings": [],
          "invertVerticalAxis": true
        }
        """);

    Settings<SharedSettings> settings = Settings.loadOrCreate(shared, SettingsKind.SHARED);

    assertEquals(new SharedSettings("en", false, 1.0, SharedSettings.ColorBlindMode.OFF, 5, 1.0, 1.0, true, Map.of()), settings.get(),
        "each refused value is its default, the good one is kept");
    assertEquals(List.of(
            "\"colorBlindMode\" cannot be \"PURPLE\" (expected one of [OFF, DEUTERANOPE, PROTANOPE, TRITANOPE]); the default \"OFF\" is used",
            "\"colorBlindStrength\" cannot be 2.5 (expected a whole number); the default 5 is used",
            "\"keyBindings\" cannot be [] (expected a Map); the default {} is used",
            "\"language\" cannot be [\"ko\"] (expected a string); the default \"en\" is used",
            "\"subtitleScale\" cannot be \"big\" (expected a finite number); the default 1.0 is used",
            "\"subtitles\" cannot be \"yes\" (expected true or false); the default false is used"),
        messages(settings).stream().sorted().toList());
  }

  @Test
  void aMissingMapOrName_takesItsDefault() throws Exception {
    Path shared = SettingsFolder.at(temp).playerFile("player-1", SettingsKind.SHARED);
    Files.createDirectories(shared.getParent());
    Files.writeString(shared, "{ \"language\": null, \"colorBlindMode\": null, \"keyBindings\": null }");

    Settings<SharedSettings> settings = Settings.loadOrCreate(shared, SettingsKind.SHARED);

    assertEquals(SharedSettings.defaults(), settings.get());
    assertEquals(Map.of(), settings.get().keyBindings());
    assertEquals(Map.of("jump", "Space"), new SharedSettings("en", false, 1, null, 5, 1, 1, false, Map.of("jump", "Space")).keyBindings());
  }

  @Test
  void theLargestFileAccepted_isBetweenNothingAndTheLargestArray() {
    assertEquals(0, SettingsKind.LOCAL.withMaxFileBytes(0).maxFileBytes());
    assertEquals(Integer.MAX_VALUE - 8, SettingsKind.LOCAL.withMaxFileBytes(Integer.MAX_VALUE - 8).maxFileBytes());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SettingsKind.LOCAL.withMaxFileBytes(-1));
    assertEquals("maxFileBytes must be 0 to 2147483639: -1", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> SettingsKind.LOCAL.withMaxFileBytes(Integer.MAX_VALUE - 7));
    assertEquals("maxFileBytes must be 0 to 2147483639: 2147483640", e.getMessage());
  }

  @Test
  void theGamesOwnFolder_isNamedForTheGame_underThisUsersFolder() {
    SettingsFolder folder = SettingsFolder.forGame("Overture Sample");

    assertEquals("Overture Sample", folder.path().getFileName().toString());
    assertEquals(folder.path().toString(), folder.toString());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SettingsFolder.forGame("../Overture"));
    assertEquals("\"../Overture\" cannot name a folder: start with a letter or a digit, then letters, digits, spaces, '.', '_' and"
        + " '-', at most 64, not ending in a space or a dot", e.getMessage());
  }

  @Test
  void aPlayerId_isRefusedInWords_whenItCannotNameAFolder_orNamesTheDevicesOwnFile() throws Exception {
    SettingsFolder folder = SettingsFolder.at(temp);
    Files.writeString(folder.localFile(SettingsKind.LOCAL), "{}");
    String rule = "start with a letter or a digit, then letters, digits, spaces, '.', '_' and '-', at most 64, not ending in a"
        + " space or a dot, without \"..\"";
    for (String bad : List.of("x ", "x.", "_x", "-x", "a/b", "..", "a..b", "")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> folder.playerFile(bad, SettingsKind.SHARED));
      assertEquals("player id \"" + bad + "\" cannot name a folder: " + rule, e.getMessage());
    }
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> folder.playerFile("LocalSettings.json", SettingsKind.SHARED));
    assertEquals("player id \"LocalSettings.json\" names " + temp.resolve("LocalSettings.json") + ", which is a file of the"
        + " settings folder, not a player's folder: choose another id", e.getMessage());
    NullPointerException none = assertThrows(NullPointerException.class, () -> folder.playerFile(null, SettingsKind.SHARED));
    assertEquals("player", none.getMessage());
    assertEquals(temp.resolve("Ann Lee").resolve("SharedSettings.json"), folder.playerFile("Ann Lee", SettingsKind.SHARED));
  }
  @Test
  void twoProgramsSavingOneFile_keepEachOthersChanges_fieldByField() throws Exception {
    Path file = temp.resolve("LocalSettings.json");
    Settings<LocalSettings> first = Settings.loadOrCreate(file, SettingsKind.LOCAL); // a game window
    Settings<LocalSettings> second = Settings.loadOrCreate(file, SettingsKind.LOCAL); // another one

    first.update(values -> values.withOverallVolume(0.25));
    first.save();
    second.update(values -> values.withFrameRateLimit(144));
    second.save();

    LocalSettings onDisk = Settings.loadWithoutApplying(file, SettingsKind.LOCAL).get();
    assertEquals(0.25, onDisk.overallVolume(), "the first window's change is kept");
    assertEquals(144, onDisk.frameRateLimit(), "and the second's");
    assertEquals(onDisk, second.get(), "the second now holds what it saved");
    assertEquals(1.0, second.appliedValues().orElseThrow().overallVolume(), "applied only when it applies them");

    // Both change one field: the last save wins it.
    first.update(values -> values.withFrameRateLimit(30));
    first.save();
    assertEquals(30, Settings.loadWithoutApplying(file, SettingsKind.LOCAL).get().frameRateLimit());
    assertEquals(0.25, Settings.loadWithoutApplying(file, SettingsKind.LOCAL).get().overallVolume());
  }

  @Test
  void aSaveWithNoOtherWriter_writesItsValuesAsTheyAre_evenBackToWhatTheFileHeldBefore() throws Exception {
    Path file = temp.resolve("LocalSettings.json");
    Settings<LocalSettings> settings = Settings.loadOrCreate(file, SettingsKind.LOCAL);
    settings.update(values -> values.withOverallVolume(0.5));
    settings.save();
    settings.update(values -> values.withOverallVolume(1.0));
    settings.save();
    assertEquals(1.0, Settings.loadWithoutApplying(file, SettingsKind.LOCAL).get().overallVolume());

    // A file another program damaged meanwhile: set aside, and the values saved whole.
    Files.writeString(file, "{ not json");
    settings.update(values -> values.withFrameRateLimit(60));
    settings.save();
    assertEquals(settings.get(), Settings.loadWithoutApplying(file, SettingsKind.LOCAL).get());
    assertEquals("{ not json", Files.readString(temp.resolve("LocalSettings.json.corrupt-1")));
  }
}
