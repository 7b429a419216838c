package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.internal.StandardError;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugins folder's jars are read from private copies; when a copy cannot be made, the jar is
 * read in place, and a readable jar that could not be copied says so: the promise that rebuilding
 * it leaves the running plugin alone no longer holds (a hostile review found it silent).
 */
class JarCopiesTest {

  @TempDir Path temp;

  @Test
  void aReadableJarWhoseCopyCannotBeMade_isReadInPlace_withAWarningSayingWhatIsLost() throws Exception {
    Path jar = Files.writeString(temp.resolve("leaky.jar"), "PK");
    Path notAFolder = Files.writeString(temp.resolve("tmp"), "a file where the temporary folder should be");
    Path[] used = new Path[1];

    String err;
    try (JarCopies copies = new JarCopies(notAFolder)) {
      err = StandardError.during(() -> used[0] = copies.copyOf(jar));
    }

    assertEquals(jar, used[0]);
    assertTrue(err.contains("Plugin jar " + jar + " is read in place: its private copy could not be made ("), err);
    assertTrue(err.contains("rebuilding or overwriting it while the game runs will break the running plugin"), err);
  }

  @Test
  void aJarThatCanBeCopied_isReadFromItsCopy_andTheCopyGoesWhenClosed() throws Exception {
    Path jar = Files.writeString(temp.resolve("good.jar"), "PK");
    Path copy;
    try (JarCopies copies = new JarCopies(temp)) {
      copy = copies.copyOf(jar);
      assertTrue(!copy.equals(jar) && Files.exists(copy), copy.toString());
    }
    assertTrue(Files.notExists(copy));
  }
}
