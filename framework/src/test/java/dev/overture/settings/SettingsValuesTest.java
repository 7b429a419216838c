package dev.overture.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
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

  private static LocalSettings withMusicVolume(LocalSettings values, double volume) {
    return new LocalSettings(values.resolutionWidth(), values.resolutionHeight(), values.windowMode(), values.frameRateLimit(),
        values.overallVolume(), volume, values.effectsVolume(), values.dialogueVolume(), values.voiceChatVolume(), values.safeZone(),
        values.deviceProfileSuffix(), values.framePacingMode(), values.mobileFrameRateLimit(), values.headphoneMode(),
        values.latencyTrackingStats(), values.scalability());
  }
}
