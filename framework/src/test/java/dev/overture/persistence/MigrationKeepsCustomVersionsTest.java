package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overture.archive.ArchiveHeader;
import dev.overture.archive.ArchiveWriter;
import dev.overture.archive.IdArchives;
import dev.overture.version.Guid;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
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
 * Review: the migration rewrote a legacy id blob with the layout's custom versions only, so any
 * other the blob carried (a mod's, a licensee's) was dropped. It keeps them now, after the layout's
 * own, with the ids and the package file versions unchanged.
 */
@ParameterizedClass
@EnumSource(Backend.class)
class MigrationKeepsCustomVersionsTest {

  private static final ArchiveHeader.Entry MOD = new ArchiveHeader.Entry(Guid.parse("11111111-22222222-33333333-44444444"), 4);

  @Parameter Backend backend;
  @TempDir Path temp;
  private Backend.Place place;

  @BeforeEach
  void database() {
    place = backend.fresh(temp);
    place.open(ClassNames.of(Map.of())).close(); // the schema
  }

  @AfterEach
  void closeDatabase() {
    place.close();
  }

  private static byte[] archive(List<ArchiveHeader.Entry> entries, long... values) {
    ArchiveWriter out = new ArchiveWriter();
    new ArchiveHeader(500, 1000, entries).write(out);
    for (long value : values) {
      out.writeInt64(value);
    }
    return out.toByteArray();
  }

  @Test
  void aV3BlobCarryingAModsCustomVersion_keepsIt_asAStableId() throws Exception {
    byte[] v3 = archive(List.of(new ArchiveHeader.Entry(IdArchives.UNIQUE_ID.guid(), 3), MOD), 42, Long.MIN_VALUE);
    try (Connection connection = place.connect(); Statement sql = connection.createStatement();
        PreparedStatement insert = connection.prepareStatement("INSERT INTO properties (actor_id, component, name, value) VALUES (1, '', 'v3', ?)")) {
      sql.executeUpdate("INSERT INTO actors (id, world, class, name) VALUES (1, 'Arena', 'Tank', 'Tiger')");
      insert.setBytes(1, v3);
      insert.executeUpdate();
    }

    IdMigration.Report report = backend == Backend.SQLITE
        ? IdMigration.run(place.file(), IdMigration.Target.STABLE_ID, false, false, 10)
        : IdMigration.run(place.pool(), IdMigration.Target.STABLE_ID, false, 10);

    assertEquals(1, report.converted());
    byte[] expected = archive(List.of(new ArchiveHeader.Entry(IdArchives.STABLE_ID.guid(), 0), MOD), 42, 0);
    try (Connection connection = place.connect(); Statement sql = connection.createStatement();
        ResultSet rows = sql.executeQuery("SELECT value FROM properties WHERE name = 'v3'")) {
      rows.next();
      assertArrayEquals(expected, rows.getBytes(1));
    }
  }
}
