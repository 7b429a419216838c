package dev.overture.archive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.overture.id.StableId;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The reader on hostile input: random bytes, every truncation and random mutations of valid
 * archives. Random and mutated input may decode or throw {@link ArchiveFormatException}; any other
 * exception (an index error, an out-of-memory from a huge length) fails. A truncated archive must
 * never decode (issue 15). Seeded, so a failure repeats.
 */
class ArchiveReaderFuzzTest {

  /** The seed's single-id archives, one per layout and null. */
  private static final List<byte[]> SINGLE = List.of(
      IdArchivesTest.LEGACY_V2, IdArchivesTest.LEGACY_V2_NULL, IdArchivesTest.LEGACY_V3, IdArchivesTest.LEGACY_V3_NULL,
      IdArchivesTest.STABLE_ID, IdArchivesTest.STABLE_ID_NONE);

  private static final List<byte[]> VALID = java.util.stream.Stream.concat(SINGLE.stream(), java.util.stream.Stream.of(
      IdArchivesTest.BOTH)).toList();

  private static void decodeOrFormatError(byte[] input, String description) {
    for (boolean single : new boolean[] {false, true}) {
      try {
        if (single) {
          IdArchives.decodeOne(input);
        } else {
          IdArchives.decode(input);
        }
      } catch (ArchiveFormatException expected) {
        // A typed error: what the reader promises.
      } catch (RuntimeException | Error e) {
        fail(description + " (" + Arrays.toString(input) + ") threw " + e, e);
      }
    }
  }

  /** Fails unless decoding {@code input} throws {@link ArchiveFormatException}. */
  private static void formatError(byte[] input, boolean single, String description) {
    IdArchives.Decoded decoded;
    try {
      decoded = single ? IdArchives.decodeOne(input) : IdArchives.decode(input);
    } catch (ArchiveFormatException expected) {
      return;
    } catch (RuntimeException | Error e) {
      fail(description + " (" + Arrays.toString(input) + ") threw " + e, e);
      return;
    }
    fail(description + " (" + Arrays.toString(input) + ") decoded to " + decoded.values() + " instead of failing");
  }

  @Test
  void everyTruncationOfEverySingleIdLayout_failsWithAFormatError() {
    for (byte[] valid : SINGLE) {
      for (int length = 0; length < valid.length; length++) {
        formatError(Arrays.copyOf(valid, length), true, "a prefix of " + length + " of " + valid.length + " bytes");
      }
    }
  }

  @Test
  void everyTruncationOfAnArchiveCarryingBothGuids_failsWithAFormatError() {
    byte[] both = IdArchivesTest.BOTH;
    for (int length = 0; length < both.length; length++) {
      formatError(Arrays.copyOf(both, length), false, "a prefix of " + length + " of " + both.length + " bytes");
    }
  }

  /**
   * The layouts have no count: an archive of a list of ids cut exactly between two (or right after
   * its header) is an archive of a shorter list. Every other cut fails, and no cut ever yields a
   * value the archive did not hold.
   */
  @Test
  void aMultiIdArchive_cutBetweenIds_readsAsItsFirstIds_andEveryOtherCutFails() {
    for (IdArchives.Layout layout : IdArchives.Layout.values()) {
      List<StableId> ids = List.of(StableId.of(5), StableId.NONE, StableId.of(Long.MAX_VALUE));
      byte[] valid = IdArchives.encode(layout, ids);
      for (int length = 0; length < valid.length; length++) {
        byte[] prefix = Arrays.copyOf(valid, length);
        try {
          List<StableId> read = IdArchives.decode(prefix).ids();
          assertEquals(ids.subList(0, read.size()), read, layout + ", a prefix of " + length + " bytes");
          assertEquals(true, read.size() < ids.size(), layout + ", a prefix of " + length + " bytes");
        } catch (ArchiveFormatException expected) {
          // A cut inside an id, or inside the header.
        }
      }
    }
  }

  @Test
  void randomBytes_neverEscapeAsAnotherException() {
    Random random = new Random(20261129);
    for (int i = 0; i < 20_000; i++) {
      byte[] input = new byte[random.nextInt(120)];
      random.nextBytes(input);
      decodeOrFormatError(input, "random input " + i);
    }
  }

  @Test
  void mutatedArchives_neverEscapeAsAnotherException() {
    Random random = new Random(42);
    for (int i = 0; i < 50_000; i++) {
      byte[] input = VALID.get(random.nextInt(VALID.size())).clone();
      int mutations = 1 + random.nextInt(4);
      for (int m = 0; m < mutations; m++) {
        int at = random.nextInt(input.length);
        input[at] = switch (random.nextInt(3)) {
          case 0 -> (byte) random.nextInt(256);
          case 1 -> (byte) 0xFF;
          default -> (byte) (input[at] ^ (1 << random.nextInt(8)));
        };
      }
      decodeOrFormatError(input, "mutation " + i);
    }
  }

  @Test
  void hugeLengthsAndCounts_failWithoutAllocating() {
    byte[] header = IdArchivesTest.bytes(IdArchivesTest.PACKAGE, "FFFFFF7F");
    decodeOrFormatError(header, "count 2^31-1");
    byte[] wide = IdArchivesTest.bytes(IdArchivesTest.PACKAGE, "02000000", IdArchivesTest.OBJECT_VERSION_GUID, "00000000",
        IdArchivesTest.UNIQUE_ID_GUID, "02000000", "00000000", "01000080");
    decodeOrFormatError(wide, "a wide string of 2^31-1 characters");
  }
}
