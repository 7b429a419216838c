package dev.overture.asset;

/** Checked casts of loaded assets, with a message naming both types. Stateless. */
final class AssetTypes {

  private AssetTypes() {}

  static <T> T cast(Object key, Object value, Class<T> type) {
    if (!type.isInstance(value)) {
      throw new IllegalArgumentException(
          key + " is a " + value.getClass().getSimpleName() + ", not a " + type.getSimpleName());
    }
    return type.cast(value);
  }
}
