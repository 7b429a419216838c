package dev.overture.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.version.CustomVersion;
import dev.overture.version.Guid;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * How a settings file's values are read, one by one: what is refused (and with which words), what
 * is kept. {@link SettingsTest} has the file as a whole.
 */
class SettingsValuesTest {

  @TempDir Path temp;

  private Path local() {
    return SettingsFolder.at(temp).localFile(SettingsKind.LOCAL);
  }

  private static List<String> messages(Settings<?> settings) {
    return settings.warnings().stream().map(Problem::message).toList();
  }

  static Stream<Arguments> valuesOfAnotherType() {
    return Stream.of(
        Arguments.of("\"deviceProfileSuffix\": 5", "\"deviceProfileSuffix\" cannot be 5 (expected a string); the default \"\" is used"),
        Arguments.of("\"deviceProfileSuffix\": 2.50", "\"deviceProfileSuffix\" cannot be 2.50 (expected a string); the default \"\" is used"),
        Arguments.of("\"deviceProfileSuffix\": false", "\"deviceProfileSuffix\" cannot be false (expected a string); the default \"\" is used"),
        Arguments.of("\"windowMode\": 2", "\"windowMode\" cannot be 2 (expected one of [FULLSCREEN, WINDOWED_FULLSCREEN, WINDOWED]);"
            + " the default \"WINDOWED_FULLSCREEN\" is used"),
        Arguments.of("\"headphoneMode\": 1", "\"headphoneMode\" cannot be 1 (expected true or false); the default false is used"),
        Arguments.of("\"frameRateLimit\": \"60\"", "\"frameRateLimit\" cannot be \"60\" (expected a whole number); the default 0 is used"));
  }

  /** Review finding 7: Jackson turned 5 into "5" and 2 into WINDOWED without a word. */
  @ParameterizedTest
  @MethodSource("valuesOfAnotherType")
  void aValueOfAnotherType_isRefused_notConverted(String entry, String message) throws Exception {
    Files.writeString(local(), "{\n  \"musicVolume\": 0.3,\n  " + entry + "\n}\n");

    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    assertEquals(LocalSettings.defaults().withOverallVolume(1.0), withMusicVolume(settings.get(), 1.0), "the value is its default");
    assertEquals(0.3, settings.get().musicVolume(), "the good value is kept");
    assertEquals(List.of(message), messages(settings));
    assertEquals("Overture/InvalidSetting", settings.warnings().get(0).id());
    String field = entry.substring(1, entry.indexOf('"', 1));
    assertEquals(new SourceLocation(local().toString(), 3, entry.indexOf(':') + 5, "/" + field),
        settings.warnings().get(0).location().orElseThrow());
  }

  /** Review finding 7: messages quote the file as it is written, not Jackson's reading of it. */
  @ParameterizedTest
  @MethodSource("numbersOutOfRange")
  void aNumberOutOfRange_isQuotedAsTheFileWritesIt(String number, String message) throws Exception {
    Files.writeString(local(), "{ \"overallVolume\": " + number + " }");

    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    assertEquals(List.of(message), messages(settings));
  }

  static Stream<Arguments> numbersOutOfRange() {
    return Stream.of(
        Arguments.of("7.50", "\"overallVolume\" is 7.50, outside 0 to 1; 1.0 is used"),
        Arguments.of("1E1", "\"overallVolume\" is 1E1, outside 0 to 1; 1.0 is used"),
        Arguments.of("-0.0001", "\"overallVolume\" is -0.0001, outside 0 to 1; 0.0 is used"));
  }

  static Stream<Arguments> badKeyBindings() {
    return Stream.of(
        Arguments.of("null", "null"),
        Arguments.of("5", "5"),
        Arguments.of("true", "true"),
        Arguments.of("[ \"F\" ]", "[\"F\"]"));
  }

  /**
   * Review finding 2: a null key binding reset every setting to the defaults (Map.copyOf's bare
   * NullPointerException, reported as "(null)"), and the next save wrote the defaults over the
   * user's file. Finding 7: a number as a key binding became the string "5".
   */
  @ParameterizedTest
  @MethodSource("badKeyBindings")
  void aBadKeyBinding_costsOnlyItsEntry_located(String binding, String quoted) throws Exception {
    Path shared = SettingsFolder.at(temp).playerFile("player-1", SettingsKind.SHARED);
    Files.createDirectories(shared.getParent());
    Files.writeString(shared, """
        {
          "language": "fr",
          "subtitles": true,
          "mouseSensitivity": 4.5,
          "keyBindings": { "Jump": "Space", "Fire": %s }
        }
        """.formatted(binding));

    Settings<SharedSettings> settings = Settings.loadOrCreate(shared, SettingsKind.SHARED);

    SharedSettings expected = new SharedSettings("fr", true, 1.0, SharedSettings.ColorBlindMode.OFF, 5, 1.0, 4.5, false,
        Map.of("Jump", "Space"));
    assertEquals(expected, settings.get(), "only the bad entry is left out");
    assertEquals(List.of("\"keyBindings\" entry \"Fire\" cannot be " + quoted + " (expected a string); it is left out"),
        messages(settings));
    assertEquals(new SourceLocation(shared.toString(), 5, 45, "/keyBindings/Fire"), settings.warnings().get(0).location().orElseThrow());
    settings.save();
    assertEquals(expected, Settings.loadOrCreate(shared, SettingsKind.SHARED).get(), "saved with the user's values");
    assertEquals(List.of(shared), listed(shared.getParent()), "nothing set aside");
  }

  record Loadout(List<String> weapons, Map<String, Double> aim) {
    Loadout {
      weapons = List.copyOf(weapons);
      aim = Map.copyOf(aim);
    }
  }

  private static final SettingsKind<Loadout> LOADOUT = new SettingsKind<>(Loadout.class, "Loadout.json",
      new CustomVersion(Guid.parse("11111111-2222-3333-4444-777777777777"), 1, "Loadout"),
      () -> new Loadout(List.of("knife"), Map.of()), List.of());

  @Test
  void badItemsOfAList_andEntriesThatAreNotFinite_costOnlyThemselves() throws Exception {
    Path file = Files.writeString(temp.resolve("Loadout.json"), """
        { "weapons": [ "rifle", null, 7, "pistol" ], "aim": { "x": NaN, "y": 0.5, "z": "fast" } }
        """);

    Settings<Loadout> settings = Settings.loadOrCreate(file, LOADOUT);

    assertEquals(new Loadout(List.of("rifle", "pistol"), Map.of("y", 0.5)), settings.get());
    assertEquals(List.of(
            "\"weapons\" item 1 cannot be null (expected a string); it is left out",
            "\"weapons\" item 2 cannot be 7 (expected a string); it is left out",
            "\"aim\" entry \"x\" cannot be NaN (expected a finite number); it is left out",
            "\"aim\" entry \"z\" cannot be \"fast\" (expected a finite number); it is left out"),
        messages(settings));
    assertEquals(List.of("/weapons/1", "/weapons/2", "/aim/x", "/aim/z"),
        settings.warnings().stream().map(problem -> problem.location().orElseThrow().pointer()).toList());
  }

  record Budget(@SettingRange(min = 0, max = 100) long coins, @SettingRange(min = 0, max = 1) float gain,
      @SettingRange(min = 1, max = 8) short threads) {}

  private static final SettingsKind<Budget> BUDGET = new SettingsKind<>(Budget.class, "Budget.json",
      new CustomVersion(Guid.parse("11111111-2222-3333-4444-555555555555"), 1, "Budget"), () -> new Budget(10, 0.5f, (short) 2), List.of());

  /** The maintainer's read: a clamped long, float or short reached the constructor as a Double, which refused it. */
  @Test
  void aNumberOutsideItsRange_isClamped_asANumberOfItsComponentsType() throws Exception {
    Path file = Files.writeString(temp.resolve("Budget.json"), "{ \"coins\": 250, \"gain\": 1.5, \"threads\": 0 }");

    Settings<Budget> settings = Settings.loadOrCreate(file, BUDGET);

    assertEquals(new Budget(100, 1.0f, (short) 1), settings.get());
    assertEquals(3, settings.warnings().size(), messages(settings).toString());
  }

  record Window(int width, int height) {
    Window {
      if (width < height) {
        throw new IllegalArgumentException("a window is wider than it is tall: " + width + " x " + height);
      }
      if (width < 0 || height < 0) {
        throw new IllegalStateException();
      }
    }
  }

  private static final SettingsKind<Window> WINDOW = new SettingsKind<>(Window.class, "Window.json",
      new CustomVersion(Guid.parse("11111111-2222-3333-4444-666666666666"), 1, "Window"), () -> new Window(1920, 1080), List.of());

  @Test
  void valuesTheRecordRefusesTogether_costTheOneWhoseDefaultMakesThemFit() throws Exception {
    Path file = Files.writeString(temp.resolve("Window.json"), "{ \"width\": 600, \"height\": 800 }");

    Settings<Window> settings = Settings.loadOrCreate(file, WINDOW);

    assertEquals(new Window(1920, 800), settings.get());
    assertEquals(List.of("\"width\" cannot be 600 with the other settings (a window is wider than it is tall: 600 x 800);"
        + " the default 1920 is used"), messages(settings));
    assertEquals(new SourceLocation(file.toString(), 1, 12, "/width"), settings.warnings().get(0).location().orElseThrow());
  }

  /**
   * A place is the line and column an editor shows: characters, not the bytes Jackson counts (an
   * "ï" is two), and no column for a byte order mark.
   */
  @Test
  void aPlaceInTheFile_isTheColumnAnEditorShows() throws Exception {
    Path file = Files.writeString(temp.resolve("Window.json"), "\uFEFF{ \"width\": \"wide\", \"height\": 800 }");

    Settings<Window> marked = Settings.loadOrCreate(file, WINDOW);

    assertEquals(new SourceLocation(file.toString(), 1, 12, "/width"), marked.warnings().get(0).location().orElseThrow());
    Files.writeString(file, "{ \"wïdth\": 600, ");
    Settings<Window> malformed = Settings.loadOrCreate(file, WINDOW);
    assertTrue(malformed.warnings().get(0).message().startsWith(file + " is not valid JSON at line 1, column 17 ("),
        malformed.warnings().get(0).message());
  }

  /** Review finding 2: when no one value's default helps, the file goes aside before anything overwrites it. */
  @Test
  void aFileTheRecordRefusesWhole_isSetAside_andTheWarningSaysWhatFailed() throws Exception {
    String written = "{ \"width\": -1, \"height\": -5 }";
    Path file = Files.writeString(temp.resolve("Window.json"), written);

    Settings<Window> settings = Settings.loadOrCreate(file, WINDOW);

    assertEquals(new Window(1920, 1080), settings.get());
    Problem warning = settings.warnings().get(0);
    assertEquals("Overture/InvalidSetting", warning.id());
    assertTrue(warning.message().matches(Pattern.quote(file + " holds settings that do not fit together (Window's constructor threw"
        + " java.lang.IllegalStateException at SettingsValuesTest.java:") + "\\d+" + Pattern.quote(
        "); it was moved to Window.json.corrupt-1 and the defaults are used")), warning.message());
    assertEquals(written, Files.readString(temp.resolve("Window.json.corrupt-1")), "kept as it was");
    assertEquals(new Window(1920, 1080), Settings.loadOrCreate(file, WINDOW).get(), "the defaults were saved in its place");
    assertEquals(List.of(Problem.error("Overture/InvalidSetting", warning.message().substring(0, warning.message().indexOf("; it was")))
            .at(SourceLocation.ofFile(file.toString()))),
        Settings.check(Files.writeString(file, written), WINDOW), "validation reports it as an error");
  }

  /** Review finding 5: a program's value out of range was saved, and the next load warned about the game's own file. */
  @Test
  void setting_numbersOutsideTheirRange_isRefused_namingEach() throws Exception {
    Settings<LocalSettings> settings = Settings.loadOrCreate(local(), SettingsKind.LOCAL);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> settings.update(values -> values.withOverallVolume(7.0).withFrameRateLimit(-30)));

    assertEquals("setting /frameRateLimit must be 0 to 1000: -30; setting /overallVolume must be 0 to 1: 7.0", e.getMessage());
    assertEquals(LocalSettings.defaults(), settings.get(), "unchanged");
    settings.update(values -> values.withOverallVolume(0.0).withFrameRateLimit(1000)); // both ends are in the range
    settings.save();
    Settings<LocalSettings> read = Settings.loadOrCreate(local(), SettingsKind.LOCAL);
    assertEquals(settings.get(), read.get());
    assertEquals(List.of(), read.warnings());
  }

  private static List<Path> listed(Path folder) throws java.io.IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(path -> !path.getFileName().toString().startsWith(".")).sorted().toList();
    }
  }

  private static LocalSettings withMusicVolume(LocalSettings values, double volume) {
    return new LocalSettings(values.resolutionWidth(), values.resolutionHeight(), values.windowMode(), values.frameRateLimit(),
        values.overallVolume(), volume, values.effectsVolume(), values.dialogueVolume(), values.voiceChatVolume(), values.safeZone(),
        values.deviceProfileSuffix(), values.framePacingMode(), values.mobileFrameRateLimit(), values.headphoneMode(),
        values.latencyTrackingStats(), values.scalability());
  }
}
