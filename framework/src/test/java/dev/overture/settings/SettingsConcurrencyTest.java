package dev.overture.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.reliability.ChildJvm;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One settings file saved over and over by two threads or two programs at once (review finding 1:
 * in 5 runs of 5, one program's last change was lost). Each save's read, merge and write hold the
 * file's lock, so the two take turns and each keeps the other's change.
 */
class SettingsConcurrencyTest {

  private static final int SAVES = 300;

  @TempDir Path temp;

  /**
   * A child program: {@code <file> <volume|frames> <saves> <ready-marker>}. Loads the settings,
   * writes the marker, waits for a line on its input (so that both children start together), then
   * saves {@code saves} times, changing one field each time.
   */
  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    int saves = Integer.parseInt(args[2]);
    Settings<LocalSettings> settings = Settings.loadOrCreate(file, SettingsKind.LOCAL);
    Files.writeString(Path.of(args[3]), file.toString());
    new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
    saveOverAndOver(settings, args[1], saves);
  }

  private static void saveOverAndOver(Settings<LocalSettings> settings, String field, int saves) throws Exception {
    for (int k = 1; k <= saves; k++) {
      int n = k;
      settings.update(values -> field.equals("volume") ? values.withOverallVolume(n / 1000.0) : values.withFrameRateLimit(n));
      settings.save();
    }
  }

  @Test
  @Tag(ChildJvm.TAG)
  @Timeout(180) // two JVMs and 600 saves, each flushed to the disk, on a machine busy with other tests
  void twoProgramsSavingOneFileOverAndOver_keepEachOthersChanges() throws Exception {
    Path file = SettingsFolder.at(temp).localFile(SettingsKind.LOCAL);
    Settings.loadOrCreate(file, SettingsKind.LOCAL);
    ChildJvm volume = child(file, "volume");
    ChildJvm frames = child(file, "frames");
    volume.awaitHold();
    frames.awaitHold();

    volume.send("go");
    frames.send("go");

    assertEquals(0, volume.awaitExit(), volume.output());
    assertEquals(0, frames.awaitExit(), frames.output());
    LocalSettings saved = Settings.loadWithoutApplying(file, SettingsKind.LOCAL).get();
    assertEquals(SAVES / 1000.0, saved.overallVolume(), "the first program's last change");
    assertEquals(SAVES, saved.frameRateLimit(), "the second program's last change");
  }

  @Test
  void twoThreadsSavingOneFileOverAndOver_eachWithItsOwnSettings_keepEachOthersChanges() throws Exception {
    Path file = SettingsFolder.at(temp).localFile(SettingsKind.LOCAL);
    Settings<LocalSettings> volume = Settings.loadOrCreate(file, SettingsKind.LOCAL);
    Settings<LocalSettings> frames = Settings.loadOrCreate(file, SettingsKind.LOCAL);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      List<Callable<Void>> savers = List.of(
          () -> {
            saveOverAndOver(volume, "volume", SAVES);
            return null;
          },
          () -> {
            saveOverAndOver(frames, "frames", SAVES);
            return null;
          });
      for (Future<Void> saver : threads.invokeAll(savers)) {
        saver.get(); // rethrows what the saver threw
      }
    } finally {
      threads.shutdownNow();
    }

    LocalSettings saved = Settings.loadWithoutApplying(file, SettingsKind.LOCAL).get();
    assertEquals(SAVES / 1000.0, saved.overallVolume());
    assertEquals(SAVES, saved.frameRateLimit());
  }

  private ChildJvm child(Path file, String field) throws Exception {
    Path ready = temp.resolve(field + ".ready");
    return ChildJvm.start(ready, temp.resolve(field + ".log"), Map.of(), SettingsConcurrencyTest.class.getName(),
        List.of(file.toString(), field, String.valueOf(SAVES), ready.toString()));
  }
}
