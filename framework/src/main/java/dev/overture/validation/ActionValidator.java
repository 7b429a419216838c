package dev.overture.validation;

import dev.overture.feature.GameFeatureAction;

/**
 * Checks actions of one kind wherever they appear (in experiences, action sets, plugins): the
 * context points at the action itself ({@code /actions/2}). Each action's own {@link
 * GameFeatureAction#validate} runs too; this is for checks that need more than the action (the
 * index, other assets).
 *
 * <p>Threading: called on the thread that runs the {@link Validator}, one action at a time.
 *
 * @param <A> the action class
 */
public interface ActionValidator<A extends GameFeatureAction> {

  /** The class of the actions it checks. */
  Class<A> actionClass();

  /** Reports what is wrong with {@code action}. */
  void isDataValid(A action, ValidationContext context);
}
