package dev.overture.validation;

/**
 * Checks assets of one class, like an Unreal asset's {@code IsDataValid}: reports through the
 * context what is wrong, at its place in the asset. Called once per loaded asset of {@link
 * #assetClass()} (and its subclasses), on the validating thread.
 *
 * @param <T> the asset class
 */
public interface AssetValidator<T> {

  /** The class of the assets it checks. */
  Class<T> assetClass();

  /** Reports what is wrong with {@code asset}. */
  void isDataValid(T asset, ValidationContext context);
}
