package dev.overture.feature;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One discovered plugin and where it is in its state machine. What discovery found ({@link #id},
 * {@link #origin}, {@link #manifest}, {@link #invalid}) is set before the catalog is published and
 * never changes after. {@link #state}, {@link #failure}, {@link #requests}, {@link #descriptor} and
 * {@link #extensions} are volatile so that any thread may read them; every other field is touched
 * only on the plugins' serial executor.
 */
final class Plugin {

  final PluginId id;
  final PluginOrigin origin;
  /** The descriptor without its actions, or {@code null} when it could not be read ({@link #invalid} says why). */
  final PluginDescriptor manifest;
  /** Whether its {@code plugin.json} has actions, which registering binds; without, the manifest is the whole descriptor. */
  final boolean manifestHasActions;
  /** Why the plugin can never register: a bad descriptor, or dependencies that cannot be met. */
  PluginException invalid;
  /** Warnings of reading the descriptor (unknown properties), for the validator. */
  final List<dev.overture.core.Problem> warnings;

  volatile PluginState state = PluginState.INSTALLED;
  volatile PluginException failure;
  /** Requests from hosts and experiences; written on the serial executor only. */
  volatile int requests;
  /** The full descriptor, actions bound, while registered; the manifest otherwise. */
  volatile PluginDescriptor descriptor;
  /** The extensions its code registered, while registered. */
  volatile List<PluginCode.Extension> extensions = List.of();
  /** What its code registered (kinds, asset classes, versions), while registered: the kinds that are its own. */
  volatile dev.overture.asset.AssetExtension registered = dev.overture.asset.AssetExtension.empty();

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
  /**
   * Its class loader while registered (its own for a jar, the host's for a folder). Volatile: the
   * thread closing the runtime closes it, after the serial executor stopped.
   */
  volatile ClassLoader loader;
  /** Whether its code's asset extension is added to the asset manager. */
  boolean extensionAdded;

  Plugin(PluginId id, PluginOrigin origin, PluginDescriptor manifest, PluginException invalid,
      List<dev.overture.core.Problem> warnings) {
    this(id, origin, manifest, false, invalid, warnings);
  }

  Plugin(PluginId id, PluginOrigin origin, PluginDescriptor manifest, boolean manifestHasActions, PluginException invalid,
      List<dev.overture.core.Problem> warnings) {
    this.id = id;
    this.origin = origin;
    this.manifest = manifest;
    this.manifestHasActions = manifestHasActions;
    this.descriptor = manifest;
    this.invalid = invalid;
    this.warnings = List.copyOf(warnings);
    if (invalid != null) {
      state = PluginState.ERROR;
      failure = invalid;
    }
  }

  /** Marks the plugin unusable for good (discovery only, before the catalog is published). */
  void invalidate(PluginException why) {
    invalid = why;
    state = PluginState.ERROR;
    failure = why;
  }

  /** The descriptor file, as messages show it. */
  String descriptorFile() {
    return origin.descriptorFile();
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
