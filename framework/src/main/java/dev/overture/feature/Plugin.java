package dev.overture.feature;

import dev.overture.asset.AssetSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One discovered plugin and where it is in its state machine. What discovery found is final; {@link
 * #state}, {@link #failure} and {@link #requests} are volatile so that any thread may read them for
 * diagnostics; every other field is touched only on the plugins' serial executor.
 */
final class Plugin {

  final PluginId id;
  /** The descriptor's path as messages print it. */
  final String descriptorFile;
  /** The plugin's folder: its content root once registered. */
  final AssetSource source;
  /** The descriptor, or {@code null} when it could not be read ({@link #invalid} says why). */
  final PluginDescriptor descriptor;
  final PluginException invalid;

  volatile PluginState state = PluginState.INSTALLED;
  volatile PluginException failure;
  /** Requests from hosts and experiences; written on the serial executor only. */
  volatile int requests;

  /** The last resting state reached; {@link #state} may be a transition or {@code Error}. */
  PluginState stable = PluginState.INSTALLED;
  /** Active plugins that hold this one as a dependency. */
  int dependents;
  /** When it last became active, counted over all plugins: worlds apply plugins in this order. */
  long activationOrder;
  /** The dependencies this plugin holds (each counted in their {@link #dependents}), oldest first. */
  final List<Plugin> held = new ArrayList<>();
  CompletableFuture<Void> toActive;
  CompletableFuture<Void> toInactive;

  Plugin(PluginId id, String descriptorFile, AssetSource source, PluginDescriptor descriptor, PluginException invalid) {
    this.id = id;
    this.descriptorFile = descriptorFile;
    this.source = source;
    this.descriptor = descriptor;
    this.invalid = invalid;
    if (invalid != null) {
      state = PluginState.ERROR;
      failure = invalid;
    }
  }

  /** How each of its own actions is named in messages and logs. */
  List<String> actionLabels() {
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < descriptor.actions().size(); i++) {
      labels.add("plugin " + id + " actions[" + i + "] " + descriptor.actions().get(i).getClass().getSimpleName());
    }
    return labels;
  }

  @Override
  public String toString() {
    return id + "=" + state;
  }
}
