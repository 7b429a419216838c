package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write that the disk refuses names the user's file and the disk's reason, never only the
 * system's words nor the hidden temporary: a hostile review found {@code overture schemas --out}
 * on a full disk saying {@code overture: No space left on device}, and {@code
 * update-local-version} on a read-only file system or in an immutable folder naming {@code
 * .Build.version.overture-1234-....tmp}. Each case runs in a child JVM in a user and mount
 * namespace of its own ({@code unshare -U -r -m}), over a small tmpfs mounted there, so that no
 * test needs an administrator nor touches the machine's mounts.
 */
class AtomicFilesDiskTest {

  @TempDir Path temp;

  @Test
  void aFullDisk_isSaidOfTheFile_andLeavesNothingBehind() throws Exception {
    Path disk = Files.createDirectories(temp.resolve("disk"));
    Path target = disk.resolve("AbilitySet.schema.json");

    String output = writeInChild("size=16k", disk, target, 64 * 1024);

    assertEquals(target + ": cannot be written: No space left on device\n", output);
  }

  @Test
  void aReadOnlyFileSystem_isSaidOfTheFile_notOfTheTemporary() throws Exception {
    Path disk = Files.createDirectories(temp.resolve("disk"));
    Path target = disk.resolve("Build.version");

    String output = writeInChild("ro", disk, target, 2);

    assertEquals(target + ": cannot be written: no file can be made in its folder " + disk + " (Read-only file system)\n", output);
  }

  /**
   * What the child says when it writes {@code bytes} bytes to {@code target} on a tmpfs mounted
   * with {@code options} on {@code disk}, then lists what the disk holds.
   */
  private static String writeInChild(String options, Path disk, Path target, int bytes) throws Exception {
    assumeTrue(new ProcessBuilder("unshare", "-U", "-r", "-m", "true").redirectErrorStream(true).start().waitFor() == 0,
        "the child needs unshare -U -r -m to mount a small file system of its own");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = List.of("unshare", "-U", "-r", "-m", "sh", "-c",
        "mount -t tmpfs -o \"$1\" tmpfs \"$2\" && exec \"$3\" -cp \"$4\" \"$5\" \"$6\" \"$7\"", "sh", options, disk.toString(),
        java, System.getProperty("java.class.path"), AtomicFilesDiskTest.class.getName(), target.toString(), String.valueOf(bytes));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the child ended");
    return output;
  }

  /**
   * The child: writes {@code args[1]} bytes to {@code args[0]}, prints why not, and fails when
   * anything is left in the folder afterwards.
   */
  public static void main(String[] args) throws IOException {
    Path target = Path.of(args[0]);
    try {
      AtomicFiles.write(target, new byte[Integer.parseInt(args[1])]);
      System.out.println("written");
    } catch (IOException e) {
      System.out.println(Failures.describe(e));
    }
    try (var left = Files.list(target.getParent())) {
      List<Path> files = left.toList();
      if (!files.isEmpty()) {
        System.out.println("left behind: " + files);
      }
    }
  }
}
