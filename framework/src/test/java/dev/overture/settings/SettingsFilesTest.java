package dev.overture.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Settings files the disk will not let be written or moved, or that a link stands for: what the
 * user then sees (the messages, the files), and that nothing of theirs is lost. {@link SettingsTest}
 * has the file's content.
 */
class SettingsFilesTest {

  @TempDir Path temp;

  private static List<String> messages(Settings<?> settings) {
    return settings.warnings().stream().map(Problem::message).toList();
  }

  private static List<String> names(Path folder) throws Exception {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(path -> path.getFileName().toString()).filter(name -> !name.startsWith(".")).sorted().toList();
    }
  }

  @Test
  void aDamagedFileALinkPointsTo_isSetAsideBesideIt_andTheLinkStaysALink() throws Exception {
    Path dotfiles = Files.createDirectories(temp.resolve("dotfiles"));
    Path real = Files.writeString(dotfiles.resolve("LocalSettings.json"), "{ \"overallVolume\": ");
    Path link = Files.createSymbolicLink(temp.resolve("LocalSettings.json"), real);

    Settings<LocalSettings> settings = Settings.loadOrCreate(link, SettingsKind.LOCAL);

    assertEquals(List.of(link + " is not valid JSON at line 1, column 20 (Unexpected end-of-input within/between Object entries);"
        + " it was moved to LocalSettings.json.corrupt-1 and the defaults are used"), messages(settings));
    assertTrue(Files.isSymbolicLink(link), "the link is still a link");
    assertEquals(List.of("LocalSettings.json", "LocalSettings.json.corrupt-1"), names(dotfiles));
    assertEquals("{ \"overallVolume\": ", Files.readString(dotfiles.resolve("LocalSettings.json.corrupt-1")));
    assertEquals(LocalSettings.defaults(), Settings.loadOrCreate(real, SettingsKind.LOCAL).get(), "the defaults, through the link");
  }
}
