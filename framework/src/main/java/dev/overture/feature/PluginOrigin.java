package dev.overture.feature;

import dev.overture.asset.AssetPath;
import dev.overture.asset.AssetSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a plugin comes from: a folder of the game's content (its code, if any, on the host's class
 * path) or a jar of the plugins folder (its code in the jar, loaded by a class loader of its own).
 * Immutable.
 */
sealed interface PluginOrigin {

  AssetPath DESCRIPTOR = AssetPath.parse("plugin.json");

  /** How the plugin's descriptor file is shown in messages. */
  String descriptorFile();

  /** Where the plugin is, for people: its folder or its jar. */
  String location();

  /**
   * The plugin's content, as the source of its content root; the asset manager closes it when the
   * root is removed. A jar is opened here and so held open only while the plugin is registered.
   */
  AssetSource open() throws IOException;

  /** Whether the plugin's code gets a class loader of its own. */
  boolean isolated();

  /** A plugin folder in a content root; its code, if any, is on {@code host}'s class path. */
  record Folder(AssetSource source) implements PluginOrigin {
    @Override
    public String descriptorFile() {
      return source.displayPath(DESCRIPTOR);
    }

    @Override
    public String location() {
      return source.name();
    }

    @Override
    public AssetSource open() {
      return source;
    }

    @Override
    public boolean isolated() {
      return false;
    }

    /** The loader of the plugin's code: the host's. */
    ClassLoader classLoader(ClassLoader host) {
      return host;
    }
  }

  /**
   * A jar in the plugins folder: content and code together.
   *
   * @param jar the jar in the plugins folder, as messages name it
   * @param read what is read: the runtime's private copy of it ({@link JarCopies}), or the jar
   */
  record Jar(Path jar, Path read) implements PluginOrigin {
    @Override
    public String descriptorFile() {
      return jar.toString().replace('\\', '/') + "!/" + DESCRIPTOR.value();
    }

    @Override
    public String location() {
      return jar.toString().replace('\\', '/');
    }

    @Override
    public AssetSource open() throws IOException {
      return read.equals(jar) ? AssetSource.zip(jar) : AssetSource.zipCopy(read, jar);
    }

    @Override
    public boolean isolated() {
      return true;
    }

    /**
     * A new class loader for the jar, seeing {@code host} and the own classes of {@code dependencies};
     * a class it cannot find is looked for in the jars of {@code others}, to name the plugin to depend on.
     */
    PluginClassLoader classLoader(PluginId plugin, ClassLoader host, List<PluginClassLoader> dependencies,
        java.util.function.Supplier<List<PluginClassLoader.Elsewhere>> others) throws IOException {
      return new PluginClassLoader(plugin, read, host, dependencies, others);
    }
  }
}
