package dev.overture.archive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.id.StableId;
import dev.overture.version.CustomVersionRegistry;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The seed's three id layouts, as byte vectors written out by hand from its diagrams (every field
 * little-endian, so the bytes of each word read backwards from the diagram's hex).
 */
class IdArchivesTest {

  // Package versions: FileVersionUE4 522 (0x20A), FileVersionUE5 1009 (0x3F1).
  static final String PACKAGE = "0A020000" + "F1030000";
  // Object Version GUID DEADBEEF-BAFECA0F-ABCFFBCA-4321ABCD, word by word.
  static final String OBJECT_VERSION_GUID = "EFBEADDE" + "0FCAFEBA" + "CAFBCFAB" + "CDAB2143";
  // UniqueID GUID DEADBEEF-BAFECA0F-ABCDDBCA-1234ABCD.
  static final String UNIQUE_ID_GUID = "EFBEADDE" + "0FCAFEBA" + "CADBCDAB" + "CDAB3412";
  // StableId GUID 1879CF47-330A4A93-9008B587-0BCC9475.
  static final String STABLE_ID_GUID = "47CF7918" + "934A0A33" + "87B50890" + "7594CC0B";
  // The value 0x0123456789ABCDEF.
  static final String VALUE = "EFCDAB8967452301";
  static final long VALUE_LONG = 0x0123456789ABCDEFL;

  static byte[] bytes(String... hex) {
    return HexFormat.of().parseHex(String.join("", hex));
  }

  static String ascii(String text) {
    return HexFormat.of().formatHex((text + "\0").getBytes(StandardCharsets.US_ASCII));
  }

  static final byte[] LEGACY_V2 = bytes(
      PACKAGE,
      "02000000",                                  // CustomVersionCount = 2
      OBJECT_VERSION_GUID, "00000000",             // Object Version, Version = 0
      UNIQUE_ID_GUID, "02000000",                  // UniqueID Version, Version = 2
      "00000000",                                  // bIsNull = 0
      "1F000000", ascii("/Script/UE4Dreamworld.UniqueID"),  // ClassPath, Length = 31
      "14000000", ascii("UniqueID_2147417576"),    // ObjectName, Length = 20
      VALUE);

  static final byte[] LEGACY_V2_NULL = bytes(PACKAGE, "02000000", OBJECT_VERSION_GUID, "00000000", UNIQUE_ID_GUID, "02000000",
      "01000000");                                 // bIsNull = 1, nothing follows

  static final byte[] LEGACY_V3 = bytes(PACKAGE, "01000000", UNIQUE_ID_GUID, "03000000", VALUE);

  static final byte[] LEGACY_V3_NULL = bytes(PACKAGE, "01000000", UNIQUE_ID_GUID, "03000000", "0000000000000080");

  static final byte[] STABLE_ID = bytes(PACKAGE, "01000000", STABLE_ID_GUID, "00000000", VALUE);

  static final byte[] STABLE_ID_NONE = bytes(PACKAGE, "01000000", STABLE_ID_GUID, "00000000", "0000000000000000");

  /** A struct with a legacy v3 property and a StableId property, in one archive. */
  static final byte[] BOTH = bytes(PACKAGE, "02000000", UNIQUE_ID_GUID, "03000000", STABLE_ID_GUID, "00000000",
      VALUE, "2A00000000000000");

  @Test
  void aLegacyV2ArchiveOfANewerObjectVersion_isRefusedAsANewerBuilds_notReadAsVersion0() {
    byte[] newer = bytes(PACKAGE, "02000000", OBJECT_VERSION_GUID, "07000000", UNIQUE_ID_GUID, "02000000", "00000000",
        "1F000000", ascii("/Script/UE4Dreamworld.UniqueID"), "14000000", ascii("UniqueID_2147417576"), VALUE);

    ArchiveVersionException e = assertThrows(ArchiveVersionException.class, () -> IdArchives.decode(newer));

    assertTrue(e.getMessage().contains("written with ObjectVersion 7, newer than this build reads (up to 0"), e.getMessage());
    assertEquals(28, e.offset(), "at the Object Version's version word (8 + 4 + its 16-byte GUID)");
  }

  /** A hostile review: a negative Object Version was read as version 0's layout, and migrate-ids would have converted it. */
  @Test
  void aLegacyV2ArchiveOfANegativeObjectVersion_isRefusedAsCorrupt() {
    byte[] negative = bytes(PACKAGE, "02000000", OBJECT_VERSION_GUID, "F9FFFFFF", UNIQUE_ID_GUID, "02000000", "00000000",
        "1F000000", ascii("/Script/UE4Dreamworld.UniqueID"), "14000000", ascii("UniqueID_2147417576"), VALUE);

    ArchiveFormatException e = assertThrows(ArchiveFormatException.class, () -> IdArchives.decode(negative));

    assertEquals("At byte 28: ObjectVersion -7 does not exist (versions 0 to 0 do)", e.getMessage());
  }

  @Test
  void legacyV2_readsTheValueThroughItsObjectMetadata() {
    IdArchives.Decoded decoded = IdArchives.decode(LEGACY_V2);

    assertEquals(IdArchives.Layout.LEGACY_V2, decoded.layout());
    assertEquals(List.of(StableId.of(VALUE_LONG)), decoded.ids());
    assertEquals(522, decoded.header().fileVersionUE4());
    assertEquals(1009, decoded.header().fileVersionUE5());
  }

  @Test
  void eachLayout_readsToTheSameValue() {
    for (byte[] blob : List.of(LEGACY_V2, LEGACY_V3, STABLE_ID)) {
      assertEquals(List.of(StableId.of(VALUE_LONG)), IdArchives.decode(blob).ids());
    }
    assertEquals(IdArchives.Layout.LEGACY_V3, IdArchives.decode(LEGACY_V3).layout());
    assertEquals(IdArchives.Layout.STABLE_ID, IdArchives.decode(STABLE_ID).layout());
  }

  @Test
  void nullInEachLayout_readsAsNone() {
    for (byte[] blob : List.of(LEGACY_V2_NULL, LEGACY_V3_NULL, STABLE_ID_NONE)) {
      assertEquals(List.of(StableId.NONE), IdArchives.decode(blob).ids());
    }
  }

  @Test
  void anArchiveWithBothGuids_readsBothIdsAlike() {
    IdArchives.Decoded decoded = IdArchives.decode(BOTH);

    assertTrue(decoded.carriesBoth());
    assertEquals(List.of(StableId.of(VALUE_LONG), StableId.of(42)), decoded.ids());
  }

  @Test
  void encoding_writesTheSameBytesAsTheDiagrams() {
    assertArrayEquals(LEGACY_V3, IdArchives.encode(IdArchives.Layout.LEGACY_V3, List.of(StableId.of(VALUE_LONG))));
    assertArrayEquals(LEGACY_V3_NULL, IdArchives.encode(IdArchives.Layout.LEGACY_V3, List.of(StableId.NONE)));
    assertArrayEquals(STABLE_ID, IdArchives.encode(IdArchives.Layout.STABLE_ID, List.of(StableId.of(VALUE_LONG))));
    assertArrayEquals(STABLE_ID_NONE, IdArchives.encode(IdArchives.Layout.STABLE_ID, List.of(StableId.NONE)));
    assertArrayEquals(LEGACY_V2_NULL, IdArchives.encode(IdArchives.Layout.LEGACY_V2, List.of(StableId.NONE)));
    byte[] v2 = IdArchives.encode(IdArchives.Layout.LEGACY_V2, List.of(StableId.of(VALUE_LONG)));
    assertEquals(List.of(StableId.of(VALUE_LONG)), IdArchives.decode(v2).ids());
    assertEquals(VALUE, HexFormat.of().formatHex(v2, v2.length - 8, v2.length).toUpperCase(), "the value is the trailing 8 bytes");
  }

  /** Review of the ids branch, finding 12: the v2 reader took any class path, and an FString with a NUL inside. */
  @Test
  void theV2Reader_refusesWhatTheWriterCannotWrite() {
    assertEquals("At byte 56: ClassPath is \"/Script/UE4Dreamworld.Unique_D\", not /Script/UE4Dreamworld.UniqueID (a UniqueID's class)",
        assertThrows(ArchiveFormatException.class, () -> IdArchives.decode(bytes(PACKAGE, "02000000", OBJECT_VERSION_GUID, "00000000",
            UNIQUE_ID_GUID, "02000000", "00000000", "1F000000", ascii("/Script/UE4Dreamworld.Unique_D"), "14000000",
            ascii("UniqueID_2147417576"), VALUE))).getMessage());
    assertEquals("At byte 103: ObjectName holds a NUL before its end (character 8), which no FString can",
        assertThrows(ArchiveFormatException.class, () -> IdArchives.decode(bytes(PACKAGE, "02000000", OBJECT_VERSION_GUID, "00000000",
            UNIQUE_ID_GUID, "02000000", "00000000", "1F000000", ascii("/Script/UE4Dreamworld.UniqueID"), "14000000",
            ascii("UniqueID\0" + "2147417576"), VALUE))).getMessage());
  }

  /** Review of the ids branch, finding 11: a newer layout was called one that "does not exist". */
  @Test
  void aNewerStableIdOrUniqueIdVersion_isANewerBuildsArchive_namingTheWordAndBothValues() {
    ArchiveVersionException stable = assertThrows(ArchiveVersionException.class,
        () -> IdArchives.decode(bytes(PACKAGE, "01000000", STABLE_ID_GUID, "01000000", VALUE)));
    assertEquals("At byte 28: written with StableId 1, newer than this build reads (up to 0); the archive is left as it is",
        stable.getMessage());
    ArchiveVersionException unique = assertThrows(ArchiveVersionException.class,
        () -> IdArchives.decode(bytes(PACKAGE, "01000000", UNIQUE_ID_GUID, "04000000", VALUE)));
    assertEquals("At byte 28: written with UniqueID 4, newer than this build reads (up to 3); the archive is left as it is",
        unique.getMessage());
    assertEquals("At byte 32: StableId version -1 does not exist (only 0 does)", assertThrows(ArchiveFormatException.class,
        () -> IdArchives.decode(bytes(PACKAGE, "01000000", STABLE_ID_GUID, "FFFFFFFF", VALUE))).getMessage());
  }

  @Test
  void inconsistentArchives_areRefusedWithTheReason() {
    assertEquals("At byte 52: a UniqueID version 2 archive cannot also carry StableId (only version 3 can)",
        assertThrows(ArchiveFormatException.class, () -> IdArchives.decode(bytes(PACKAGE, "02000000", UNIQUE_ID_GUID, "02000000",
            STABLE_ID_GUID, "00000000", "01000000"))).getMessage());
    assertEquals("At byte 32: UniqueID version 1 is not supported (2 and 3 are)",
        assertThrows(ArchiveFormatException.class,
            () -> IdArchives.decode(bytes(PACKAGE, "01000000", UNIQUE_ID_GUID, "01000000", VALUE))).getMessage());
    assertEquals("At byte 32: 5 bytes follow the header, which is not a whole number of 8-byte ids",
        assertThrows(ArchiveFormatException.class,
            () -> IdArchives.decode(bytes(PACKAGE, "01000000", STABLE_ID_GUID, "00000000", "0102030405"))).getMessage());
    assertEquals("At byte 12: the archive holds no id: its custom versions name neither UniqueID nor StableId",
        assertThrows(ArchiveFormatException.class, () -> IdArchives.decode(bytes(PACKAGE, "00000000"))).getMessage());
    assertEquals("At byte 8: truncated: CustomVersionCount 2147483647 needs 42949672940 bytes, 0 left",
        assertThrows(ArchiveFormatException.class, () -> IdArchives.decode(bytes(PACKAGE, "FFFFFF7F"))).getMessage());
    assertEquals("At byte 56: truncated: ClassPath says 1000000 characters (1000000 bytes), 0 left",
        assertThrows(ArchiveFormatException.class, () -> IdArchives.decode(bytes(PACKAGE, "02000000", OBJECT_VERSION_GUID,
            "00000000", UNIQUE_ID_GUID, "02000000", "00000000", "40420F00"))).getMessage());
  }

  /** Seed 002: "for an archive containing either version of a single UUniqueID or a single FStableId, the value is stored in the trailing 8 bytes". */
  @Test
  void decodeOne_readsTheSingleIdOfAProperty_andRefusesAnArchiveCutAfterItsHeader() {
    assertEquals(List.of(StableId.of(VALUE_LONG)), IdArchives.decodeOne(STABLE_ID).ids());
    assertEquals(List.of(), IdArchives.decode(bytes(PACKAGE, "01000000", STABLE_ID_GUID, "00000000")).ids(),
        "an empty list of ids is an archive too");
    assertEquals("At byte 32: truncated: the archive ends after its header, before its id",
        assertThrows(ArchiveFormatException.class,
            () -> IdArchives.decodeOne(bytes(PACKAGE, "01000000", STABLE_ID_GUID, "00000000"))).getMessage());
    assertEquals("At byte 48: the archive holds 2 ids where one was expected",
        assertThrows(ArchiveFormatException.class,
            () -> IdArchives.decodeOne(bytes(PACKAGE, "01000000", STABLE_ID_GUID, "00000000", VALUE, VALUE))).getMessage());
    assertEquals("At byte 60: truncated: an archive carrying both UniqueID and StableId holds a value of each, at least 2 ids;"
            + " this one ends after 1",
        assertThrows(ArchiveFormatException.class, () -> IdArchives.decode(java.util.Arrays.copyOf(BOTH, BOTH.length - 8)))
            .getMessage());
  }

  @Test
  void minInt64_isNullOnlyInArchivesCarryingTheUniqueIdVersion() {
    assertEquals(List.of(StableId.of(Long.MIN_VALUE)),
        IdArchives.decode(bytes(PACKAGE, "01000000", STABLE_ID_GUID, "00000000", "0000000000000080")).ids());
  }

  @Test
  void aHugeContainerOfDistinctGuids_isReadInLinearTime_andRefusedForHoldingNoId() {
    int count = 50_000;
    ArchiveWriter out = new ArchiveWriter().writeInt32(522).writeInt32(1009).writeInt32(count);
    for (int i = 0; i < count; i++) {
      out.writeGuid(new dev.overture.version.Guid(i, i, i, i)).writeInt32(0);
    }
    ArchiveFormatException e = assertThrows(ArchiveFormatException.class, () -> IdArchives.decode(out.toByteArray()));
    assertTrue(e.getMessage().endsWith("the archive holds no id: its custom versions name neither UniqueID nor StableId"));
    assertEquals("At byte 32: custom version 00000000-00000000-00000000-00000000 appears twice in the container",
        assertThrows(ArchiveFormatException.class, () -> ArchiveHeader.read(new ArchiveReader(bytes(PACKAGE, "02000000",
            "00000000000000000000000000000000", "00000000", "00000000000000000000000000000000", "00000000")))).getMessage());
  }

  @Test
  void theHeader_namesRegisteredCustomVersions() {
    CustomVersionRegistry registry = new CustomVersionRegistry();
    IdArchives.registerTo(registry);

    assertEquals(List.of(
            "DEADBEEF-BAFECA0F-ABCFFBCA-4321ABCD ObjectVersion version 0",
            "DEADBEEF-BAFECA0F-ABCDDBCA-1234ABCD UniqueID version 2"),
        IdArchives.decode(LEGACY_V2).header().describe(registry));
  }

  @Test
  void strings_followUnrealsFString() {
    ArchiveWriter out = new ArchiveWriter().writeFString("").writeFString("abc").writeFString("Łódź").writeFString("é");
    ArchiveReader in = new ArchiveReader(out.toByteArray());

    assertEquals("", in.readFString("a"));
    assertEquals("abc", in.readFString("b"));
    assertEquals("Łódź", in.readFString("c"));
    assertEquals("é", in.readFString("d"));
    assertTrue(in.atEnd());
    assertEquals("00000000" + "04000000" + "61626300" + "FBFFFFFF",
        HexFormat.of().formatHex(out.toByteArray(), 0, 16).toUpperCase(), "wide strings have a negative length");
    byte[] e = new ArchiveWriter().writeFString("é").toByteArray();
    assertEquals("FEFFFFFF" + "E900" + "0000", HexFormat.of().formatHex(e).toUpperCase(),
        "not pure ASCII, so UTF-16 as Unreal writes it");
    assertEquals("é", new ArchiveReader(bytes("02000000", "E900")).readFString("latin-1"), "one-byte text reads as Latin-1");
    assertEquals("an FString cannot hold a NUL character: a?b",
        assertThrows(IllegalArgumentException.class, () -> new ArchiveWriter().writeFString("a\0b")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> new ArchiveWriter().writeFString("\uD800"));
  }
}
