package dev.overture.feature;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The class loader of one jar plugin. A class is looked for in this order (PF4J's order, with the
 * parent first):
 *
 * <ol>
 *   <li>the parent, the loader of the host and the framework: the JDK, Overture's API and the
 *       libraries it is built on, and plugins on the class path. The parent comes first so that a
 *       plugin and the framework always agree on the classes they share ({@code GameFeatureAction},
 *       Jackson's annotations); a plugin cannot replace a library the host has;
 *   <li>the plugin's own jar;
 *   <li>the jars of the plugins it declares as dependencies, their own classes only.
 * </ol>
 *
 * So a plugin sees another plugin's classes only when it depends on it. Closed when the plugin
 * unregisters; the plugin's classes can then be collected once nothing refers to them.
 * Parallel capable; thread-safe.
 */
final class PluginClassLoader extends URLClassLoader {

  static {
    ClassLoader.registerAsParallelCapable();
  }

  /** What a plugin's loader's name starts with, the plugin's name following. */
  private static final String NAME_PREFIX = "plugin ";

  /** Whether {@code name}, a class loader's (null when it has none), is a plugin loader's. */
  static boolean isPluginLoaderName(String name) {
    return name != null && name.startsWith(NAME_PREFIX);
  }

  /**
   * Another installed jar plugin, which a class this plugin's code needs may be in: named in the
   * problem of a class not found, as the plugin to depend on.
   *
   * @param plugin its name
   * @param read the jar read (the runtime's copy)
   * @param location the jar, as messages name it
   * @param dependsOnThis whether it depends, directly or not, on the plugin of this loader: then
   *     depending on it would make a cycle
   */
  record Elsewhere(PluginId plugin, Path read, String location, boolean dependsOnThis) {}

  private final PluginId plugin;
  private final List<PluginClassLoader> dependencies;
  /**
   * The other installed jar plugins, for the problems of classes not found: listed the first time
   * one is worded, since listing them for each jar that registers took time, and held memory,
   * growing with the square of the number of jars.
   */
  private final java.util.function.Supplier<List<Elsewhere>> others;
  private List<Elsewhere> othersListed;
  /** Closed when the plugin was unregistered; code it left running (a thread, a hook) may still ask. */
  private volatile boolean closed;

  /**
   * The loaders of this JVM not closed yet (weakly: a runtime never closed does not keep its
   * loaders here): whether a stack frame's loader name, which is all a frame gives, names one
   * loader only ({@link #isOnlyOpenNamed}).
   */
  private static final java.util.Set<PluginClassLoader> OPEN =
      java.util.Collections.synchronizedSet(java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>()));

  /**
   * Whether no loader but {@code loader} that is still open has its name: a plugin of one name
   * registered by two runtimes of the JVM has two loaders of one name, and a frame of either names
   * both.
   */
  static boolean isOnlyOpenNamed(PluginClassLoader loader) {
    synchronized (OPEN) {
      return OPEN.stream().noneMatch(other -> other != loader && other.getName().equals(loader.getName()));
    }
  }

  /** The plugin whose jar this loader reads. */
  PluginId plugin() {
    return plugin;
  }

  PluginClassLoader(PluginId plugin, Path jar, ClassLoader parent, List<PluginClassLoader> dependencies,
      java.util.function.Supplier<List<Elsewhere>> others) throws IOException {
    // The name is what the world's messages about game code that fails name (World's PlayFailures),
    // and how a stack frame says it ran a plugin's code (DetachedFailure).
    super(NAME_PREFIX + plugin, new URL[] {jar.toUri().toURL()}, parent);
    this.plugin = plugin;
    this.dependencies = List.copyOf(dependencies);
    this.others = others;
    this.oversized = oversizedClasses(jar);
    OPEN.add(this);
  }

  /**
   * The most bytes a class file of a plugin may have: the JVM's own limits (64 KiB of code a
   * method, 65,535 constants) keep real ones far below it.
   */
  static final long MAX_CLASS_BYTES = 64L << 20;

  /** The class files of the jar that would unpack past {@link #MAX_CLASS_BYTES}, with their sizes. */
  private final java.util.Map<String, Long> oversized;

  /**
   * The class files of {@code jar} that say they unpack past the limit: a jar of a few megabytes can
   * hold a class file of gigabytes of zeros, which defining the class would read whole into memory.
   */
  private static java.util.Map<String, Long> oversizedClasses(Path jar) throws IOException {
    java.util.Map<String, Long> found = new java.util.HashMap<>();
    try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar.toFile())) {
      for (java.util.Enumeration<? extends java.util.zip.ZipEntry> entries = zip.entries(); entries.hasMoreElements(); ) {
        java.util.zip.ZipEntry entry = entries.nextElement();
        if (entry.getName().endsWith(".class") && entry.getSize() > MAX_CLASS_BYTES) {
          found.put(entry.getName(), entry.getSize());
        }
      }
    }
    return found.isEmpty() ? java.util.Map.of() : java.util.Map.copyOf(found);
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    Long size = oversized.get(name.replace('.', '/') + ".class");
    if (size != null) {
      throw new ClassFormatError("the class " + name + " of plugin " + plugin + " would unpack to " + size + " bytes, past the "
          + MAX_CLASS_BYTES + " a class file may have; it was not read (is the jar damaged, or built to harm?)");
    }
    return super.findClass(name);
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    synchronized (getClassLoadingLock(name)) {
      Class<?> found = findLoadedClass(name);
      if (found == null) {
        try {
          found = getParent().loadClass(name);
        } catch (ClassNotFoundException notInHost) {
          found = ownClass(name);
          for (int i = 0; found == null && i < dependencies.size(); i++) {
            found = dependencies.get(i).ownClass(name);
          }
          if (found == null) {
            if (closed) {
              throw new ClassNotFoundException(name + " (plugin " + plugin + " was unloaded: its classes can no longer be"
                  + " loaded; code it left running after it unregistered, a thread or a shutdown hook, asked for it)");
            }
            throw new ClassNotFoundException(name + " (plugin " + plugin + ": not in its jar, the plugins it depends on or the host)");
          }
        }
      }
      if (resolve) {
        resolveClass(found);
      }
      return found;
    }
  }

  @Override
  public void close() throws IOException {
    closed = true;
    OPEN.remove(this);
    super.close();
  }

  /**
   * The other jar plugins installed when this loader was made whose jars have the class {@code name},
   * those that do not depend on this loader's plugin first (depending on them makes no cycle), each
   * group in discovery order: what a class not found is explained with. Opens their jars, so only
   * for a problem's message, never while loading (code probes for classes that are not there on
   * purpose). Any thread.
   */
  List<Elsewhere> holdersOf(String name) {
    String entry = name.replace('.', '/') + ".class";
    List<Elsewhere> holders = new ArrayList<>();
    for (Elsewhere other : others()) {
      try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(other.read().toFile())) {
        if (jar.getEntry(entry) != null) {
          holders.add(other);
        }
      } catch (IOException | RuntimeException unreadable) {
        // A jar that cannot be read now says nothing about the class.
      }
    }
    holders.sort(java.util.Comparator.comparing(Elsewhere::dependsOnThis)); // stable: false first
    return holders;
  }

  private synchronized List<Elsewhere> others() {
    if (othersListed == null) {
      othersListed = List.copyOf(others.get());
    }
    return othersListed;
  }

  /**
   * The loader of {@code id}, this plugin's or one of the plugins it depends on, directly or not:
   * whose code it is that could not find a class, from the loader's name its stack frame gives.
   */
  java.util.Optional<PluginClassLoader> loaderOf(PluginId id) {
    java.util.ArrayDeque<PluginClassLoader> pending = new java.util.ArrayDeque<>(List.of(this));
    java.util.Set<PluginClassLoader> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    while (!pending.isEmpty()) {
      PluginClassLoader next = pending.poll();
      if (!seen.add(next)) {
        continue;
      }
      if (next.plugin.equals(id)) {
        return java.util.Optional.of(next);
      }
      pending.addAll(next.dependencies);
    }
    return java.util.Optional.empty();
  }

  /** The plugin a class loader's name (a stack frame's, say) names, if it is a plugin loader's. */
  static java.util.Optional<PluginId> pluginNamed(String loaderName) {
    return isPluginLoaderName(loaderName) ? java.util.Optional.of(PluginId.of(loaderName.substring(NAME_PREFIX.length())))
        : java.util.Optional.empty();
  }

  /** The class {@code name} of this plugin's own jar, or null: what dependents may see. */
  Class<?> ownClass(String name) {
    synchronized (getClassLoadingLock(name)) {
      Class<?> loaded = findLoadedClass(name);
      if (loaded != null) {
        return loaded.getClassLoader() == this ? loaded : null;
      }
      try {
        return findClass(name);
      } catch (ClassNotFoundException e) {
        return null;
      }
    }
  }

  @Override
  public URL findResource(String name) {
    URL own = ownResource(name);
    for (int i = 0; own == null && i < dependencies.size(); i++) {
      own = dependencies.get(i).ownResource(name);
    }
    return own;
  }

  @Override
  public Enumeration<URL> findResources(String name) throws IOException {
    List<URL> found = new ArrayList<>();
    for (URL url : Collections.list(super.findResources(name))) {
      found.add(uncached(url));
    }
    for (PluginClassLoader dependency : dependencies) {
      URL url = dependency.ownResource(name);
      if (url != null) {
        found.add(url);
      }
    }
    return Collections.enumeration(found);
  }

  private URL ownResource(String name) {
    return uncached(super.findResource(name));
  }

  /**
   * {@code url} opening connections that use no cache. A {@code jar:} URL's connection keeps its
   * jar open in the JDK's cache of jar files by default, for as long as the process runs, so a
   * plugin that read one of its resources ({@code getResource(name).openStream()}) held its jar
   * copy open after it unregistered and after the runtime closed; without the cache, closing the
   * stream closes the jar.
   */
  private static URL uncached(URL url) {
    if (url == null) {
      return null;
    }
    try {
      return new URL(null, url.toExternalForm(), UNCACHED);
    } catch (java.net.MalformedURLException e) {
      return url; // it was a URL a moment ago; keep it as it is
    }
  }

  private static final URLStreamHandler UNCACHED = new URLStreamHandler() {
    @Override
    protected URLConnection openConnection(URL url) throws IOException {
      URLConnection connection = new URL(url.toExternalForm()).openConnection();
      connection.setUseCaches(false);
      return connection;
    }
  };

  @Override
  public String toString() {
    return "PluginClassLoader[" + plugin + "]";
  }
}
