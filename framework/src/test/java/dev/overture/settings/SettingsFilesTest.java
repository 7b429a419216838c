package dev.overture.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overture.core.Problem;
import dev.overture.reliability.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

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

  /**
   * Review: the in-process lock was keyed by the lock file's absolute path, so a save through a
   * link to the settings folder took a second lock while another thread held the first, and met
   * that thread's operating-system lock: an OverlappingFileLockException instead of waiting. The
   * lock waits no time here, so the test does not either: what it says is that it waited.
   */
  @Test
  void twoSpellingsOfOneFolder_shareOneLock() throws Exception {
    Path folder = Files.createDirectories(temp.resolve("settings"));
    Path link = Files.createSymbolicLink(temp.resolve("link"), folder);
    java.time.Duration wait = SettingsFiles.lockWait;
    SettingsFiles.lockWait = java.time.Duration.ZERO;
    try (SettingsFiles.Lock held = SettingsFiles.lock(folder.resolve("LocalSettings.json"))) {
      java.util.concurrent.CompletableFuture<Void> other = java.util.concurrent.CompletableFuture.runAsync(() -> {
        try (SettingsFiles.Lock second = SettingsFiles.lock(link.resolve("LocalSettings.json"))) {
          throw new AssertionError("took a second lock of one file");
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class, other::get);

      assertEquals(java.io.UncheckedIOException.class, e.getCause().getClass(), String.valueOf(e.getCause()));
      Path lockFile = link.resolve(".LocalSettings.json.lock");
      assertEquals(lockFile + ": another thread of this program has held the lock of " + lockFile + " for 0 ms without finishing its"
          + " save, so it is stuck (a thread dump, jstack " + ProcessHandle.current().pid() + ", shows where); do not delete the lock"
          + " file", e.getCause().getCause().getMessage());
    } finally {
      SettingsFiles.lockWait = wait;
    }
  }

  /** What a test puts where a settings file's lock file goes. */
  enum LockFileKind {
    PIPE("a named pipe"), FOLDER("a folder"), LINK("a symbolic link"), DANGLING_LINK("a symbolic link"), SOCKET("a socket");

    final String words;

    LockFileKind(String words) {
      this.words = words;
    }

    void make(Path lockFile, Path elsewhere) throws Exception {
      switch (this) {
        case PIPE -> assertEquals(0, new ProcessBuilder("mkfifo", lockFile.toString()).start().waitFor(), "mkfifo");
        case FOLDER -> Files.createDirectories(lockFile);
        case LINK -> Files.createSymbolicLink(lockFile, Files.writeString(elsewhere, "someone's file"));
        case DANGLING_LINK -> Files.createSymbolicLink(lockFile, elsewhere);
        case SOCKET -> java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)
            .bind(java.net.UnixDomainSocketAddress.of(lockFile)).close(); // the socket file stays
      }
    }
  }

  /**
   * Review (plugins) D1: a named pipe as {@code .LocalSettings.json.lock} hung loading and saving
   * forever, in open(2), before the lock's 10 s wait began; a link there was followed, and a folder
   * said only "Is a directory" of the settings file. The timeout runs the test on a thread of its own,
   * so that a hang, which no interrupt ends, fails it instead of stopping the build.
   */
  @ParameterizedTest
  @EnumSource(LockFileKind.class)
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aLockFileThatIsNotARegularFile_isRefusedUnopened_namedWithWhatToDo(LockFileKind kind) throws Exception {
    Path folder = Files.createDirectories(temp.resolve("Overture"));
    Path file = folder.resolve("LocalSettings.json");
    Path lockFile = folder.resolve(".LocalSettings.json.lock");
    Path elsewhere = temp.resolve("elsewhere");
    kind.make(lockFile, elsewhere);
    String expected = "Could not save " + file + ": its lock file " + lockFile + " is " + kind.words + ", not a regular file, so"
        + " it was not opened; remove it (" + (kind == LockFileKind.FOLDER ? "rm -r " : "rm ") + lockFile + ": nothing is lost, a"
        + " new lock file is made at the next save)";

    IOException creating = assertThrows(IOException.class, () -> Settings.loadOrCreate(file, SettingsKind.LOCAL));
    Files.write(file, SettingsJson.toBytes(SettingsKind.LOCAL, LocalSettings.defaults()));
    byte[] saved = Files.readAllBytes(file);
    Settings<LocalSettings> settings = Settings.loadOrCreate(file, SettingsKind.LOCAL); // a sound file needs no lock to be read
    settings.update(values -> values.withOverallVolume(0.5));
    IOException saving = assertThrows(IOException.class, settings::save);
    Files.writeString(file, "{ \"overallVolume\": ");
    Settings<LocalSettings> damaged = Settings.loadOrCreate(file, SettingsKind.LOCAL);

    assertEquals(expected, creating.getMessage());
    assertEquals(expected, saving.getMessage());
    assertEquals(List.of(file + " is not valid JSON at line 1, column 20 (Unexpected end-of-input within/between Object entries);"
        + " it could not be moved aside (" + expected.substring(("Could not save " + file + ": ").length()) + "), so it was left as it"
        + " is, and the defaults are used without being saved"), messages(damaged));
    assertEquals(List.of(".LocalSettings.json.lock", "LocalSettings.json"), allNames(folder), "nothing set aside, no temporary");
    assertEquals(kind == LockFileKind.LINK ? List.of("someone's file") : List.of(),
        Files.exists(elsewhere) ? Files.readAllLines(elsewhere) : List.of(), "a link's target is neither created nor written");
    assertTrue(saved.length > 0);
  }

  /** Review finding 6: a locked file was moved aside and replaced by a writable one. */
  @Test
  void aReadOnlyDamagedFile_staysAsItIs_theDefaultsAreUsedUnsaved_andASaveSaysWhyNot() throws Exception {
    Path file = Files.writeString(temp.resolve("LocalSettings.json"), "{ \"overallVolume\": ");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));

    Settings<LocalSettings> settings = Settings.loadOrCreate(file, SettingsKind.LOCAL);

    assertEquals(LocalSettings.defaults(), settings.get());
    assertEquals(List.of(file + " is not valid JSON at line 1, column 20 (Unexpected end-of-input within/between Object entries);"
        + " the file is read-only, so it was left as it is, and the defaults are used without being saved"), messages(settings));
    assertEquals("Overture/CorruptSettings", settings.warnings().get(0).id());
    assertLeftAsItIs(file, "{ \"overallVolume\": ");

    settings.update(values -> values.withOverallVolume(0.5));
    IOException e = assertThrows(IOException.class, settings::save);

    assertEquals("Could not save " + file + ": the file is read-only", e.getMessage());
    assertLeftAsItIs(file, "{ \"overallVolume\": ");
  }

  private void assertLeftAsItIs(Path file, String content) throws Exception {
    assertEquals(content, Files.readString(file));
    assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    assertEquals(List.of(file.getFileName().toString()), names(file.getParent()), "nothing set aside");
  }

  @Test
  void aReadOnlyFile_isNotSaved_inOneSentence() throws Exception {
    Path file = temp.resolve("LocalSettings.json");
    Settings<LocalSettings> settings = Settings.loadOrCreate(file, SettingsKind.LOCAL);
    String saved = Files.readString(file);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
    settings.update(values -> values.withOverallVolume(0.5));

    IOException e = assertThrows(IOException.class, settings::save);

    assertEquals("Could not save " + file + ": the file is read-only", e.getMessage());
    assertLeftAsItIs(file, saved);
  }

  /** Review finding 4: "FileSystemException: ... Not a directory", with a stack through UnixCopyFile. */
  @Test
  void aSettingsFolderThatIsAFile_isNamed_whenLoadingAndWhenSaving() throws Exception {
    Path notAFolder = Files.writeString(temp.resolve("Overture"), "a file");
    Path local = SettingsFolder.at(notAFolder).localFile(SettingsKind.LOCAL);
    Path shared = notAFolder.resolve("player-1").resolve("SharedSettings.json");

    IOException loading = assertThrows(IOException.class, () -> Settings.loadOrCreate(local, SettingsKind.LOCAL));
    IOException loadingShared = assertThrows(IOException.class, () -> Settings.loadOrCreate(shared, SettingsKind.SHARED));
    IOException saving = assertThrows(IOException.class, () -> Settings.createTemporary(local, SettingsKind.LOCAL).save());

    assertEquals("Could not save " + local + ": " + notAFolder + " is a file, not a folder", loading.getMessage());
    assertEquals("Could not save " + shared + ": " + notAFolder + " is a file, not a folder", loadingShared.getMessage());
    assertEquals(loading.getMessage(), saving.getMessage());
    assertEquals("a file", Files.readString(notAFolder));
  }

  @Test
  void aDamagedFileFoundWhenSaving_isSetAsideFirst_notWrittenOver() throws Exception {
    Path file = temp.resolve("LocalSettings.json");
    Settings<LocalSettings> settings = Settings.loadOrCreate(file, SettingsKind.LOCAL);
    Files.writeString(file, "{ not json"); // another program's
    Path other = Files.writeString(temp.resolve("Other.json"), "[]");
    settings.update(values -> values.withOverallVolume(0.5));

    settings.save();
    Settings.createTemporary(other, SettingsKind.LOCAL).save();

    assertEquals(settings.get(), Settings.loadOrCreate(file, SettingsKind.LOCAL).get());
    assertEquals("{ not json", Files.readString(temp.resolve("LocalSettings.json.corrupt-1")));
    assertEquals("[]", Files.readString(temp.resolve("Other.json.corrupt-1")), "temporary settings too");
    assertEquals(LocalSettings.defaults(), Settings.loadOrCreate(other, SettingsKind.LOCAL).get());
  }

  // ---- a read-only folder: run in a child program, without the administrator's right to write anywhere

  /** A child program: {@code save <file>} (loads, changes the volume, saves) or {@code load <file>}; prints what it met. */
  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[1]);
    Settings<LocalSettings> settings = Settings.loadOrCreate(file, SettingsKind.LOCAL);
    System.out.println("volume=" + settings.get().overallVolume());
    settings.warnings().forEach(warning -> System.out.println("warning=" + warning.message()));
    if (args[0].equals("save")) {
      settings.update(values -> values.withOverallVolume(0.5));
      try {
        settings.save();
        System.out.println("saved");
      } catch (IOException e) {
        System.out.println("failed=" + e.getMessage());
      }
    }
  }

  /** Review finding 4: AccessDeniedException naming .LocalSettings.json.overture-15770-063e1adcf111c074.tmp. */
  @Test
  @Tag(ChildJvm.TAG)
  @Timeout(120)
  void aSaveIntoAReadOnlyFolder_failsInOneSentence_leavingTheFolderAsItWas() throws Exception {
    Path folder = Files.createDirectories(temp.resolve("Overture"));
    Path file = Files.write(folder.resolve("LocalSettings.json"), SettingsJson.toBytes(SettingsKind.LOCAL, LocalSettings.defaults()));

    String output = inReadOnly(folder, "save", file);

    assertEquals("volume=1.0\nfailed=Could not save " + file + ": the folder " + folder + " is read-only\n", output);
    assertEquals(List.of("LocalSettings.json"), allNames(folder), "no temporary, no lock file");
    assertEquals(LocalSettings.defaults(), Settings.loadOrCreate(file, SettingsKind.LOCAL).get());
  }

  /** Review finding 4: AccessDeniedException: ro/d/LocalSettings.json -> ro/d/LocalSettings.json.corrupt-1; the game could not start. */
  @Test
  @Tag(ChildJvm.TAG)
  @Timeout(120)
  void aDamagedFileInAReadOnlyFolder_staysAsItIs_andTheGameStartsWithTheDefaults() throws Exception {
    Path folder = Files.createDirectories(temp.resolve("Overture"));
    Path file = Files.writeString(folder.resolve("LocalSettings.json"), "{ \"overallVolume\": ");

    String output = inReadOnly(folder, "load", file);

    assertEquals("volume=1.0\nwarning=" + file + " is not valid JSON at line 1, column 20 (Unexpected end-of-input within/between"
        + " Object entries); it could not be moved aside (the folder " + folder + " is read-only), so it was left as it is, and the"
        + " defaults are used without being saved\n", output);
    assertEquals(List.of("LocalSettings.json"), allNames(folder));
    assertEquals("{ \"overallVolume\": ", Files.readString(file));
  }

  @Test
  @Tag(ChildJvm.TAG)
  @Timeout(120)
  void aFolderInPlaceOfTheFile_inAReadOnlyFolder_staysToo_forTheFoldersReason() throws Exception {
    Path folder = Files.createDirectories(temp.resolve("Overture"));
    Path file = Files.createDirectories(folder.resolve("LocalSettings.json"));

    String output = inReadOnly(folder, "load", file);

    assertEquals("volume=1.0\nwarning=" + file + " is a folder, not a regular file; it was not opened; it could not be moved aside"
        + " (the folder " + folder + " is read-only), so it was left as it is, and the defaults are used without being saved\n", output);
    assertTrue(Files.isDirectory(file));
  }

  /**
   * Runs this class's {@link #main} in a child program with {@code folder} read-only; returns what it
   * printed. An administrator writes in a read-only folder all the same, so as one the child runs in
   * a user namespace of its own (unshare -U), where the folder's permissions hold for it.
   */
  private String inReadOnly(Path folder, String mode, Path file) throws Exception {
    Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      List<String> command = new ArrayList<>();
      if (Files.isWritable(folder)) {
        assumeTrue(new ProcessBuilder("unshare", "-U", "true").redirectErrorStream(true).start().waitFor() == 0,
            "an administrator's child needs unshare -U to meet a read-only folder");
        command.addAll(List.of("unshare", "-U"));
      }
      command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("java.class.path"), SettingsFilesTest.class.getName(), mode, file.toString()));
      Path log = temp.resolve(mode + ".log");
      Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the child ended");
      String output = Files.readString(log).lines().filter(line -> !line.contains(" WARN ")).map(line -> line + "\n")
          .collect(Collectors.joining());
      assertEquals(0, child.exitValue(), output);
      return output;
    } finally {
      Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  private static List<String> allNames(Path folder) throws Exception {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(path -> path.getFileName().toString()).sorted().toList();
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
