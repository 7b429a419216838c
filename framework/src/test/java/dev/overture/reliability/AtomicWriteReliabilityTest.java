package dev.overture.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.internal.AtomicFiles;
import dev.overture.settings.LocalSettings;
import dev.overture.settings.Settings;
import dev.overture.settings.SettingsKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rules of every atomic write (settings, content resave, schemas, the build version file, the
 * sample's save): a link is written through, only a regular writable file is replaced, and a
 * temporary file is recognisably ours and removed once the process that made it is gone (issue 14).
 */
class AtomicWriteReliabilityTest {

  @TempDir Path temp;

  /** The child of {@link #aWriteKilledBeforeItsRename_leavesTheFileWhole_andTheNextWriteRemovesTheTemporary}. */
  public static void main(String[] args) throws IOException {
    AtomicFiles.write(Path.of(args[0]), args[1].getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aSymbolicLink_isWrittenThrough_andStaysALink() throws Exception {
    Path real = Files.writeString(temp.resolve("real.txt"), "old");
    Path first = Files.createSymbolicLink(temp.resolve("first.txt"), real.getFileName());
    Path second = Files.createSymbolicLink(temp.resolve("second.txt"), first.getFileName());

    AtomicFiles.write(second, "new".getBytes(StandardCharsets.UTF_8));

    assertEquals("new", Files.readString(real));
    assertTrue(Files.isSymbolicLink(first) && Files.isSymbolicLink(second), "both links are still links");
    assertEquals(List.of("first.txt", "real.txt", "second.txt"), names(), "no temporary left");
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
  void aFolderAPipeOrAReadOnlyFile_isRefused_andLeftAsItIs() throws Exception {
    Path folder = Files.createDirectories(temp.resolve("folder.json"));
    Path pipe = temp.resolve("pipe.json");
    assertEquals(0, new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor(), "mkfifo");
    Path readOnly = Files.writeString(temp.resolve("locked.json"), "locked");
    Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r--r--r--"));
    byte[] bytes = "{}".getBytes(StandardCharsets.UTF_8);

    FileSystemException e = assertThrows(FileSystemException.class, () -> AtomicFiles.write(folder, bytes));
    assertEquals(folder + ": it is a folder, not a file", e.getMessage());
    e = assertThrows(FileSystemException.class, () -> AtomicFiles.write(pipe, bytes));
    assertEquals(pipe + ": it is not a regular file (a device, a pipe or a socket)", e.getMessage());
    e = assertThrows(AccessDeniedException.class, () -> AtomicFiles.write(readOnly, bytes));
    assertEquals(readOnly + ": the file is read-only", e.getMessage());

    assertTrue(Files.isDirectory(folder));
    assertEquals("locked", Files.readString(readOnly));
    assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(readOnly)), "its mode is unchanged");
    assertEquals(List.of("folder.json", "locked.json", "pipe.json"), names(), "no temporary left");
  }

  @Test
  void anExistingFile_keepsItsPermissions() throws Exception {
    Path secret = Files.writeString(temp.resolve("secret.json"), "old");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));

    AtomicFiles.write(secret, "new".getBytes(StandardCharsets.UTF_8));

    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(secret)));
  }

  @Test
  void onlyTemporariesOfProcessesThatAreGone_areRemoved() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    long gone = ended.pid();
    long alive = ProcessHandle.current().pid();
    Path dead = Files.createFile(temp.resolve(".game.json.overture-" + gone + "-0123456789abcdef.tmp"));
    Path deadJournal = Files.createFile(temp.resolve(".game.db.overture-" + gone + "-0123456789abcdef.tmp-journal"));
    Path live = Files.createFile(temp.resolve(".game.json.overture-" + alive + "-0123456789abcdef.tmp"));
    Path someoneElses = Files.createFile(temp.resolve(".game.json.1234abcd.tmp"));
    Path notATemporary = Files.createFile(temp.resolve("overture-" + gone + "-0123456789abcdef.tmp"));

    List<AtomicFiles.Leftover> removed = AtomicFiles.removeLeftovers(temp);

    assertEquals(List.of(deadJournal, dead), removed.stream().map(AtomicFiles.Leftover::file).sorted().toList());
    assertEquals("Removed " + dead + ", left behind by process " + gone + ", which stopped before it finished",
        removed.stream().filter(leftover -> leftover.file().equals(dead)).findFirst().orElseThrow().describe());
    assertTrue(Files.exists(live) && Files.exists(someoneElses) && Files.exists(notATemporary), "the rest is left alone");
  }

  @Test
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

  private List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(temp)) {
      return files.map(path -> path.getFileName().toString()).sorted().toList();
    }
  }
}
