package dev.overture.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.internal.AtomicFiles;
import dev.overture.settings.LocalSettings;
import dev.overture.settings.Settings;
import dev.overture.settings.SettingsKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Atomic writes (settings, content resave, schemas, the build version file, the sample's save) as a
 * user meets them: settings saved through a link, and a write killed before its rename, in a child
 * JVM, leaving the file whole and its temporary for the next write to remove (issue 14). The rules
 * of one write, in process, are {@code dev.overture.internal.AtomicFilesTest}.
 */
class AtomicWriteReliabilityTest {

  @TempDir Path temp;

  /** The child of {@link #aWriteKilledBeforeItsRename_leavesTheFileWhole_andTheNextWriteRemovesTheTemporary}. */
  public static void main(String[] args) throws IOException {
    AtomicFiles.write(Path.of(args[0]), args[1].getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void settingsSaved_throughASymbolicLink_reachTheFileItPointsTo() throws Exception {
    Path folder = Files.createDirectories(temp.resolve("dotfiles"));
    Path real = Files.writeString(folder.resolve("LocalSettings.json"), "{}");
    Path link = Files.createSymbolicLink(temp.resolve("LocalSettings.json"), real);
    Settings<LocalSettings> settings = Settings.loadOrCreate(link, SettingsKind.LOCAL);
    settings.update(values -> values.withOverallVolume(0.25));

    settings.save();

    assertTrue(Files.isSymbolicLink(link), "the link is still a link");
    assertTrue(Files.readString(real).contains("\"overallVolume\": 0.25"), Files.readString(real));
    assertEquals(0.25, Settings.loadOrCreate(link, SettingsKind.LOCAL).get().overallVolume());
  }

  @Test
  @Tag(ChildJvm.TAG)
  void aWriteKilledBeforeItsRename_leavesTheFileWhole_andTheNextWriteRemovesTheTemporary() throws Exception {
    Path target = Files.writeString(temp.resolve("settings.json"), "old");
    ChildJvm child = ChildJvm.holdingBeforeRename(temp, temp.resolve("child.log"), AtomicWriteReliabilityTest.class,
        target.toString(), "new");
    Path temporary = child.awaitHold();
    child.kill();

    assertEquals("old", Files.readString(target), "the file is whole: the old content");
    assertEquals(temp.resolve(".settings.json.overture-" + child.pid() + "-" + hexOf(temporary) + ".tmp"), temporary);
    assertEquals("new", Files.readString(temporary), "the killed write's temporary, recognisably ours");

    AtomicFiles.write(target, "newer".getBytes(StandardCharsets.UTF_8)); // the first write into the folder in this process

    assertEquals("newer", Files.readString(target));
    assertFalse(Files.exists(temporary), "removed, since the process that made it is gone");
  }

  private static String hexOf(Path temporary) {
    String name = temporary.getFileName().toString();
    return name.substring(name.lastIndexOf('-') + 1, name.length() - ".tmp".length());
  }
}
