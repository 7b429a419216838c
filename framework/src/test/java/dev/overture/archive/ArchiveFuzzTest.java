package dev.overture.archive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.overture.reliability.Fuzzing;
import dev.overture.version.CustomVersionRegistry;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzzing (Jazzer) of the archive reader as {@code overture archive inspect} and
 * the id migration use it: the header, what the registry says of it, and the ids. Whatever the
 * bytes, reading either succeeds or throws {@link ArchiveFormatException} (its subclass {@link
 * ArchiveVersionException} included); it never throws anything else, never takes longer than the
 * timeout, and never allocates more than a small multiple of the input (every length and count is
 * checked against the bytes left first). What it reads, written again in its layout, reads back to
 * the same values: the migration's rewrite loses nothing.
 *
 * <p>{@code mvn -B verify} runs it over the committed inputs in {@code ArchiveFuzzTestInputs}; the
 * long run is in docs/testing.md.
 */
class ArchiveFuzzTest {

  private static final CustomVersionRegistry REGISTRY = registry();

  private static CustomVersionRegistry registry() {
    CustomVersionRegistry registry = new CustomVersionRegistry();
    IdArchives.registerTo(registry);
    return registry;
  }

  @FuzzTest(maxDuration = "10s")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void anyBytes_readAsAnArchive_orFailWithAFormatError(byte[] input) {
    Fuzzing.withinAllocationBound(input.length, () -> read(input));
  }

  private static void read(byte[] input) {
    ArchiveHeader header;
    try {
      header = ArchiveHeader.read(new ArchiveReader(input));
    } catch (ArchiveFormatException expected) {
      return;
    }
    assertEquals(header.customVersions().size(), header.describe(REGISTRY).size(), "one line per custom version");
    try {
      header.checkReadable(REGISTRY);
    } catch (ArchiveVersionException expected) {
      // A newer build wrote it: inspect says so, the migration leaves it alone.
    }
    if (!IdArchives.holdsIds(header)) {
      return;
    }
    IdArchives.Decoded decoded;
    try {
      decoded = IdArchives.decode(input);
    } catch (ArchiveFormatException expected) {
      return;
    }
    try {
      IdArchives.decodeOne(input);
      assertEquals(1, decoded.values().size(), "decodeOne accepts exactly one id");
    } catch (ArchiveFormatException expected) {
      assertTrue(decoded.values().size() != 1, "decodeOne refused an archive of one id");
    }
    byte[] again = IdArchives.encodeValues(decoded.layout(), decoded.values(), header.fileVersionUE4(), header.fileVersionUE5());
    IdArchives.Decoded reread = IdArchives.decode(again);
    assertEquals(decoded.layout(), reread.layout(), "the layout survives a rewrite");
    assertEquals(decoded.values(), reread.values(), "the values survive a rewrite");
  }
}
