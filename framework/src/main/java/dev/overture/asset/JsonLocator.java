package dev.overture.asset;

import dev.overture.core.SourceLocation;
import dev.overture.internal.TextColumns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.ObjectMapper;

/**
 * Finds the line and column of the value a JSON pointer names, by reading the file once more. Used
 * only on the error path, for problems found after binding (a reference to an unknown asset), so
 * that loads keep no positions in memory. Stateless apart from the shared mapper.
 */
final class JsonLocator {

  private final ObjectMapper mapper;

  JsonLocator(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  /**
   * Each of {@code locations} with its line and column filled in (or unchanged when not found), in
   * one reading of the file: locating each on its own read the file once a problem, so that a list
   * of 20,000 repeated entries, each with its problem, took minutes.
   */
  List<SourceLocation> locateAll(byte[] json, List<SourceLocation> locations) {
    List<SourceLocation> result = new ArrayList<>(locations);
    Map<String, List<Integer>> wanted = new HashMap<>();
    for (int i = 0; i < locations.size(); i++) {
      if (!locations.get(i).hasPosition()) {
        wanted.computeIfAbsent(locations.get(i).pointer(), pointer -> new ArrayList<>()).add(i);
      }
    }
    TextColumns columns = new TextColumns(json);
    try (JsonParser parser = mapper.createParser(json)) {
      JsonToken token;
      while (!wanted.isEmpty() && (token = parser.nextToken()) != null) {
        if (token == JsonToken.PROPERTY_NAME || token.isStructEnd()) {
          continue;
        }
        List<Integer> found = wanted.remove(Pointers.ofValueAt(parser));
        if (found != null) {
          TokenStreamLocation at = parser.currentTokenLocation();
          for (int i : found) {
            result.set(i, locations.get(i).withPosition(Math.max(at.getLineNr(), 0), columns.column(at)));
          }
        }
      }
    } catch (JacksonException e) {
      // The file changed or no longer parses: the pointers alone still name the places.
    }
    return result;
  }

  /** {@code location} with its line and column filled in, or unchanged when not found. */
  SourceLocation locate(byte[] json, SourceLocation location) {
    if (location.hasPosition()) {
      return location;
    }
    String target = location.pointer();
    try (JsonParser parser = mapper.createParser(json)) {
      JsonToken token;
      while ((token = parser.nextToken()) != null) {
        if (token == JsonToken.PROPERTY_NAME || token.isStructEnd()) {
          continue;
        }
        if (Pointers.ofValueAt(parser).equals(target)) {
          TokenStreamLocation at = parser.currentTokenLocation();
          return location.withPosition(Math.max(at.getLineNr(), 0), TextColumns.of(json, at));
        }
      }
    } catch (JacksonException e) {
      // The file changed or no longer parses: the pointer alone still names the place.
    }
    return location;
  }

  /**
   * {@code location} with its line and column, found at {@code saved} when the file holds its value
   * under another pointer: a field an upgrade of the file renamed ({@link AssetJson#pointerInFile}).
   * The pointer stays {@code location}'s, as the problem's words name it.
   */
  SourceLocation locate(byte[] json, SourceLocation location, String saved) {
    SourceLocation located = locate(json, location);
    if (located.hasPosition() || saved.equals(location.pointer())) {
      return located;
    }
    SourceLocation found = locate(json, SourceLocation.at(location.file(), saved));
    return found.hasPosition() ? location.withPosition(found.line(), found.column()) : location;
  }
}
