package dev.overture.inspector;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * Which rows of the asset table a page shows: it scrolls and filters, and says so; only those rows
 * are sent, so 10,000 assets cost the page no more than 100. Values out of range are brought into
 * it rather than refused: a page cannot do harm with them.
 *
 * @param offset the first row, from 0
 * @param limit how many rows, 1 to {@value #MAX_LIMIT}
 * @param filter the text a row's name, type, state or file must contain, in any case; "" for all
 */
record AssetView(int offset, int limit, String filter) {

  static final int MAX_LIMIT = 500;
  static final int MAX_FILTER = 200;
  static final AssetView FIRST_PAGE = new AssetView(0, 100, "");

  @JsonCreator
  AssetView(@JsonProperty("offset") int offset, @JsonProperty("limit") int limit, @JsonProperty("filter") String filter) {
    this.offset = Math.max(0, offset);
    this.limit = Math.max(1, Math.min(MAX_LIMIT, limit));
    String text = filter == null ? "" : filter.strip();
    this.filter = (text.length() > MAX_FILTER ? text.substring(0, MAX_FILTER) : text).toLowerCase(Locale.ROOT);
  }
}
