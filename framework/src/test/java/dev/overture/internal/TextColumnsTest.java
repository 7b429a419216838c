package dev.overture.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TextColumnsTest {

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** The offset in bytes of the first {@code what} in {@code text}. */
  private static int offset(String text, String what) {
    return utf8(text.substring(0, text.indexOf(what))).length;
  }

  @Test
  void aColumnCountsJavasCharacters_notBytes() {
    String text = "{ \"é→𝄞\": 1 }";
    assertEquals(text.indexOf("1") + 1, TextColumns.at(utf8(text), offset(text, "1")));
    assertEquals(11, TextColumns.at(utf8(text), offset(text, "1")), "é, → and each half of 𝄞 are one each");
  }

  @Test
  void aByteOrderMark_isNoColumn_andOnlyOnTheFirstLine() {
    String text = "\uFEFF{ \"a\": 1,\r\n  \"b\": 2 }";
    assertEquals(8, TextColumns.at(utf8(text), offset(text, "1")));
    assertEquals(3, TextColumns.at(utf8(text), offset(text, "\"b\"")));
  }

  @Test
  void placesInAnyOrder_areCountedFromTheirOwnLine() {
    String text = "[\"ä\", 1,\n  \"öö\", 2,\r \"ü\", 33]";
    byte[] bytes = utf8(text);
    TextColumns columns = new TextColumns(bytes);
    assertEquals(9, columns.columnAt(offset(text, "2")));
    assertEquals(7, columns.columnAt(offset(text, "1")), "back to an earlier line");
    assertEquals(7, columns.columnAt(offset(text, "3")), "a lone carriage return ends a line too");
    assertEquals(text.length() - text.lastIndexOf('\r'), columns.columnAt(bytes.length), "the end of the file");
  }
}
