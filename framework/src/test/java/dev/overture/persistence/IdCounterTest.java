package dev.overture.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.internal.SqliteUrls;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store whose id counter another program set to something that is no whole number says so, naming
 * the value and where it is (review of the ids branch, finding 7: it said the counter "kept changing
 * under 100 attempts", or that the id space was exhausted).
 */
class IdCounterTest {

  @TempDir Path temp;

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "'abc'                  | 'abc' (text)",
      "1.5                    | 1.5 (a real number)",
      "X'00'                  | a blob of 1 bytes",
      "'99999999999999999999' | 1.0E20 (a real number)"})
  void aCounterThatIsNoWholeNumber_isNamedWithItsValue(String value, String shown) throws Exception {
    Path db = temp.resolve("n.db");
    WorldStore.open(db, ClassNames.of(Map.of())).close();
    try (Connection connection = DriverManager.getConnection(SqliteUrls.of(db)); Statement sql = connection.createStatement()) {
      sql.executeUpdate("UPDATE id_allocator SET next_id = " + value);
    }

    PersistenceException refused = assertThrows(PersistenceException.class, () -> WorldStore.open(db, ClassNames.of(Map.of())));

    assertEquals(db + ": its id counter, id_allocator.next_id (name 'actors'), holds " + shown + ", not a whole number, so no id"
        + " can be handed out; set it to a whole number above every saved actor's id", refused.getMessage());
  }
}
