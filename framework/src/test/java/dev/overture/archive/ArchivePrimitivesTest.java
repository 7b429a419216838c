package dev.overture.archive;

import static dev.overture.archive.IdArchivesTest.OBJECT_VERSION_GUID;
import static dev.overture.archive.IdArchivesTest.PACKAGE;
import static dev.overture.archive.IdArchivesTest.STABLE_ID_GUID;
import static dev.overture.archive.IdArchivesTest.UNIQUE_ID_GUID;
import static dev.overture.archive.IdArchivesTest.VALUE;
import static dev.overture.archive.IdArchivesTest.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.id.StableId;
import dev.overture.version.CustomVersion;
import dev.overture.version.CustomVersionRegistry;
import dev.overture.version.Guid;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The archive's building blocks as a tool or a migration meets them: where reading stops and why
 * (the byte, what was being read, how much was needed and left), what is written for each value,
 * and what a header says of its custom versions.
 */
class ArchivePrimitivesTest {

  private static ArchiveFormatException formatError(byte[] input, java.util.function.Consumer<ArchiveReader> read) {
    return assertThrows(ArchiveFormatException.class, () -> read.accept(new ArchiveReader(input)));
  }

  @Test
  void eachRead_thatRunsPastTheEnd_namesWhatItReadAndTheBytesLeft() {
    assertEquals("At byte 0: truncated: FileVersionUE4 needs 4 bytes, 3 left",
        formatError(new byte[3], in -> in.readInt32("FileVersionUE4")).getMessage());
    assertEquals("At byte 0: truncated: id value needs 8 bytes, 7 left",
        formatError(new byte[7], in -> in.readInt64("id value")).getMessage());
    assertEquals("At byte 0: truncated: custom version 0 GUID needs 16 bytes, 15 left",
        formatError(new byte[15], in -> in.readGuid("custom version 0 GUID")).getMessage());
    assertEquals("At byte 0: truncated: bIsNull needs 4 bytes, 0 left",
        formatError(new byte[0], in -> in.readBool32("bIsNull")).getMessage());
    ArchiveFormatException later = formatError(new byte[6], in -> {
      in.readInt32("first");
      in.readInt32("second");
    });
    assertEquals("At byte 4: truncated: second needs 4 bytes, 2 left", later.getMessage());
    assertEquals(4, later.offset());
  }

  @Test
  void aReader_movesThroughTheBytes_andSaysWhenItIsAtTheEnd() {
    ArchiveReader in = new ArchiveReader(bytes("2A000000", "0100000000000080", "01000000", "EFBEADDE0FCAFEBACADBCDABCDAB3412"));

    assertEquals(32, in.remaining());
    assertEquals(42, in.readInt32("int"));
    assertEquals(4, in.position());
    assertEquals(0x8000000000000001L, in.readInt64("long"));
    assertTrue(in.readBool32("bool"));
    assertFalse(in.atEnd());
    assertEquals(Guid.parse("DEADBEEF-BAFECA0F-ABCDDBCA-1234ABCD"), in.readGuid("guid"));
    assertTrue(in.atEnd());
    assertEquals(0, in.remaining());
    in.expectEnd("the value");
  }

  @Test
  void bytesLeftOverAfterAValue_areRefused() {
    ArchiveReader in = new ArchiveReader(new byte[6]);
    in.readInt32("tag");

    assertEquals("At byte 4: 2 unexpected bytes after the value",
        assertThrows(ArchiveFormatException.class, () -> in.expectEnd("the value")).getMessage());
  }

  @Test
  void aBool_isZeroOrOne_andNothingElse() {
    assertFalse(new ArchiveReader(bytes("00000000")).readBool32("flag"));
    assertEquals("At byte 0: flag must be a bool (0 or 1), not 2",
        formatError(bytes("02000000"), in -> in.readBool32("flag")).getMessage());
    assertEquals("At byte 0: flag must be a bool (0 or 1), not -1",
        formatError(bytes("FFFFFFFF"), in -> in.readBool32("flag")).getMessage());
  }

  @Test
  void aString_thatFillsTheArchiveExactly_reads_andOneByteShortIsTruncated() {
    assertEquals("ab", new ArchiveReader(bytes("03000000", "616200")).readFString("name"));
    assertEquals("At byte 0: truncated: name says 3 characters (3 bytes), 2 left",
        formatError(bytes("03000000", "6162"), in -> in.readFString("name")).getMessage());
    assertEquals("Ab", new ArchiveReader(bytes("FDFFFFFF", "410062000000")).readFString("wide"));
    assertEquals("At byte 0: truncated: wide says 3 characters (6 bytes), 5 left",
        formatError(bytes("FDFFFFFF", "4100620000"), in -> in.readFString("wide")).getMessage());
  }

  @Test
  void aString_mustEndWithItsTerminator() {
    assertEquals("At byte 6: name does not end with a NUL terminator",
        formatError(bytes("03000000", "616263"), in -> in.readFString("name")).getMessage());
    assertEquals("At byte 8: wide does not end with a NUL terminator",
        formatError(bytes("FDFFFFFF", "410062000001"), in -> in.readFString("wide")).getMessage());
    assertEquals("At byte 0: name has an impossible length -2147483648",
        formatError(bytes("00000080"), in -> in.readFString("name")).getMessage());
  }

  @Test
  void theWriter_chainsAndGrows_writingEveryValueLittleEndian() {
    ArchiveWriter out = new ArchiveWriter();
    out.writeInt64(0x0123456789ABCDEFL).writeBool32(true).writeBool32(false).writeInt32(-2);
    assertEquals("EFCDAB8967452301" + "01000000" + "00000000" + "FEFFFFFF", HexFormat.of().formatHex(out.toByteArray()).toUpperCase());

    ArchiveWriter many = new ArchiveWriter();
    for (int i = 0; i < 100; i++) {
      many.writeInt32(i);
    }
    byte[] big = new byte[1000];
    big[999] = 7;
    many.writeBytes(big);
    byte[] written = many.toByteArray();
    assertEquals(1400, written.length);
    ArchiveReader in = new ArchiveReader(written);
    for (int i = 0; i < 100; i++) {
      assertEquals(i, in.readInt32("int " + i));
    }
    assertEquals(7, written[1399]);
  }

  @Test
  void text_isOneBytePerCharacterOnlyWhenItIsPureAscii() {
    assertEquals("02000000" + "7F00", HexFormat.of().formatHex(new ArchiveWriter().writeFString("\u007F").toByteArray()).toUpperCase());
    assertEquals("FEFFFFFF" + "8000" + "0000",
        HexFormat.of().formatHex(new ArchiveWriter().writeFString("\u0080").toByteArray()).toUpperCase());
    assertEquals("an FString cannot hold an unpaired surrogate: a?",
        assertThrows(IllegalArgumentException.class, () -> new ArchiveWriter().writeFString("a\uDC00")).getMessage());
  }

  @Test
  void aContainer_whoseCountNeedsMoreBytesThanThereAre_isRefusedBeforeItsEntriesAreRead() {
    assertEquals("At byte 8: truncated: CustomVersionCount 3 needs 60 bytes, 20 left",
        assertThrows(ArchiveFormatException.class,
            () -> ArchiveHeader.read(new ArchiveReader(bytes(PACKAGE, "03000000", STABLE_ID_GUID, "00000000")))).getMessage());
    assertEquals("At byte 8: CustomVersionCount is negative: -1",
        assertThrows(ArchiveFormatException.class, () -> ArchiveHeader.read(new ArchiveReader(bytes(PACKAGE, "FFFFFFFF"))))
            .getMessage());
    assertEquals(1, ArchiveHeader.read(new ArchiveReader(bytes(PACKAGE, "01000000", STABLE_ID_GUID, "00000000")))
        .customVersions().size(), "a count that fits exactly");
  }

  @Test
  void checkReadable_acceptsTheRegisteredVersion_andRefusesANewerOneAtItsOwnEntry() {
    CustomVersionRegistry registry = registry();
    ArchiveHeader current = ArchiveHeader.read(new ArchiveReader(bytes(PACKAGE, "02000000", OBJECT_VERSION_GUID, "00000000",
        UNIQUE_ID_GUID, "03000000")));
    ArchiveHeader newerSecond = ArchiveHeader.read(new ArchiveReader(bytes(PACKAGE, "02000000", OBJECT_VERSION_GUID, "00000000",
        UNIQUE_ID_GUID, "04000000")));

    current.checkReadable(registry);
    ArchiveVersionException e = assertThrows(ArchiveVersionException.class, () -> newerSecond.checkReadable(registry));
    assertEquals(48, e.offset(), "the second entry's version word: 12 + 20 + 16");
    assertEquals("UniqueID", e.word());
  }

  @Test
  void checkReadable_alsoRefusesNewerPackageVersions() {
    ArchiveHeader newerUe4 = ArchiveHeader.read(new ArchiveReader(bytes("0B020000", "F1030000", "00000000")));

    ArchiveVersionException e = assertThrows(ArchiveVersionException.class, () -> newerUe4.checkReadable(registry()));
    assertEquals("FileVersionUE4", e.word());
  }

  @Test
  void aNewerLicenseeVersion_inTheSecondEntry_isRefusedAtThatEntrysVersionWord() {
    String licensee = "192C7A4F" + "814D3E5B" + "1D9EC0A6" + "574A3F2B";
    ArchiveHeader header = ArchiveHeader.read(new ArchiveReader(bytes(PACKAGE, "02000000", STABLE_ID_GUID, "00000000", licensee,
        "01000000")));

    ArchiveVersionException e = assertThrows(ArchiveVersionException.class,
        () -> header.checkFileVersions(ArchiveHeader.FileVersions.CURRENT));
    assertEquals(48, e.offset());
    assertEquals(1, header.fileVersionLicensee());
    header.checkFileVersions(new ArchiveHeader.FileVersions(522, 1009, 1));
  }

  @Test
  void describe_namesTheLicenseeEntry_andSaysWhatIsNotRegistered() {
    String licensee = "192C7A4F" + "814D3E5B" + "1D9EC0A6" + "574A3F2B";
    ArchiveHeader header = ArchiveHeader.read(new ArchiveReader(bytes(PACKAGE, "03000000", licensee, "00000000",
        "01000000020000000300000004000000", "05000000", STABLE_ID_GUID, "00000000")));

    assertEquals(List.of(
        "4F7A2C19-5B3E4D81-A6C09E1D-2B3F4A57 FileVersionLicenseeUE version 0",
        "00000001-00000002-00000003-00000004 (not registered) version 5",
        "1879CF47-330A4A93-9008B587-0BCC9475 StableId version 0"), header.describe(registry()));
  }

  @Test
  void aHeaderOfThisBuild_carriesItsPackageVersionsAndTheGivenEntries() {
    Guid guid = Guid.parse("01020304-05060708-090A0B0C-0D0E0F10");
    ArchiveHeader header = ArchiveHeader.of(new ArchiveHeader.Entry(guid, 7));

    assertEquals(522, header.fileVersionUE4());
    assertEquals(1009, header.fileVersionUE5());
    assertEquals(Optional.of(7), header.version(guid));
    assertEquals(Optional.empty(), header.version(IdArchives.STABLE_ID.guid()));
  }

  @Test
  void theIdVersions_registerUnderTheirFriendlyNames() {
    CustomVersionRegistry registry = registry();

    for (CustomVersion version : List.of(IdArchives.OBJECT_VERSION, IdArchives.UNIQUE_ID, IdArchives.STABLE_ID)) {
      assertEquals(Optional.of(version), registry.find(version.guid()));
    }
  }

  @Test
  void anArchiveHoldsIds_whenItNamesUniqueIdOrStableId() {
    assertTrue(IdArchives.holdsIds(ArchiveHeader.of(new ArchiveHeader.Entry(IdArchives.UNIQUE_ID.guid(), 3))));
    assertTrue(IdArchives.holdsIds(ArchiveHeader.of(new ArchiveHeader.Entry(IdArchives.STABLE_ID.guid(), 0))));
    assertFalse(IdArchives.holdsIds(ArchiveHeader.of(new ArchiveHeader.Entry(IdArchives.OBJECT_VERSION.guid(), 0))));
    assertFalse(IdArchives.holdsIds(ArchiveHeader.of()));
  }

  @Test
  void layouts_areDescribedAsTheSeedNamesThem() {
    assertEquals("UniqueID v2", IdArchives.describe(IdArchives.Layout.LEGACY_V2));
    assertEquals("UniqueID v3", IdArchives.describe(IdArchives.Layout.LEGACY_V3));
    assertEquals("StableId v0", IdArchives.describe(IdArchives.Layout.STABLE_ID));
  }

  @Test
  void aValue_thatALayoutReadsAsNull_isRefusedBeforeAnythingIsWritten() {
    List<IdArchives.Value> v3 = List.of(IdArchives.Value.of(1), IdArchives.Value.NULL, IdArchives.Value.of(IdArchives.LEGACY_NULL));
    List<IdArchives.Value> stable = List.of(IdArchives.Value.of(0));

    assertEquals("id 3 of 3 has the value -9223372036854775808 (the smallest 64-bit integer), which UniqueID v3 reads as null",
        assertThrows(IllegalArgumentException.class, () -> IdArchives.encodeValues(IdArchives.Layout.LEGACY_V3, v3, 522, 1009))
            .getMessage());
    assertEquals("its id has the value 0, a real legacy id, which StableId v0 reads as none",
        assertThrows(IllegalArgumentException.class,
            () -> IdArchives.encodeValues(IdArchives.Layout.STABLE_ID, stable, 522, 1009)).getMessage());
  }

  @Test
  void valuesThatAreRealIdsInALayout_areWrittenAndReadBack() {
    List<IdArchives.Value> zeroAndMin = List.of(IdArchives.Value.of(0), IdArchives.Value.of(IdArchives.LEGACY_NULL));

    assertEquals(zeroAndMin, IdArchives.decode(IdArchives.encodeValues(IdArchives.Layout.LEGACY_V2, zeroAndMin, 522, 1009)).values());
    assertEquals(List.of(IdArchives.Value.of(0)), IdArchives.decode(
        IdArchives.encodeValues(IdArchives.Layout.LEGACY_V3, List.of(IdArchives.Value.of(0)), 522, 1009)).values());
    assertEquals(List.of(IdArchives.Value.of(IdArchives.LEGACY_NULL)), IdArchives.decode(IdArchives.encodeValues(
        IdArchives.Layout.STABLE_ID, List.of(IdArchives.Value.of(IdArchives.LEGACY_NULL)), 522, 1009)).values());
  }

  @Test
  void aLegacyZero_cannotBecomeAStableId() {
    IdArchives.Decoded decoded = IdArchives.decode(bytes(PACKAGE, "01000000", UNIQUE_ID_GUID, "03000000", "0000000000000000"));

    assertEquals("UniqueID 0 is a real id in a UniqueID v3 archive, which a StableId cannot hold (0 is none there)",
        assertThrows(IllegalStateException.class, decoded::ids).getMessage());
  }

  @Test
  void values_printAsTheyAreHeld() {
    assertEquals("null", IdArchives.Value.NULL.toString());
    assertEquals("-5", IdArchives.Value.of(-5).toString());
    assertEquals("a null id has no value: 5",
        assertThrows(IllegalArgumentException.class, () -> new IdArchives.Value(true, 5)).getMessage());
  }

  @Test
  void onlyAnArchiveWithBothGuids_carriesBoth() {
    assertTrue(IdArchives.decode(IdArchivesTest.BOTH).carriesBoth());
    assertFalse(IdArchives.decode(IdArchivesTest.STABLE_ID).carriesBoth());
    assertFalse(IdArchives.decode(IdArchivesTest.LEGACY_V3).carriesBoth());
    assertEquals(List.of(StableId.of(IdArchivesTest.VALUE_LONG)),
        IdArchives.decode(bytes(PACKAGE, "01000000", STABLE_ID_GUID, "00000000", VALUE)).ids());
  }

  @Test
  void theSameBytesRead_writeTheSameBytes() {
    byte[] original = IdArchivesTest.LEGACY_V3;
    IdArchives.Decoded decoded = IdArchives.decode(original);
    assertArrayEquals(original, IdArchives.encodeValues(decoded.layout(), decoded.values(), 522, 1009));
  }

  private static CustomVersionRegistry registry() {
    CustomVersionRegistry registry = new CustomVersionRegistry();
    IdArchives.registerTo(registry);
    return registry;
  }
}
