package dev.overture.sample.game;

/**
 * An action that lays things on the arena's free floor (cells no hero stands on), such as
 * TopDownArena's health pickups: ShooterCore's checks ({@code Sample/NoFreeFloor}) make sure that
 * the map played has a free cell for each of them besides the match's heroes, in {@code validate}
 * and before {@code play} starts, wherever the action is written.
 */
public interface FloorItems {

  /** How many cells the action keeps taken at once. */
  long floorItems();

  /** What it lays, in words ("health pickups"). */
  String floorItemsName();

  /** The JSON pointer, within the action, of the number that sets {@link #floorItems()} ("/count"). */
  String floorItemsField();
}
