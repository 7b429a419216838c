package dev.overture.experience;

/**
 * Where a world's experience is. Lyra's states, plus {@link #FAILED} (Lyra has none: its loading
 * screen waits forever).
 */
public enum LoadState {
  /** No experience. */
  UNLOADED,
  /** The definition and its bundles are loading. */
  LOADING,
  /** Its feature plugins are loading and activating. */
  LOADING_GAME_FEATURES,
  /** An artificial delay, for testing code that waits for experiences (see the settings). */
  LOADING_CHAOS_TESTING_DELAY,
  /** Its actions are running. */
  EXECUTING_ACTIONS,
  /** Loaded: everything is active. */
  LOADED,
  /** Its actions and plugins are being deactivated. */
  DEACTIVATING,
  /** Loading failed; everything was rolled back and the cause is kept. */
  FAILED;

  /** The state as Lyra names it: {@code LoadingGameFeatures}. */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    for (String word : name().split("_")) {
      out.append(word.charAt(0)).append(word.substring(1).toLowerCase(java.util.Locale.ROOT));
    }
    return out.toString();
  }
}
