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
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
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

  /** The child: starts the JVM's server, says so, then waits to be killed, or exits when told to. */
  public static void main(String[] args) throws IOException {
    TestPostgres.newDatabase();
    System.out.println("ready " + ProcessHandle.current().pid());
    System.out.flush();
    if (args.length == 1 && args[0].equals("exit")) {
      System.exit(0);
    }
    System.in.read(); // until killed
  }

  @TempDir Path temp;

  @Test
  void aServerWhoseJvmWasKilled_isStoppedAndRemoved_byTheNextOneStarted() throws Exception {
    Path tmp = serversFolder();
    Process child = startChild(tmp);
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
  void aServerWhoseJvmExits_isStopped_andItsFolderRemoved() throws Exception {
    Path tmp = serversFolder();
    Process child = startChild(tmp, "exit");
    Path folder = only(tmp);
    long postmaster = Long.parseLong(Files.readAllLines(folder.resolve("data/postmaster.pid")).get(0).trim());

    assertEquals(0, child.waitFor());

    // The JVM does not wait for its folder's removal (hundreds of megabytes after many tests).
    await().atMost(Duration.ofSeconds(60)).until(() -> !Files.exists(folder));
    assertFalse(ProcessHandle.of(postmaster).map(ProcessHandle::isAlive).orElse(false), "the server outlived its JVM");
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

  /** A temporary folder for the children's servers, which as root run as the postgres user, who must reach it. */
  private Path serversFolder() throws IOException {
    Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path tmp = Files.createDirectory(temp.resolve("tmp"));
    Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
    return tmp;
  }

  /** A child JVM ({@link #main}) whose server has started, its temporary folder {@code tmp}. */
  private static Process startChild(Path tmp, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"), TestPostgresOrphansTest.class.getName()));
    command.addAll(List.of(args));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
    String line;
    StringBuilder seen = new StringBuilder();
    while ((line = out.readLine()) != null && !line.startsWith("ready ")) {
      seen.append(line).append('\n');
    }
    assertTrue(line != null, "the child never started its server:\n" + seen);
    return child;
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
