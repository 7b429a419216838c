package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@link FileStamp} tells of a file since it was stamped, on real files. */
class FileStampTest {

  @TempDir Path temp;

  @Test
  void aFileAsItWas_hasNoChange_andAMissingOneStaysMissing() throws Exception {
    Path file = Files.writeString(temp.resolve("a.db"), "one");
    assertNull(FileStamp.of(file).changeSince());
    FileStamp missing = FileStamp.of(temp.resolve("none.db"));
    assertFalse(missing.existed());
    assertNull(missing.changeSince());
  }

  @Test
  void eachChange_isNamed() throws Exception {
    Path file = Files.writeString(temp.resolve("a.db"), "one");
    FileStamp stamp = FileStamp.of(file);
    assertTrue(stamp.existed());

    // The same size, only a later time: a write all the same.
    Files.setLastModifiedTime(file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 1000));
    assertEquals("it was written", stamp.changeSince());

    FileStamp before = FileStamp.of(file);
    Path other = Files.writeString(temp.resolve("b.db"), "one");
    Files.setLastModifiedTime(other, Files.getLastModifiedTime(file));
    Files.move(other, file, StandardCopyOption.REPLACE_EXISTING);
    assertEquals("it was replaced by another file", before.changeSince(), "same size and time, another file");

    FileStamp present = FileStamp.of(file);
    Files.delete(file);
    assertEquals("it was deleted", present.changeSince());

    FileStamp absent = FileStamp.of(file);
    Files.writeString(file, "two");
    assertEquals("it was created", absent.changeSince());
  }
}
