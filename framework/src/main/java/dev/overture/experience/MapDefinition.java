package dev.overture.experience;

import java.util.List;

/**
 * A map a user-facing experience can name ({@code "mapId": "Map:Arena"}): a primary asset of type
 * {@code Map}, one file in {@code maps/}. The world is headless, so a map here is what the front
 * end shows and the host needs to set it up; games add their own fields by binding their own
 * record to the type.
 *
 * @param title the name shown to players
 * @param description a sentence about it
 * @param tiles the map's layout as rows of tile characters, top row first, for games played on a
 *     grid (empty when absent); what each character means is the game's
 */
public record MapDefinition(String title, String description, List<String> tiles) {

  public MapDefinition {
    title = title == null ? "" : title;
    description = description == null ? "" : description;
    tiles = tiles == null ? List.of() : List.copyOf(tiles);
  }
}
