package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The check every path a user names goes through before it is opened: from attributes, never blocking. */
class SpecialFilesTest {

  @TempDir Path temp;

  private Path pipe() throws Exception {
    Path pipe = temp.resolve("pipe");
    assertEquals(0, new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor(), "mkfifo");
    return pipe;
  }

  @Test
  void aNamedPipe_isRefusedAsAFileAndAsAFolder_withoutBeingOpened() throws Exception {
    Path pipe = pipe();

    // Opening it for reading would wait for a writer: a hang fails the test instead of stopping the build.
    NotARegularFileException notFile = assertTimeoutPreemptively(Duration.ofSeconds(30),
        () -> assertThrows(NotARegularFileException.class, () -> SpecialFiles.requireRegularFile(pipe)));
    NotDirectoryException notFolder = assertTimeoutPreemptively(Duration.ofSeconds(30),
        () -> assertThrows(NotDirectoryException.class, () -> SpecialFiles.requireFolder(pipe)));

    assertEquals(pipe + " is a named pipe, not a regular file; it was not opened", notFile.getMessage());
    assertEquals(pipe.toString(), notFolder.getFile());
  }

  @Test
  void eachKindOfPath_isNamedForWhatItIs() throws Exception {
    Path file = Files.writeString(temp.resolve("notes.txt"), "mine");
    Path link = Files.createSymbolicLink(temp.resolve("nowhere"), temp.resolve("gone"));

    assertEquals("a regular file", SpecialFiles.kindOf(file));
    assertEquals("a folder", SpecialFiles.kindOf(temp));
    assertEquals("a named pipe", SpecialFiles.kindOf(pipe()));
    assertEquals("missing", SpecialFiles.kindOf(temp.resolve("absent")));
    assertEquals("missing", SpecialFiles.kindOf(link), "a link is followed");
    assertTrue(SpecialFiles.requireRegularFile(file).isRegularFile());
    SpecialFiles.requireFolder(temp);
    assertThrows(NotDirectoryException.class, () -> SpecialFiles.requireFolder(file));
    assertThrows(NoSuchFileException.class, () -> SpecialFiles.requireFolder(temp.resolve("absent")));
  }

  @Test
  void aFileOvertureMakesItself_isCheckedWithoutFollowingALink() throws Exception {
    Path file = Files.writeString(temp.resolve("notes.txt"), "mine");
    Path link = Files.createSymbolicLink(temp.resolve("link"), file);

    assertTrue(SpecialFiles.requireRegularFileOrNothing(file).orElseThrow().isRegularFile());
    assertTrue(SpecialFiles.requireRegularFileOrNothing(temp.resolve("absent")).isEmpty());
    NotARegularFileException refused = assertThrows(NotARegularFileException.class, () -> SpecialFiles.requireRegularFileOrNothing(link));
    Path pipe = pipe();
    NotARegularFileException pipeRefused = assertTimeoutPreemptively(Duration.ofSeconds(30),
        () -> assertThrows(NotARegularFileException.class, () -> SpecialFiles.requireRegularFileOrNothing(pipe)));

    assertEquals(link + " is a symbolic link, not a regular file; it was not opened", refused.getMessage());
    assertEquals("a named pipe", pipeRefused.kind());
    assertEquals("a folder", assertThrows(NotARegularFileException.class, () -> SpecialFiles.requireRegularFileOrNothing(temp)).kind());
  }
}
