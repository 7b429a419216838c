package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.inject.Overture;
import dev.overture.internal.FileTooLargeException;
import dev.overture.internal.StandardError;
import dev.overture.testing.Content;
import dev.overture.testing.FakeTicker;
import dev.overture.testing.ManualExecutor;
import dev.overture.testing.PluginJar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugins folder's jars are read from private copies; when a copy cannot be made, the jar is
 * read in place, and a readable jar that could not be copied says so: the promise that rebuilding
 * it leaves the running plugin alone no longer holds (a hostile review found it silent). The copies
 * of a process killed outright are removed by the next, a jar past the limit is not copied at all,
 * and the JVM is not asked to remember one deletion per copy.
 */
class JarCopiesTest {

  private static final JarCopies.Liveness EVERYONE_RUNS = owner -> true;

  @TempDir Path temp;

  private static List<String> names(Path folder) throws Exception {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(path -> path.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aReadableJarWhoseCopyCannotBeMade_isReadInPlace_withAWarningSayingWhatIsLost() throws Exception {
    Path jar = Files.writeString(temp.resolve("leaky.jar"), "PK");
    Path notAFolder = Files.writeString(temp.resolve("tmp"), "a file where the temporary folder should be");
    Path[] used = new Path[1];

    String err;
    try (JarCopies copies = new JarCopies(notAFolder, Long.MAX_VALUE, EVERYONE_RUNS)) {
      err = StandardError.during(() -> {
        try {
          used[0] = copies.copyOf(jar);
        } catch (FileTooLargeException e) {
          throw new AssertionError(e);
        }
      });
    }

    assertEquals(jar, used[0]);
    assertTrue(err.contains("Plugin jar " + jar + " is read in place: its private copy could not be made ("), err);
    assertTrue(err.contains("rebuilding or overwriting it while the game runs will break the running plugin"), err);
  }

  @Test
  void aJarThatCanBeCopied_isReadFromItsCopy_andTheCopyGoesWhenClosed() throws Exception {
    Path jar = Files.writeString(temp.resolve("good.jar"), "PK");
    Path copy;
    try (JarCopies copies = new JarCopies(temp, Long.MAX_VALUE, EVERYONE_RUNS)) {
      copy = copies.copyOf(jar);
      assertTrue(!copy.equals(jar) && Files.exists(copy), copy.toString());
      assertEquals("overture-plugins-" + JarCopies.Owner.CURRENT.pid() + "-" + JarCopies.Owner.CURRENT.startMillis() + "-",
          copy.getParent().getFileName().toString().substring(0, copy.getParent().getFileName().toString().length() - 16),
          "named for its process and when that process started");
    }
    assertTrue(Files.notExists(copy));
    assertEquals(List.of("good.jar"), names(temp), "the folder went too");
  }

  /**
   * Review (plugins) D4: every SIGKILL, OOM kill or power loss left a full copy of every plugin jar
   * in /tmp (50 folders after one test run). The next process removes the folders of owners that no
   * longer run, and only those.
   */
  @Test
  void theCopiesOfAProcessThatNoLongerRuns_areRemovedByTheNext_aRunningOnesAreKept() throws Exception {
    Path dead = Files.createDirectories(temp.resolve("overture-plugins-4000000-1700000000000-0123456789abcdef"));
    Files.writeString(dead.resolve("0-top-down-arena.jar"), "PK");
    Path running = Files.createDirectories(temp.resolve("overture-plugins-4000001-1700000000000-fedcba9876543210"));
    Files.writeString(running.resolve("0-relics.jar"), "PK");
    Path someoneElses = Files.createDirectories(temp.resolve("overture-plugins-1234567890")); // not named by an owner: not ours to judge
    Path linked = Files.createSymbolicLink(temp.resolve("overture-plugins-4000000-1-0123456789abcdef"), someoneElses);
    Path jar = Files.writeString(temp.resolve("good.jar"), "PK");
    JarCopies.Liveness only4000001 = owner -> owner.pid() == 4000001 || owner.equals(JarCopies.Owner.CURRENT);

    Path copy;
    try (JarCopies copies = new JarCopies(temp, Long.MAX_VALUE, only4000001)) {
      copy = copies.copyOf(jar);
      assertTrue(Files.exists(dead), "the leftovers wait for the close: a start-up does not list the temporary folder");
      assertTrue(Files.exists(copy), "this process's own copy");
    }
    assertTrue(Files.notExists(dead), "the dead owner's copies are gone");
    assertEquals(List.of("0-relics.jar"), names(running), "a running owner's copies are kept");
    assertTrue(Files.isSymbolicLink(linked) && Files.isDirectory(someoneElses), "a link is not followed, and other names are left");
    assertTrue(Files.notExists(copy), "this process's own copy, removed by its close");
  }

  /** The liveness check itself, deterministic: this test's parent process runs, and a reused id is not its owner. */
  @Test
  void anOwnerRuns_whileAProcessOfItsIdThatStartedWhenItDidRuns() {
    ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
    long started = parent.info().startInstant().orElseThrow().toEpochMilli();

    assertTrue(JarCopies.Owner.CURRENT.isRunning());
    assertTrue(new JarCopies.Owner(parent.pid(), started).isRunning());
    assertTrue(new JarCopies.Owner(parent.pid(), 0).isRunning(), "a start the system did not give: the id alone tells");
    assertFalse(new JarCopies.Owner(parent.pid(), started - 60_000).isRunning(), "the id was reused by a later process");
    assertFalse(new JarCopies.Owner(JarCopies.Owner.CURRENT.pid(), JarCopies.Owner.CURRENT.startMillis() + 60_000).isRunning());
  }

  /** Review (plugins) D4: a multi-GB jar was copied in full on every start. */
  @Test
  void aJarLargerThanTheLimit_isRefusedFromItsAttributes_beforeAByteIsCopied() throws Exception {
    Path jar = Files.write(temp.resolve("huge.jar"), new byte[101]);
    Path copies = Files.createDirectories(temp.resolve("copies"));

    FileTooLargeException e;
    try (JarCopies jars = new JarCopies(copies, 100, EVERYONE_RUNS)) {
      e = assertThrows(FileTooLargeException.class, () -> jars.copyOf(jar));
    }

    assertEquals(jar + " is 101 bytes; the largest accepted is 100 bytes (GameFeatures.Builder.maxPluginJarBytes)", e.getMessage());
    assertEquals(List.of(), names(copies), "no copy, no folder");
  }

  @Test
  void aPluginJarLargerThanTheLimit_isInError_sayingHowLargeItIsAndWhatTheLimitIs() throws Exception {
    Path plugins = temp.resolve("plugins");
    Path jar = PluginJar.of().file("plugin.json", "{ \"name\": \"Huge\", \"version\": \"1.0.0\" }")
        .file("maps/Vast.json", new java.util.Random(1).ints(4000, 0, 10).mapToObj(Integer::toString).reduce("", String::concat))
        .writeTo(plugins.resolve("huge.jar"));
    PluginJar.of().file("plugin.json", "{ \"name\": \"Small\", \"version\": \"1.0.0\" }").writeTo(plugins.resolve("small.jar"));
    long size = Files.size(jar);
    ManualExecutor executor = new ManualExecutor();
    Path game = Content.of().file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\" }").writeTo(temp.resolve("game"));

    try (Overture overture = Overture.builder().contentRoot(AssetSource.directory(game)).plugins(plugins).workers(executor)
        .pluginExecutor(executor).ticker(new FakeTicker()).closeTimeout(Duration.ZERO).maxPluginJarBytes(size - 1).build()) {
      executor.runAll();
      GameFeatures features = overture.features();

      Problem problem = features.failure(PluginId.of("huge")).orElseThrow().problems().get(0);
      assertEquals(PluginState.ERROR, features.state(PluginId.of("huge")));
      assertEquals("Overture/LimitExceeded", problem.id());
      assertEquals("Plugin jar " + jar + " is " + size + " bytes; the largest accepted is " + (size - 1) + " bytes"
          + " (GameFeatures.Builder.maxPluginJarBytes); it was neither copied nor opened", problem.message());
      assertEquals(SourceLocation.ofFile(jar.toString()), problem.location().orElseThrow());
      assertEquals(PluginState.REGISTERED, features.state(PluginId.of("Small")), "the others are unaffected");
    }
  }

  /**
   * Review (plugins) D4: each copy registered a deleteOnExit, which the JVM keeps until it exits, so a
   * host that rediscovers its plugins grew that list without end. Open copies are now one set, which
   * one shutdown hook empties, and closing takes a runtime's out of it.
   */
  @Test
  void rediscoveringPlugins_leavesNothingToRemoveAtExit_onceEachRuntimeIsClosed() throws Exception {
    Path jar = Files.writeString(temp.resolve("good.jar"), "PK");
    int before = JarCopies.openCount();

    for (int discovery = 0; discovery < 50; discovery++) {
      try (JarCopies copies = new JarCopies(temp, Long.MAX_VALUE, EVERYONE_RUNS)) {
        copies.copyOf(jar);
        copies.copyOf(jar);
        assertEquals(before + 1, JarCopies.openCount(), "one entry per runtime, not one per copy");
      }
    }

    assertEquals(before, JarCopies.openCount());
    assertEquals(List.of("good.jar"), names(temp));
  }
}
