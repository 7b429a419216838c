package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.archive.ArchiveHeader;
import dev.overture.archive.ArchiveWriter;
import dev.overture.archive.IdArchives;
import dev.overture.archive.IdArchives.Layout;
import dev.overture.id.StableId;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
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
 * A database mixing every id layout with other values and corrupt blobs, migrated (twice): an
 * SQLite file (with its backup) and a PostgreSQL database (where the backup is the operator's).
 */
@ParameterizedClass
@EnumSource(Backend.class)
class IdMigrationTest {

  @Parameter Backend backend;
  @TempDir Path temp;
  private Backend.Place place;
  private Path db;
  private final Map<String, byte[]> original = new LinkedHashMap<>();

  private static byte[] both(long legacy, long stable) {
    ArchiveWriter out = new ArchiveWriter();
    ArchiveHeader.of(new ArchiveHeader.Entry(IdArchives.UNIQUE_ID.guid(), 3), new ArchiveHeader.Entry(IdArchives.STABLE_ID.guid(), 0))
        .write(out);
    return out.writeInt64(legacy).writeInt64(stable).toByteArray();
  }

  @BeforeEach
  void database() throws Exception {
    place = backend.fresh(temp);
    db = place.file();
    place.open(ClassNames.of(Map.of())).close(); // the schema
    original.put("v2", IdArchives.encode(Layout.LEGACY_V2, List.of(StableId.of(1001))));
    original.put("v2null", IdArchives.encode(Layout.LEGACY_V2, List.of(StableId.NONE)));
    original.put("v2many", IdArchives.encode(Layout.LEGACY_V2, List.of(StableId.of(5), StableId.NONE, StableId.of(6))));
    original.put("v3", IdArchives.encode(Layout.LEGACY_V3, List.of(StableId.of(1002))));
    original.put("v3null", IdArchives.encode(Layout.LEGACY_V3, List.of(StableId.NONE)));
    original.put("stable", IdArchives.encode(Layout.STABLE_ID, List.of(StableId.of(1003))));
    original.put("both", both(1004, 1005));
    original.put("truncated", java.util.Arrays.copyOf(IdArchives.encode(Layout.LEGACY_V2, List.of(StableId.of(7))), 60));
    original.put("garbage", new byte[] {1, 2, 3});
    original.put("ammo", PropertyCodec.encode(12, int.class));
    try (Connection connection = place.connect();
        Statement sql = connection.createStatement();
        PreparedStatement insert = connection.prepareStatement("INSERT INTO properties (actor_id, component, name, value) VALUES (1, '', ?, ?)")) {
      sql.executeUpdate("INSERT INTO actors (id, world, class, name) VALUES (1, 'Arena', 'Tank', 'Tiger')");
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

  /** Migrates the test's database: a file with its backup, or a data source (no backup). */
  private IdMigration.Report migrate(IdMigration.Target target, boolean dryRun, boolean backup, int batch) {
    return backend == Backend.SQLITE
        ? IdMigration.run(db, target, dryRun, backup, batch)
        : IdMigration.run(place.pool(), target, dryRun, batch);
  }

  private Map<String, byte[]> blobs() throws Exception {
    try (Connection connection = place.connect()) {
      return blobs(connection);
    }
  }

  private static Map<String, byte[]> blobs(Path file) throws Exception {
    try (Connection connection = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file)) {
      return blobs(connection);
    }
  }

  private static Map<String, byte[]> blobs(Connection connection) throws Exception {
    Map<String, byte[]> blobs = new LinkedHashMap<>();
    try (Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery("SELECT name, value FROM properties ORDER BY name")) {
      while (rows.next()) {
        blobs.put(rows.getString(1), rows.getBytes(2));
      }
    }
    return blobs;
  }

  @Test
  void toStableId_rewritesEveryLegacyBlob_keepsValues_refusesCorruptOnes_andASecondRunChangesNothing() throws Exception {
    IdMigration.Report first = migrate(IdMigration.Target.STABLE_ID, false, true, 3);

    assertEquals(10, first.rowsRead());
    assertEquals(6, first.converted(), "v2, v2null, v2many, v3, v3null, both");
    assertEquals(1, first.alreadyCurrent());
    assertEquals(1, first.otherValues());
    assertEquals(List.of("garbage", "truncated"), first.refused().stream().map(IdMigration.Refusal::property).toList(),
        "in key order");
    assertEquals("At byte 56: truncated: ClassPath says 31 characters (31 bytes), 0 left", first.refused().get(1).reason());

    Map<String, byte[]> after = blobs();
    assertArrayEquals(IdArchives.encode(Layout.STABLE_ID, List.of(StableId.of(1001))), after.get("v2"));
    assertArrayEquals(IdArchives.encode(Layout.STABLE_ID, List.of(StableId.NONE)), after.get("v2null"), "null becomes 0");
    assertEquals(List.of(StableId.of(5), StableId.NONE, StableId.of(6)), IdArchives.decode(after.get("v2many")).ids());
    assertEquals(Layout.STABLE_ID, IdArchives.decode(after.get("v3null")).layout());
    assertEquals(List.of(StableId.of(1004), StableId.of(1005)), IdArchives.decode(after.get("both")).ids());
    for (String untouched : List.of("stable", "truncated", "garbage", "ammo")) {
      assertArrayEquals(original.get(untouched), after.get(untouched), untouched);
    }
    if (backend == Backend.SQLITE) {
      Map<String, byte[]> backup = blobs(first.backup().orElseThrow());
      original.forEach((name, bytes) -> assertArrayEquals(bytes, backup.get(name), "backup of " + name));
    } else {
      assertTrue(first.backup().isEmpty(), "on a server, the backup is the operator's");
    }

    IdMigration.Report second = migrate(IdMigration.Target.STABLE_ID, false, false, 3);
    assertEquals(0, second.converted());
    assertEquals(7, second.alreadyCurrent());
    assertEquals(2, second.refused().size(), "still reported, still there");
    Map<String, byte[]> again = blobs();
    after.forEach((name, bytes) -> assertArrayEquals(bytes, again.get(name), name));
  }

  @Test
  void toV3_rewritesOnlyV2Blobs() throws Exception {
    IdMigration.Report report = migrate(IdMigration.Target.V3, false, false, 100);

    assertEquals(3, report.converted());
    assertEquals(4, report.alreadyCurrent(), "v3, v3null, stable, both");
    Map<String, byte[]> after = blobs();
    assertArrayEquals(IdArchives.encode(Layout.LEGACY_V3, List.of(StableId.NONE)), after.get("v2null"), "null becomes MIN_INT64");
    assertArrayEquals(original.get("stable"), after.get("stable"));
  }

  @Test
  void aDryRun_countsTheSame_andWritesNothing() throws Exception {
    IdMigration.Report report = migrate(IdMigration.Target.STABLE_ID, true, true, 4);

    assertEquals(6, report.converted());
    assertTrue(report.backup().isEmpty(), "no backup of a database that is not written");
    assertTrue(report.format().endsWith("Dry run: nothing was written."), report.format());
    Map<String, byte[]> after = blobs();
    original.forEach((name, bytes) -> assertArrayEquals(bytes, after.get(name), name));
  }
}
