package dev.overture.feature;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/**
 * Where a feature plugin is: {@code Installed -> Registered -> Loaded -> Active} and back, the
 * transitions between them, and {@code Error} (the plugin keeps its cause). JSON writes the names
 * as shown ({@code "Registered"}), in any case.
 */
public enum PluginState {
  /** Known from its descriptor; its content is not in the index. */
  INSTALLED("Installed", true),
  /** Registering: its content joins the index, its contributions are checked. */
  REGISTERING("Registering", false),
  /** Its content is indexed. */
  REGISTERED("Registered", true),
  /** Loading. */
  LOADING("Loading", false),
  /** Loaded, ready to activate. */
  LOADED("Loaded", true),
  /** Activating: its dependencies are active, its actions start applying to worlds. */
  ACTIVATING("Activating", false),
  /** Active: its actions apply to every attached world. */
  ACTIVE("Active", true),
  /** Deactivating: its actions stop applying, waiting for their pauses. */
  DEACTIVATING("Deactivating", false),
  /** Unloading, back to registered. */
  UNLOADING("Unloading", false),
  /** Unregistering: its content leaves the index. */
  UNREGISTERING("Unregistering", false),
  /** A transition failed; the cause is kept ({@link GameFeatures#failure}). */
  ERROR("Error", false);

  private final String jsonName;
  private final boolean stable;

  PluginState(String jsonName, boolean stable) {
    this.jsonName = jsonName;
    this.stable = stable;
  }

  /** Whether this is a resting state (installed, registered, loaded, active) a plugin can start in. */
  public boolean isStable() {
    return stable;
  }

  /** Reads a state name, in any case. */
  @JsonCreator
  public static PluginState fromJson(String text) {
    for (PluginState state : values()) {
      if (state.stable && state.jsonName.equalsIgnoreCase(text.trim())) {
        return state;
      }
    }
    throw new IllegalArgumentException(
        "Unknown plugin state \"" + text + "\" (valid: "
            + Arrays.stream(values()).filter(s -> s.stable).map(s -> "\"" + s.jsonName + "\"").toList()
                .toString().replace("[", "").replace("]", "")
            + ")");
  }

  @JsonValue
  @Override
  public String toString() {
    return jsonName;
  }

  String lowerName() {
    return jsonName.toLowerCase(Locale.ROOT);
  }
}
