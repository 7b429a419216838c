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
  static final int DEFAULT_LIMIT = 100;
  static final int MAX_FILTER = 200;
  static final AssetView FIRST_PAGE = new AssetView(0, DEFAULT_LIMIT, "");

  AssetView {
    offset = Math.max(0, offset);
    limit = Math.max(1, Math.min(MAX_LIMIT, limit));
    String text = filter == null ? "" : filter.strip();
    filter = (text.length() > MAX_FILTER ? text.substring(0, MAX_FILTER) : text).toLowerCase(Locale.ROOT);
  }

  /**
   * What a page sent. Numbers are read as doubles, so that one past an int (or a fraction) is brought
   * into range like any other rather than refused; an absent limit is the default page.
   */
  @JsonCreator
  static AssetView of(@JsonProperty("offset") Double offset, @JsonProperty("limit") Double limit,
      @JsonProperty("filter") String filter) {
    return new AssetView(toInt(offset, 0), toInt(limit, DEFAULT_LIMIT), filter);
  }

  /** {@code value} rounded down and held within an int; {@code absent} when there is none. */
  private static int toInt(Double value, int absent) {
    if (value == null || value.isNaN()) {
      return absent;
    }
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, Math.floor(value)));
  }
}
