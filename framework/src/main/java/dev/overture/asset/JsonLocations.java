package dev.overture.asset;

import dev.overture.core.SourceLocation;
import tools.jackson.databind.json.JsonMapper;

/**
 * Finds the line and column of a JSON pointer in a file's bytes, for problems about files that are
 * not primary assets (a plugin descriptor, a settings file). The caller reads the file, within its
 * own limit. Stateless; thread-safe.
 */
public final class JsonLocations {

  private static final JsonLocator LOCATOR = new JsonLocator(JsonMapper.builder().build());

  private JsonLocations() {}

  /**
   * {@code pointer} in {@code json}, shown as {@code file}: with its line and column when the
   * pointer is found, the file and pointer alone otherwise.
   */
  public static SourceLocation locate(byte[] json, String file, String pointer) {
    return LOCATOR.locate(json, SourceLocation.at(file, pointer));
  }
}
