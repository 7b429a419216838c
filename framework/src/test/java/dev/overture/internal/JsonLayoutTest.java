package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The one layout Overture writes JSON in, for people to read and edit. */
class JsonLayoutTest {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  @Test
  void twoSpaces_oneMemberPerLine_aSpaceAfterTheColon_andAFinalNewline() {
    ObjectNode tree = MAPPER.createObjectNode();
    tree.put("name", "Élimination");
    tree.putArray("teams").add(1).add(2);
    tree.putObject("limits").put("score", 50);

    assertEquals("""
        {
          "name": "Élimination",
          "teams": [
            1,
            2
          ],
          "limits": {
            "score": 50
          }
        }
        """, new String(JsonLayout.toBytes(tree), StandardCharsets.UTF_8));
  }

  @Test
  void aNumberThatIsNotFinite_isRefused_namingWhere_andNothingIsWritten() {
    ObjectNode tree = MAPPER.createObjectNode();
    tree.putObject("audio").put("volume", Double.POSITIVE_INFINITY);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JsonLayout.toBytes(tree));
    assertEquals("Not written: /audio/volume is Infinity, which is not a finite number (JSON has none)", e.getMessage());

    e = assertThrows(IllegalArgumentException.class, () -> JsonLayout.toBytes(MAPPER.getNodeFactory().numberNode(Double.NaN)));
    assertEquals("Not written: the value is NaN, which is not a finite number (JSON has none)", e.getMessage());
  }
}
