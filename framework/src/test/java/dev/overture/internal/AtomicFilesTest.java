package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules of one atomic write, in this process: a link is written through, only a regular
 * writable file is replaced, a file keeps its permissions, a name is published only when free, and
 * a temporary file is recognisably ours and removed once the process that made it is gone (issue
 * 14). A write killed half-way is {@code dev.overture.reliability.AtomicWriteReliabilityTest}.
 */
class AtomicFilesTest {

  @TempDir Path temp;

  /**
   * A failure the system gives no words for is said as what it is: a folder removed before its
   * temporary could be made, a write interrupted (a run stopped), never "an input/output error",
   * which sends the user to check a disk that is fine. The target is left as it was.
   */
  @Test
  void aFailureWithoutTheSystemsWords_isSaidAsWhatItIs_notAsADiskFault() throws Exception {
    Path gone = temp.resolve("gone").resolve("Build.version");
    IOException missing = assertThrows(IOException.class, () -> AtomicFiles.newTemporary(gone));
    assertEquals(gone + ": cannot be written: no file can be made in its folder " + gone.getParent() + " (no such file or folder)",
        Failures.describe(missing));

    Path file = Files.writeString(temp.resolve("settings.json"), "{}");
    Thread.currentThread().interrupt();
    IOException interrupted;
    try {
      interrupted = assertThrows(IOException.class, () -> AtomicFiles.write(file, "{ \"a\": 1 }".getBytes(StandardCharsets.UTF_8)));
    } finally {
      Thread.interrupted();
    }
    assertEquals(file + ": cannot be written: the write was interrupted", Failures.describe(interrupted));
    assertEquals("{}", Files.readString(file));
    try (Stream<Path> left = Files.list(temp)) {
      assertEquals(List.of(file), left.toList(), "no temporary left");
    }
  }

  @Test
  void aTargetWhoseNameIsNearTheLimit_isWrittenToo_itsTemporaryNameCutShort() throws Exception {
    // 245 bytes: the file system takes the name (255 at most), but not with the temporary's 37 more.
    Path file = temp.resolve("P".repeat(240) + ".json");
    Files.writeString(file, "{}");
    Path accented = temp.resolve("é".repeat(120) + ".json"); // 245 bytes in UTF-8, in 125 characters

    AtomicFiles.write(file, "{ \"a\": 1 }".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    AtomicFiles.write(accented, "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8));

    assertEquals("{ \"a\": 1 }", Files.readString(file));
    assertEquals("{}", Files.readString(accented));
    String cut = AtomicFiles.shortened("é".repeat(120) + ".json", ".overture-1234-0123456789abcdef.tmp");
    assertTrue(("." + cut + ".overture-1234-0123456789abcdef.tmp-journal").getBytes(java.nio.charset.StandardCharsets.UTF_8).length
        <= 255, cut);
    assertTrue(cut.chars().allMatch(c -> c == 'é'), "cut at a character's end: " + cut);
  }

  /** Review finding 1 of the settings: a stamp taken after the rename could be of the next writer's file. */
  @Test
  void aWrite_returnsTheStampOfWhatItWrote_soTheNextWritersFileIsAChange() throws Exception {
    Path real = Files.writeString(temp.resolve("real.json"), "old");
    Path link = Files.createSymbolicLink(temp.resolve("link.json"), real.getFileName());

    FileStamp written = AtomicFiles.write(link, "ours".getBytes(StandardCharsets.UTF_8));

    assertEquals(real, written.file(), "stamped as the file the link points to");
    assertEquals(null, written.changeSince(), "the file as written");
    AtomicFiles.write(real, "ours".getBytes(StandardCharsets.UTF_8)); // another program's, the same bytes
    assertEquals("it was replaced by another file", written.changeSince());
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

  /** Review of the ids branch, finding 5: temporaries and copies took the umask's permissions. */
  @Test
  void aTemporary_isNoMoreReadableThanTheFileItReplacesOrCopies() throws Exception {
    Path secret = Files.writeString(temp.resolve("secret.db"), "old");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));

    Path replacing = AtomicFiles.newTemporary(secret);
    Path backup = AtomicFiles.newTemporary(temp.resolve("secret.db.backup"), secret);

    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(replacing)));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(backup)));
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("r--r-----"));
    AtomicFiles.copyPermissions(secret, backup);
    assertEquals("r--r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(backup)));
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
  void aMissingFile_isCreated_inFoldersMadeForIt_withTheProcesssDefaultPermissions() throws Exception {
    Path target = temp.resolve("saves/slot1/game.json");

    AtomicFiles.write(target, "{}".getBytes(StandardCharsets.UTF_8));

    assertEquals("{}", Files.readString(target));
    assertEquals(Files.getPosixFilePermissions(Files.createFile(temp.resolve("plain"))), Files.getPosixFilePermissions(target),
        "not the owner-only mode of a temporary file");
    assertEquals(List.of("game.json"), names(target.getParent()), "no temporary left");
  }

  @Test
  void aLoopOfLinks_isRefused_andNothingIsWritten() throws Exception {
    Path a = temp.resolve("a.json");
    Path b = temp.resolve("b.json");
    Files.createSymbolicLink(a, b.getFileName());
    Files.createSymbolicLink(b, a.getFileName());

    FileSystemException e = assertThrows(FileSystemException.class, () -> AtomicFiles.write(a, new byte[] {1}));

    assertEquals(a + ": too many symbolic links (a loop?)", e.getMessage());
    assertEquals(List.of("a.json", "b.json"), names(temp));
  }

  @Test
  void target_isTheFileAtTheEndOfTheLinks_evenAMissingOne() throws Exception {
    Path link = Files.createSymbolicLink(temp.resolve("link.json"), Path.of("sub/../real.json"));

    assertEquals(temp.resolve("real.json"), AtomicFiles.target(link));
    assertEquals(temp.resolve("plain.json"), AtomicFiles.target(temp.resolve("x/../plain.json")));
  }

  @Test
  void aTemporary_isNamedAsOurs_besideTheFileALinkPointsTo() throws Exception {
    Path folder = Files.createDirectories(temp.resolve("real"));
    Path link = Files.createSymbolicLink(temp.resolve("settings.json"), folder.resolve("settings.json"));

    Path temporary = AtomicFiles.newTemporary(link);

    assertEquals(folder, temporary.getParent());
    assertTrue(Pattern.matches("\\.settings\\.json\\.overture-" + ProcessHandle.current().pid() + "-[0-9a-f]{16}\\.tmp",
        temporary.getFileName().toString()), temporary.toString());
    assertEquals(0, Files.size(temporary));
    assertEquals(Files.getPosixFilePermissions(Files.createFile(temp.resolve("plain"))), Files.getPosixFilePermissions(temporary));
  }

  @Test
  void publish_givesTheName_onlyWhenItIsFree() throws Exception {
    Path name = temp.resolve("save-1.json");
    Path first = AtomicFiles.newTemporary(name);
    Files.writeString(first, "first");

    AtomicFiles.publish(first, name);

    assertEquals("first", Files.readString(name));
    assertFalse(Files.exists(first), "the temporary is gone");
    Path second = AtomicFiles.newTemporary(name);
    Files.writeString(second, "second");
    assertThrows(FileAlreadyExistsException.class, () -> AtomicFiles.publish(second, name));
    assertEquals("first", Files.readString(name), "never replaced");
    assertEquals("second", Files.readString(second), "the temporary is still there");
  }

  @Test
  void leftovers_areLookedForInEveryFolderBelow_andAMissingFolderHasNone() throws Exception {
    long gone = endedProcess();
    Path deep = Files.createDirectories(temp.resolve("a/b"));
    Path top = Files.createFile(temp.resolve(".x.json.overture-" + gone + "-0123456789abcdef.tmp"));
    Path below = Files.createFile(deep.resolve(".y.json.overture-" + gone + "-0123456789abcdef.tmp-wal"));

    List<AtomicFiles.Leftover> removed = AtomicFiles.removeLeftoversUnder(temp);

    assertEquals(List.of(top, below), removed.stream().map(AtomicFiles.Leftover::file).sorted().toList());
    assertEquals(List.of(gone, gone), removed.stream().map(AtomicFiles.Leftover::process).toList());
    assertFalse(Files.exists(top) || Files.exists(below));
    assertEquals(List.of(), AtomicFiles.removeLeftoversUnder(temp.resolve("missing")));
    assertEquals(List.of(), AtomicFiles.removeLeftovers(temp.resolve("missing")));
  }

  @Test
  void aFolderNamedLikeATemporary_isNotRemoved() throws Exception {
    Path folder = Files.createDirectory(temp.resolve(".x.json.overture-" + endedProcess() + "-0123456789abcdef.tmp"));

    assertEquals(List.of(), AtomicFiles.removeLeftovers(temp));
    assertTrue(Files.isDirectory(folder));
  }

  private static long endedProcess() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    return ended.pid();
  }

  private List<String> names() throws IOException {
    return names(temp);
  }

  private static List<String> names(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(path -> path.getFileName().toString()).sorted().toList();
    }
  }

  /**
   * A hostile review: writing a file into a folder this user may not write named the hidden
   * temporary ("/x/.AbilitySet.schema.json.overture-...tmp: permission denied"). The refusal names
   * the user's file and why, from the disk as it is. An administrator writes in such a folder all
   * the same, so as one the child runs in a user namespace of its own (unshare -U).
   */
  @Test
  void aFolderThisUserMayNotWrite_isSaidOfTheUsersFile_notOfTheTemporary() throws Exception {
    Path folder = Files.createDirectories(temp.resolve("locked"));
    Path target = folder.resolve("AbilitySet.schema.json");
    Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      List<String> command = new java.util.ArrayList<>();
      if (Files.isWritable(folder)) {
        org.junit.jupiter.api.Assumptions.assumeTrue(
            new ProcessBuilder("unshare", "-U", "true").redirectErrorStream(true).start().waitFor() == 0,
            "an administrator's child needs unshare -U to meet a folder it may not write");
        command.addAll(List.of("unshare", "-U"));
      }
      command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("java.class.path"), AtomicFilesTest.class.getName(), target.toString()));
      Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(child.waitFor(2, java.util.concurrent.TimeUnit.MINUTES), "the child ended");

      assertEquals(target + ": cannot be written: its folder " + folder
          + " does not let this user create files there (permission denied)\n", output);
      assertEquals(List.of(), Files.list(folder).toList(), "nothing left in it");
    } finally {
      Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  /** The child of {@link #aFolderThisUserMayNotWrite_isSaidOfTheUsersFile_notOfTheTemporary}: writes its argument, prints why not. */
  public static void main(String[] args) {
    try {
      AtomicFiles.write(Path.of(args[0]), "{}".getBytes(StandardCharsets.UTF_8));
      System.out.println("written");
    } catch (IOException e) {
      System.out.println(Failures.describe(e));
    }
  }
}
