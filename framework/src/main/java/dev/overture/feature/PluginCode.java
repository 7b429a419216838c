package dev.overture.feature;

import dev.overture.asset.AssetExtension;
import dev.overture.version.CustomVersion;
import dev.overture.version.UpgradeStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a plugin's entry point registered: the asset extension (kinds, asset classes, versions) and
 * the extensions by extension point. Filled by {@link OverturePlugin#register} through the {@link
 * PluginRegistration} view, then frozen; the plugin keeps it while registered. Confined to the
 * plugins' serial executor while filled; immutable after {@link #freeze}.
 */
final class PluginCode {

  /** One extension and the point it extends. */
  record Extension(Class<?> point, Object instance) {}

  private final PluginId plugin;
  private final AssetExtension.Builder assets = AssetExtension.builder();
  private final List<Extension> extensions = new ArrayList<>();
  private boolean frozen;
  private AssetExtension assetExtension = AssetExtension.empty();
  private Throwable failure;

  PluginCode(PluginId plugin) {
    this.plugin = plugin;
  }

  /** The view handed to the entry point; it refuses registrations once the entry point returned. */
  PluginRegistration registration() {
    return new PluginRegistration() {
      @Override
      public PluginId plugin() {
        return plugin;
      }

      @Override
      public <B> PluginRegistration kind(Class<B> base, String name, Class<? extends B> type) {
        open();
        assets.kind(base, name, type);
        return this;
      }

      @Override
      public PluginRegistration assetClass(String name, Class<?> type) {
        open();
        assets.assetClass(name, type);
        return this;
      }

      @Override
      public PluginRegistration customVersion(CustomVersion version, Class<?>... assetClasses) {
        open();
        assets.customVersion(version, assetClasses);
        return this;
      }

      @Override
      public PluginRegistration upgrade(UpgradeStep step) {
        open();
        assets.upgrade(step);
        return this;
      }

      @Override
      public <T> PluginRegistration extension(Class<T> point, T extension) {
        open();
        Objects.requireNonNull(point, "point");
        if (!point.isInstance(Objects.requireNonNull(extension, "extension"))) {
          throw new IllegalArgumentException(extension.getClass().getName() + " is not a " + point.getName());
        }
        extensions.add(new Extension(point, extension));
        return this;
      }

      @Override
      public String toString() {
        return "PluginRegistration[" + plugin + "]";
      }
    };
  }

  private void open() {
    if (frozen) {
      throw new IllegalStateException("Plugin " + plugin + " registered after its entry point returned; register only in register()");
    }
  }

  /** Ends registration: what was registered is final. */
  void freeze() {
    frozen = true;
    assetExtension = assets.build();
  }

  /** The exception the entry point failed with, for a developer's stack trace. */
  void failedWith(Throwable cause) {
    failure = cause;
  }

  Throwable failure() {
    return failure;
  }

  AssetExtension assetExtension() {
    return assetExtension;
  }

  List<Extension> extensions() {
    return List.copyOf(extensions);
  }
}
