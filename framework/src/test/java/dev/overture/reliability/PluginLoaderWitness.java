package dev.overture.reliability;

import java.lang.ref.WeakReference;

/**
 * Where a test plugin's code leaves a weak reference to its own class loader, for the test to watch
 * the collector take it (public: plugin code is compiled against the test's class path from a
 * package of its own).
 */
public final class PluginLoaderWitness {

  /** The loader the last plugin that reported here ran in. */
  public static volatile WeakReference<ClassLoader> loader;

  private PluginLoaderWitness() {}
}
