package dev.overture.experience;

/**
 * A component whose state survives a live reload of its world's experience. Applying a reload
 * deactivates the experience's actions and activates them again from the new content, so the
 * components the actions added are removed and new ones added in their place; a component that
 * implements this hands its state to its successor: the component of the same class on the same
 * actor that the new actions add (the first to the first, when an actor has several). What a component does not carry over starts afresh,
 * and what lives elsewhere (actors' properties, the game state, subsystems) is untouched by a
 * reload anyway.
 *
 * <pre>{@code
 * public class ScoreBoard extends ActorComponent implements CarryOver<Map<String, Integer>> {
 *   private Map<String, Integer> scores = new HashMap<>();
 *   public Map<String, Integer> carryOut() { return scores; }
 *   public void carryIn(Map<String, Integer> kept) { scores = new HashMap<>(kept); }
 * }
 * }</pre>
 *
 * <p>Both methods run on the world's game thread, inside the one task that applies the reload:
 * {@link #carryOut()} before the old actions deactivate, {@link #carryIn} after every new action
 * activated and before the experience's loaded listeners are called. When the new content's
 * actions fail to activate and the old ones are activated again instead, the state is carried
 * into the old content's components the same way. A state nobody takes is dropped.
 *
 * @param <S> the state carried
 */
public interface CarryOver<S> {

  /** The state to hand to the component that replaces this one. */
  S carryOut();

  /** Takes the state the component this one replaces carried out. */
  void carryIn(S state);
}
