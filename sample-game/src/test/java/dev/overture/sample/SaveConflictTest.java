package dev.overture.sample;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code play --save} never loses what another program wrote to the file while the match was
 * played: the file is stamped when the game starts, and a save that would replace a file written,
 * replaced or created since, or one being written (its SQLite journal beside it), takes a free name
 * beside it instead. Each case runs the command's {@link WorkingCopy} on real files, with a real
 * second writer (SQLite through JDBC, or another {@code play --save}) between its start and its
 * commit, as a long match would leave room for.
 */
class SaveConflictTest {

  @TempDir Path temp;
  private Path store;
  private byte[] firstSave;

  @BeforeEach
  void aSavedMatch() throws Exception {
    store = temp.resolve("game.db");
    CommandRun saved = CommandRun.of("play", "--ticks", "3", "--save", store.toString());
    assertEquals(0, saved.exit(), saved.all());
    firstSave = Files.readAllBytes(store);
  }

  /** The working copy {@code play --save} starts with, holding a save of its own (a copy of the first). */
  private WorkingCopy started() throws Exception {
    WorkingCopy copy = WorkingCopy.create(store, null, PlayCommand.WORLD, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    Files.write(copy.file(), firstSave);
    return copy;
  }

  /** What a host or tool writing the store itself does: one SQLite transaction on the file. */
  private static void writtenByAnotherProgram(Path file) throws Exception {
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement sql = connection.createStatement()) {
      sql.executeUpdate("PRAGMA user_version = 7");
    }
  }

  private List<String> names() throws Exception {
    try (Stream<Path> files = Files.list(temp)) {
      return files.map(path -> path.getFileName().toString()).sorted().toList();
    }
  }

  /**
   * Review: two {@code play --save} runs of one file ending together both passed the check, then
   * each renamed its copy over the file: both said "Saved to game.db", and the first save was gone.
   * A commit's check and rename are now one step: the second waits for the first, then finds the
   * file changed and saves beside it.
   */
  @Test
  void twoSavesCommittingAtOnce_theSecondWaits_andSavesBesideTheFirst() throws Exception {
    WorkingCopy.Committed firstCommitted;
    WorkingCopy.Committed secondCommitted;
    byte[] secondSave;
    try (WorkingCopy first = started(); WorkingCopy second = started()) {
      writtenByAnotherProgram(second.file());
      secondSave = Files.readAllBytes(second.file());
      CompletableFuture<WorkingCopy.Committed> secondCommit = new CompletableFuture<>();
      Thread committer = new Thread(() -> {
        try {
          secondCommit.complete(second.commit());
        } catch (RuntimeException | Error e) {
          secondCommit.completeExceptionally(e);
        }
      }, "second play --save");
      first.beforeRename = () -> {
        committer.start();
        await().atMost(Duration.ofMinutes(1)).until(() -> secondCommit.isDone() || committer.getState() == Thread.State.BLOCKED);
      };
      firstCommitted = first.commit();
      secondCommitted = secondCommit.get(1, TimeUnit.MINUTES);
    }
    assertEquals(store, firstCommitted.path());
    assertNull(firstCommitted.conflict());
    Path beside = temp.resolve("game.conflict-1.db");
    assertEquals(beside, secondCommitted.path());
    assertEquals("--save " + store + ": another program changed it while this match was played (it was replaced by another file), so it was"
        + " left as that program wrote it; this match is saved beside it, in " + beside, secondCommitted.conflict());
    assertArrayEquals(firstSave, Files.readAllBytes(store), "the first save is kept");
    assertArrayEquals(secondSave, Files.readAllBytes(beside), "the second save, whole");
  }

  @Test
  void aFileNobodyTouched_isReplaced() throws Exception {
    try (WorkingCopy copy = started()) {
      WorkingCopy.Committed committed = copy.commit();
      assertEquals(store, committed.path());
      assertNull(committed.conflict());
    }
    assertEquals(List.of("game.db"), names());
  }

  /**
   * Review: a snapshot (a save during the match) stamped --save's file after renaming over it, so
   * another program's write right after the rename was taken for the snapshot's own, and the final
   * save replaced it. The stamp is now of the snapshot, before the rename.
   */
  @Test
  void aWriteRightAfterASnapshotTookTheFilesPlace_isKeptByTheFinalSave() throws Exception {
    WorkingCopy.Committed last;
    byte[] theirs;
    try (WorkingCopy copy = started()) {
      copy.afterCommit = () -> {
        try {
          writtenByAnotherProgram(store);
        } catch (Exception e) {
          throw new AssertionError(e);
        }
      };
      WorkingCopy.Committed snapshot = copy.commitSnapshot();
      assertEquals(store, snapshot.path());
      assertNull(snapshot.conflict());
      theirs = Files.readAllBytes(store);

      last = copy.commit();
    }
    Path beside = temp.resolve("game.conflict-1.db");
    assertEquals(beside, last.path());
    assertEquals("--save " + store + ": another program changed it while this match was played (it was written), so it was left"
        + " as that program wrote it; this match is saved beside it, in " + beside, last.conflict());
    assertArrayEquals(theirs, Files.readAllBytes(store), "the other program's write is kept");
  }

  @Test
  void aFileAnotherProgramWroteMeanwhile_isLeftAsItWroteIt_andTheSaveGoesBesideIt() throws Exception {
    WorkingCopy.Committed committed;
    byte[] theirs;
    try (WorkingCopy copy = started()) {
      writtenByAnotherProgram(store);
      theirs = Files.readAllBytes(store);
      committed = copy.commit();
    }
    Path beside = temp.resolve("game.conflict-1.db");
    assertEquals(beside, committed.path());
    assertEquals("--save " + store + ": another program changed it while this match was played (it was written), so it was left"
        + " as that program wrote it; this match is saved beside it, in " + beside, committed.conflict());
    assertArrayEquals(theirs, Files.readAllBytes(store), "the other program's write is kept");
    assertArrayEquals(firstSave, Files.readAllBytes(beside), "the match's save, whole");
    assertEquals(List.of("game.conflict-1.db", "game.db"), names(), "no working copy left");

    CommandRun restored = CommandRun.of("play", "--restore", beside.toString(), "--ticks", "0");
    assertEquals(0, restored.exit(), restored.all());
    assertTrue(restored.out().contains("at turn 3"), restored.out());
  }

  @Test
  void aFileAnotherSaveReplacedMeanwhile_isKept_andTheNextFreeNameIsTaken() throws Exception {
    Files.writeString(temp.resolve("game.conflict-1.db"), "someone's earlier conflict");
    WorkingCopy.Committed committed;
    try (WorkingCopy copy = started()) {
      CommandRun other = CommandRun.of("play", "--ticks", "5", "--save", store.toString());
      assertEquals(0, other.exit(), other.all());
      committed = copy.commit();
    }
    Path beside = temp.resolve("game.conflict-2.db");
    assertEquals("--save " + store + ": another program changed it while this match was played (it was replaced by another"
        + " file), so it was left as that program wrote it; this match is saved beside it, in " + beside, committed.conflict());
    assertEquals("someone's earlier conflict", Files.readString(temp.resolve("game.conflict-1.db")));
    CommandRun theirs = CommandRun.of("play", "--restore", store.toString(), "--ticks", "0");
    assertTrue(theirs.out().contains("at turn 5"), "the other save is kept: " + theirs.all());
  }

  @Test
  void aFileCreatedMeanwhile_isKept() throws Exception {
    Path fresh = temp.resolve("new.db");
    WorkingCopy.Committed committed;
    try (WorkingCopy copy = WorkingCopy.create(fresh, null, PlayCommand.WORLD, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()))) {
      Files.write(copy.file(), firstSave);
      Files.copy(store, fresh);
      committed = copy.commit();
    }
    assertEquals(temp.resolve("new.conflict-1.db"), committed.path());
    assertTrue(committed.conflict().contains("(it was created)"), committed.conflict());
    assertArrayEquals(Files.readAllBytes(store), Files.readAllBytes(fresh));
  }

  @Test
  void aFileBeingWritten_isNotReplacedUnderItsJournal() throws Exception {
    Path journal = temp.resolve("game.db-journal");
    WorkingCopy.Committed committed;
    try (WorkingCopy copy = started()) {
      Files.writeString(journal, "another program's transaction");
      committed = copy.commit();
    }
    assertEquals("--save " + store + ": another program is writing it (game.db-journal is beside it), so it was left as that"
        + " program wrote it; this match is saved beside it, in " + temp.resolve("game.conflict-1.db"), committed.conflict());
    assertArrayEquals(firstSave, Files.readAllBytes(store));
  }

  @Test
  void aFileDeletedMeanwhile_losesNothing_soTheSaveTakesItsName() throws Exception {
    WorkingCopy.Committed committed;
    try (WorkingCopy copy = started()) {
      Files.delete(store);
      committed = copy.commit();
    }
    assertEquals(store, committed.path());
    assertNull(committed.conflict());
    assertArrayEquals(firstSave, Files.readAllBytes(store));
  }

  @Test
  void conflictNames_keepTheExtension() {
    assertEquals("game.conflict-1.db", WorkingCopy.conflictName("game.db", 1));
    assertEquals("my.game.conflict-12.sqlite", WorkingCopy.conflictName("my.game.sqlite", 12));
    assertEquals("savefile.conflict-2", WorkingCopy.conflictName("savefile", 2));
    assertEquals(".hidden.conflict-1", WorkingCopy.conflictName(".hidden", 1));
  }
}
