package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.archive.IdArchives;
import dev.overture.archive.IdArchives.Layout;
import dev.overture.archive.IdArchives.Value;
import dev.overture.id.StableId;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Seed 002 (issue 18), from its own words and byte layouts:
 *
 * <ul>
 *   <li>UUniqueID v3: "nullptr UUniqueID Value will be MIN_int64: 0x80000000_00000000". So a v2 id
 *       whose value is that number, which v2 stores with {@code bIsNull = 0 (false)}, cannot survive
 *       the step to v3: the migration refuses the row, reports it and leaves it untouched.
 *   <li>FStableId v0: "nullptr is no longer meaningful, Value will be 0". Only StableId uses 0 for
 *       none: a v3 (or v2) id of value 0 is a real id, read as such, and the step to StableId, where
 *       it would become none, refuses it the same way.
 * </ul>
 *
 * <p>On SQLite and on PostgreSQL.
 */
@ParameterizedClass
@EnumSource(Backend.class)
class StableIdSeedRulesTest {

  // The seed's diagrams, word by word, little-endian ("the raw bytes will read in the opposite order").
  private static final String PACKAGE = "0A020000" + "F1030000";                              // FileVersionUE4, FileVersionUE5
  private static final String OBJECT_VERSION = "EFBEADDE" + "0FCAFEBA" + "CAFBCFAB" + "CDAB2143"; // 0xDEADBEEF 0xBAFECA0F 0xABCFFBCA 0x4321ABCD
  private static final String UNIQUE_ID = "EFBEADDE" + "0FCAFEBA" + "CADBCDAB" + "CDAB3412";      // 0xDEADBEEF 0xBAFECA0F 0xABCDDBCA 0x1234ABCD
  private static final String MIN_INT64 = "0000000000000080";                                   // 0x80000000_00000000
  private static final String ZERO = "0000000000000000";

  private static byte[] bytes(String... hex) {
    return HexFormat.of().parseHex(String.join("", hex));
  }

  private static String fstring(String text) {
    byte[] ascii = (text + "\0").getBytes(StandardCharsets.US_ASCII);
    return HexFormat.of().formatHex(new byte[] {(byte) ascii.length, 0, 0, 0}) + HexFormat.of().formatHex(ascii);
  }

  /** UUniqueID v2, "bIsNull = 0 (false)", then the class path, the object name and the value. */
  private static byte[] v2(String value) {
    return bytes(PACKAGE, "02000000", OBJECT_VERSION, "00000000", UNIQUE_ID, "02000000", "00000000",
        fstring("/Script/UE4Dreamworld.UniqueID"), fstring("UniqueID_2147417576"), value);
  }

  /** UUniqueID v3: "CustomVersionCount = 1", the UniqueID GUID, "Version = 3", the value. */
  private static byte[] v3(String value) {
    return bytes(PACKAGE, "01000000", UNIQUE_ID, "03000000", value);
  }

  @Parameter Backend backend;
  @TempDir Path temp;
  private Backend.Place place;
  private final Map<String, byte[]> original = new LinkedHashMap<>();

  @BeforeEach
  void database() throws Exception {
    place = backend.fresh(temp);
    place.open(ClassNames.of(Map.of())).close();
    original.put("v2min", v2(MIN_INT64));
    original.put("v2zero", v2(ZERO));
    original.put("v3zero", v3(ZERO));
    original.put("v3null", v3(MIN_INT64));
    original.put("v2seven", v2("0700000000000000"));
    try (Connection connection = place.connect();
        Statement sql = connection.createStatement();
        PreparedStatement insert = connection.prepareStatement("INSERT INTO properties (actor_id, component, name, value) VALUES (1, '', ?, ?)")) {
      sql.executeUpdate("INSERT INTO actors (id, world, class, name) VALUES (1, 'Arena', 'Pawn', 'Tiger')");
      for (Map.Entry<String, byte[]> row : original.entrySet()) {
        insert.setString(1, row.getKey());
        insert.setBytes(2, row.getValue());
        insert.executeUpdate();
      }
    }
  }

  @AfterEach
  void closeDatabase() {
    place.close();
  }

  private Map<String, byte[]> blobs() throws Exception {
    Map<String, byte[]> blobs = new LinkedHashMap<>();
    try (Connection connection = place.connect();
        Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery("SELECT name, value FROM properties ORDER BY name")) {
      while (rows.next()) {
        blobs.put(rows.getString(1), rows.getBytes(2));
      }
    }
    return blobs;
  }

  private IdMigration.Report migrate(IdMigration.Target target) {
    return backend == Backend.SQLITE
        ? IdMigration.run(place.file(), target, false, false, 10)
        : IdMigration.run(place.pool(), target, false, 10);
  }

  @Test
  void aV2IdOfTheSmallestValue_cannotBecomeV3_soItsRowIsRefusedReportedAndLeftUntouched() throws Exception {
    assertEquals(List.of(Value.of(Long.MIN_VALUE)), IdArchives.decode(original.get("v2min")).values(), "bIsNull = 0: a real id");

    IdMigration.Report report = migrate(IdMigration.Target.V3);

    assertEquals(List.of(new IdMigration.Refusal(1, "", "v2min", "it cannot become UniqueID v3: its id has the value"
        + " -9223372036854775808 (the smallest 64-bit integer), which UniqueID v3 reads as null; it was left as it is")), report.refused());
    assertTrue(report.format().contains("Refused: 1" + System.lineSeparator() + "  actor 1, property v2min: it cannot become"
        + " UniqueID v3"), report.format());
    Map<String, byte[]> after = blobs();
    assertArrayEquals(original.get("v2min"), after.get("v2min"), "untouched, never turned into null");
    assertArrayEquals(v3(ZERO), after.get("v2zero"), "a v2 id of 0 is a real id in v3 too");
    assertArrayEquals(v3("0700000000000000"), after.get("v2seven"));
    assertEquals(2, report.converted());
  }

  @Test
  void aV3IdOfZero_isARealId_andCannotBecomeAStableId_whereZeroIsNone() throws Exception {
    assertEquals(List.of(Value.of(0)), IdArchives.decode(original.get("v3zero")).values(), "0 is a real id in v3");
    assertEquals(List.of(Value.NULL), IdArchives.decode(original.get("v3null")).values(), "MIN_int64 is v3's null");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> IdArchives.decode(original.get("v3zero")).ids());
    assertEquals("UniqueID 0 is a real id in a UniqueID v3 archive, which a StableId cannot hold (0 is none there)", e.getMessage());

    IdMigration.Report report = migrate(IdMigration.Target.STABLE_ID);

    assertEquals(List.of("v2zero", "v3zero"), report.refused().stream().map(IdMigration.Refusal::property).toList());
    assertEquals("it cannot become StableId v0: its id has the value 0, a real legacy id, which StableId v0 reads as none; it was left"
        + " as it is", report.refused().get(1).reason());
    Map<String, byte[]> after = blobs();
    assertArrayEquals(original.get("v3zero"), after.get("v3zero"), "untouched");
    assertArrayEquals(original.get("v2zero"), after.get("v2zero"), "untouched");
    assertArrayEquals(IdArchives.encode(Layout.STABLE_ID, List.of(StableId.NONE)), after.get("v3null"), "v3's null becomes 0");
    assertArrayEquals(IdArchives.encode(Layout.STABLE_ID, List.of(StableId.of(Long.MIN_VALUE))), after.get("v2min"),
        "a v2 id of MIN_int64 is a real StableId: only v3 reads it as null");
  }

  @Test
  void encodingAnIdWhoseValueIsTheLayoutsNull_isRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> IdArchives.encode(Layout.LEGACY_V3, List.of(StableId.of(Long.MIN_VALUE))));
    assertEquals("its id has the value -9223372036854775808 (the smallest 64-bit integer), which UniqueID v3 reads as null",
        e.getMessage());
  }
}
