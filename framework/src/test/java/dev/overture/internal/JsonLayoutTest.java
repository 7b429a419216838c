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

  @Test
  void aRewrite_keepsTheReplacedFilesLineEnds_markAndEncoding() {
    ObjectNode tree = MAPPER.createObjectNode();
    tree.put("title", "Arène");
    String lf = "{\n  \"title\": \"Arène\"\n}\n";
    String crlf = lf.replace("\n", "\r\n");

    assertEquals(lf, new String(JsonLayout.toBytesLike(tree, "{ \"title\": 1 }\n".getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8));
    assertEquals(crlf, new String(JsonLayout.toBytesLike(tree, "{\r\n \"title\": 1\r\n}\r\n".getBytes(StandardCharsets.UTF_8)),
        StandardCharsets.UTF_8));
    byte[] withMark = JsonLayout.toBytesLike(tree, ("\uFEFF" + "{ }\r\n").getBytes(StandardCharsets.UTF_8));
    assertEquals("\uFEFF" + crlf, new String(withMark, StandardCharsets.UTF_8), "the UTF-8 mark stays, once");
    byte[] utf16 = JsonLayout.toBytesLike(tree, ("\uFEFF" + "{ }\n").getBytes(StandardCharsets.UTF_16LE));
    assertEquals("\uFEFF" + lf, new String(utf16, StandardCharsets.UTF_16LE), "UTF-16, little-endian, as it was");
    byte[] utf16be = JsonLayout.toBytesLike(tree, ("\uFEFF" + "{ }\n").getBytes(StandardCharsets.UTF_16BE));
    assertEquals("\uFEFF" + lf, new String(utf16be, StandardCharsets.UTF_16BE));
  }
}
