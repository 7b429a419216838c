package dev.overture.asset;

import dev.overture.core.SourceLocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.json.JsonMapper;

/**
 * Finds the line and column of a JSON pointer in a file, for problems about files that are not
 * primary assets (a plugin descriptor, a settings file). Stateless; thread-safe.
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

  /** {@code pointer} in the file at {@code path} (shown as {@code file}); the file and pointer alone when it cannot be read. */
  public static SourceLocation locate(Path path, String file, String pointer) {
    try {
      return locate(Files.readAllBytes(path), file, pointer);
    } catch (IOException e) {
      return SourceLocation.at(file, pointer);
    }
  }
}
