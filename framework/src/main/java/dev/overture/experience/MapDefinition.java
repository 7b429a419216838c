package dev.overture.experience;

/**
 * A map a user-facing experience can name ({@code "mapId": "Map:Arena"}): a primary asset of type
 * {@code Map}, one file in {@code maps/}. The world is headless, so a map here is what the front
 * end shows and the host needs to set it up; games add their own fields by binding their own
 * record to the type.
 *
 * @param title the name shown to players
 * @param description a sentence about it
 */
public record MapDefinition(String title, String description) {

  public MapDefinition {
    title = title == null ? "" : title;
    description = description == null ? "" : description;
  }
}
