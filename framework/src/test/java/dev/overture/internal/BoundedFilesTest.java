package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a whole file only when it is a regular file within a limit, and what a refusal says. */
class BoundedFilesTest {

  @TempDir Path temp;

  @Test
  void aFileUpToTheLimit_isReadWhole() throws Exception {
    byte[] bytes = new byte[100_000];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) i;
    }
    Path file = Files.write(temp.resolve("big.bin"), bytes);

    assertArrayEquals(bytes, BoundedFiles.read(file, 100_000, "Limits.max"));
    assertArrayEquals(new byte[0], BoundedFiles.read(Files.createFile(temp.resolve("empty.json")), 0, "Limits.max"));
  }

  @Test
  void aFileOneBytePastTheLimit_isRefused_sayingItsSizeAndTheLimit() throws Exception {
    Path file = Files.write(temp.resolve("a.json"), new byte[11]);

    FileTooLargeException e = assertThrows(FileTooLargeException.class, () -> BoundedFiles.read(file, 10, "Limits.max"));

    assertEquals(file + " is 11 bytes; the largest accepted is 10 bytes (Limits.max)", e.getMessage());
    assertEquals(11, e.size());
    assertEquals(10, e.limit());
    assertEquals("Limits.max", e.limitName());
  }

  @Test
  void aFileKnownOnlyToExceedTheLimit_saysSo() {
    FileTooLargeException e = new FileTooLargeException(Path.of("a.json"), -1, 10, "Limits.max");

    assertEquals("a.json is larger than the limit; the largest accepted is 10 bytes (Limits.max)", e.getMessage());
  }

  @Test
  void aFolderOrAPipe_isRefusedWithoutBeingOpened_namingWhatItIs() throws Exception {
    Path folder = Files.createDirectory(temp.resolve("folder.json"));
    Path pipe = temp.resolve("pipe.json");
    assertEquals(0, new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor(), "mkfifo");

    NotARegularFileException e = assertThrows(NotARegularFileException.class, () -> BoundedFiles.read(folder, 10, "Limits.max"));
    assertEquals(folder + " is a folder, not a regular file; it was not opened", e.getMessage());
    assertEquals("a folder", e.kind());
    e = assertThrows(NotARegularFileException.class, () -> BoundedFiles.read(pipe, 10, "Limits.max"));
    assertEquals(pipe + " is a named pipe, not a regular file; it was not opened", e.getMessage(), "and the read did not block");
    assertEquals("a named pipe", e.kind());
  }

  @Test
  void devicesAndSockets_areNamed() throws Exception {
    Path device = Path.of("/dev/null");
    Path socket = temp.resolve("game.sock");

    assertEquals("a device", NotARegularFileException.kindOf(device, Files.readAttributes(device, BasicFileAttributes.class)));
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket));
      NotARegularFileException e = assertThrows(NotARegularFileException.class, () -> BoundedFiles.read(socket, 10, "Limits.max"));
      assertEquals(socket + " is a socket, not a regular file; it was not opened", e.getMessage());
    }
  }

  @Test
  void whatCannotBeToldApart_isASpecialFile() throws Exception {
    BasicFileAttributes notAFolder = Files.readAttributes(Path.of("/dev/null"), BasicFileAttributes.class);

    assertEquals("a special file", NotARegularFileException.kindOf(temp.resolve("gone"), notAFolder), "its mode cannot be read");
  }

  @Test
  void aMissingFile_isNoSuchFile_andABadLimitIsRefused() {
    Path missing = temp.resolve("missing.json");

    assertThrows(NoSuchFileException.class, () -> BoundedFiles.read(missing, 10, "Limits.max"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BoundedFiles.read(missing, -1, "Limits.max"));
    assertEquals("maxBytes must be 0 to 2147483639: -1", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> BoundedFiles.read(missing, Integer.MAX_VALUE - 7, "Limits.max"));
    assertEquals("maxBytes must be 0 to 2147483639: 2147483640", e.getMessage());
  }
}
