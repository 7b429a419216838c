package dev.overture.archive;

import static dev.overture.archive.IdArchivesTest.PACKAGE;
import static dev.overture.archive.IdArchivesTest.STABLE_ID_GUID;
import static dev.overture.archive.IdArchivesTest.UNIQUE_ID_GUID;
import static dev.overture.archive.IdArchivesTest.VALUE;
import static dev.overture.archive.IdArchivesTest.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.id.StableId;
import dev.overture.version.CustomVersionRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The version words of an archive's header, as seed 000 says of packages: "Engine에서는 자동으로 이
 * Version의 값을 자동으로 자체검사한다. Engine보다 높은 Version이 있는 Package는 Load 할 수 없다." (the
 * engine checks these values itself; a package with a higher version than the engine cannot be
 * loaded), for the UE4, UE5 and licensee words alike.
 */
class ArchiveHeaderTest {

  // The licensee entry's GUID 4F7A2C19-5B3E-4D81-A6C0-9E1D2B3F4A57, word by word.
  private static final String LICENSEE_GUID = "192C7A4F" + "814D3E5B" + "1D9EC0A6" + "574A3F2B";

  @Test
  void anArchiveOfThisBuildsVersions_orOlder_reads() {
    assertEquals(List.of(StableId.of(IdArchivesTest.VALUE_LONG)),
        IdArchives.decode(bytes("09020000", "E8030000", "01000000", STABLE_ID_GUID, "00000000", VALUE)).ids(),
        "UE4 521 and UE5 1000: older, read");
  }

  @Test
  void aNewerUe4Word_isRefused_namingTheWordAndBothValues() {
    ArchiveVersionException e = assertThrows(ArchiveVersionException.class,
        () -> IdArchives.decode(bytes("0B020000", "F1030000", "01000000", STABLE_ID_GUID, "00000000", VALUE)));

    assertEquals("At byte 0: written with FileVersionUE4 523, newer than this build reads (up to 522); the archive is left as it is",
        e.getMessage());
    assertEquals("FileVersionUE4", e.word());
    assertEquals(523, e.found());
    assertEquals(522, e.newest());
    assertEquals(0, e.offset());
  }

  @Test
  void aNewerUe5Word_isRefusedAtItsByte() {
    ArchiveVersionException e = assertThrows(ArchiveVersionException.class,
        () -> IdArchives.decode(bytes("0A020000", "F2030000", "01000000", STABLE_ID_GUID, "00000000", VALUE)));

    assertEquals("At byte 4: written with FileVersionUE5 1010, newer than this build reads (up to 1009); the archive is left as it is",
        e.getMessage());
    assertEquals(4, e.offset());
  }

  /**
   * Seed 000: "EUnrealEngineObjectLicenseeUEVersion은 사용자가 자체적으로 Engine Level Version 관리를 추가할 수
   * 있다." The seed's archives have no licensee word, so a licensee build's version travels as an
   * entry of the custom version container; without one, an archive is at licensee version 0.
   */
  @Test
  void aNewerLicenseeVersion_isRefused_unlessTheBuildIsThatLicenseesOwn() {
    byte[] licensed = bytes(PACKAGE, "02000000", LICENSEE_GUID, "02000000", STABLE_ID_GUID, "00000000", VALUE);

    ArchiveVersionException e = assertThrows(ArchiveVersionException.class, () -> IdArchives.decode(licensed));
    assertEquals("At byte 28: written with FileVersionLicenseeUE 2, newer than this build reads (up to 0); the archive is left as it"
        + " is", e.getMessage());
    assertEquals("FileVersionLicenseeUE", e.word());

    IdArchives.Decoded decoded = IdArchives.decode(licensed, new ArchiveHeader.FileVersions(522, 1009, 2));
    assertEquals(2, decoded.header().fileVersionLicensee());
    assertEquals(0, IdArchives.decode(IdArchivesTest.STABLE_ID).header().fileVersionLicensee(), "no entry: licensee version 0");
  }

  @Test
  void checkReadable_alsoRefusesACustomVersionNewerThanTheRegisteredOne_atItsByte() {
    CustomVersionRegistry registry = new CustomVersionRegistry();
    IdArchives.registerTo(registry);
    ArchiveHeader header = ArchiveHeader.read(new ArchiveReader(bytes(PACKAGE, "01000000", UNIQUE_ID_GUID, "04000000")));

    ArchiveVersionException e = assertThrows(ArchiveVersionException.class, () -> header.checkReadable(registry));

    assertEquals("At byte 28: written with UniqueID 4, newer than this build reads (up to 3); the archive is left as it is",
        e.getMessage());
    assertEquals(List.of("DEADBEEF-BAFECA0F-ABCDDBCA-1234ABCD UniqueID version 4 (newer than this build's 3)"),
        header.describe(registry));
  }
}
