package dev.overture.testing;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM killed while its test PostgreSQL server runs (a test that timed out, a mutation-testing
 * minion stopped) cannot stop that server: the next JVM that starts one stops it and removes its
 * folder, so killed test runs do not pile up servers and disk.
 */
class TestPostgresOrphansTest {

  /** The child: starts the JVM's server, says so, then waits to be killed. */
  public static void main(String[] args) throws IOException {
    TestPostgres.newDatabase();
    System.out.println("ready " + ProcessHandle.current().pid());
    System.out.flush();
    System.in.read(); // until killed
  }

  @TempDir Path temp;

  @Test
  void aServerWhoseJvmWasKilled_isStoppedAndRemoved_byTheNextOneStarted() throws Exception {
    // As root the server runs as the postgres user, who must be able to reach its folder.
    Files.setPosixFilePermissions(temp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    Path tmp = Files.createDirectory(temp.resolve("tmp"));
    Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"), TestPostgresOrphansTest.class.getName())
        .redirectErrorStream(true).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
    String line;
    StringBuilder seen = new StringBuilder();
    while ((line = out.readLine()) != null && !line.startsWith("ready ")) {
      seen.append(line).append('\n');
    }
    assertTrue(line != null, "the child never started its server:\n" + seen);
    Path folder = only(tmp);
    long postmaster = Long.parseLong(Files.readAllLines(folder.resolve("data/postmaster.pid")).get(0).trim());
    assertEquals(child.pid() + "", Files.readString(folder.resolve(TestPostgres.LocalServer.OWNER)).trim());

    child.destroyForcibly().waitFor();
    assertTrue(ProcessHandle.of(postmaster).map(ProcessHandle::isAlive).orElse(false), "killing the JVM left its server running");

    List<Path> removed = TestPostgres.LocalServer.stopOrphans(binOf(postmaster), tmp);

    assertEquals(List.of(folder), removed);
    assertFalse(Files.exists(folder));
    await().atMost(Duration.ofSeconds(30)).until(() -> !ProcessHandle.of(postmaster).map(ProcessHandle::isAlive).orElse(false));
  }

  @Test
  void aFolderWhoseOwnerRuns_orThatNamesNoOwner_isLeftAlone() throws Exception {
    Path tmp = Files.createDirectory(temp.resolve("tmp"));
    Path mine = Files.createDirectory(tmp.resolve(TestPostgres.LocalServer.PREFIX + "mine"));
    Files.writeString(mine.resolve(TestPostgres.LocalServer.OWNER), ProcessHandle.current().pid() + "\n");
    Path settingUp = Files.createDirectory(tmp.resolve(TestPostgres.LocalServer.PREFIX + "setting-up"));
    Path other = Files.createDirectory(tmp.resolve("someone-else"));
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    Path orphan = Files.createDirectory(tmp.resolve(TestPostgres.LocalServer.PREFIX + "orphan"));
    Files.writeString(orphan.resolve(TestPostgres.LocalServer.OWNER), ended.pid() + "\n");

    List<Path> removed = TestPostgres.LocalServer.stopOrphans(Path.of("/nonexistent"), tmp);

    assertEquals(List.of(orphan), removed, "a folder with no server in it is removed without running anything");
    assertTrue(Files.isDirectory(mine) && Files.isDirectory(settingUp) && Files.isDirectory(other));
  }

  private static Path only(Path tmp) throws IOException {
    try (Stream<Path> list = Files.list(tmp)) {
      List<Path> servers = list.filter(path -> path.getFileName().toString().startsWith(TestPostgres.LocalServer.PREFIX)).toList();
      assertEquals(1, servers.size(), servers.toString());
      return servers.get(0);
    }
  }

  /** The folder of the programs the server runs from. */
  private static Path binOf(long postmaster) {
    Optional<String> command = ProcessHandle.of(postmaster).flatMap(handle -> handle.info().command());
    return Path.of(command.orElseThrow()).getParent();
  }
}
