package dev.overture.feature;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Finds, builds and runs a plugin's entry point, turning every way it can fail into a problem at
 * the descriptor's {@code entryPoint}, in words a content author can act on (never an exception's
 * class name): the class is not there, is no {@link OverturePlugin}, cannot be built, or its
 * {@code register} failed or needed a class nothing the plugin may see provides. The exception
 * stays as the problem's cause for a developer's stack trace. Serial executor only; stateless but
 * for the host's class loader.
 */
final class PluginEntryPoints {

  private static final String POINTER = "/entryPoint";

  private final ClassLoader host;

  PluginEntryPoints(ClassLoader host) {
    this.host = host;
  }

  /** The loader of plugins on the class path, and the parent of jar plugins' loaders. */
  ClassLoader host() {
    return host;
  }

  /**
   * Runs the entry point of {@code plugin}, loaded by {@code loader}, registering into {@code code}
   * (frozen afterwards, also when it fails). A plugin without an entry point registers nothing.
   *
   * @return the problems; empty when it registered
   */
  List<Problem> run(Plugin plugin, ClassLoader loader, PluginCode code, Function<String, SourceLocation> locate) {
    List<Problem> problems = new ArrayList<>();
    String name = plugin.manifest.entryPoint();
    if (name == null) {
      code.freeze();
      return problems;
    }
    String where = plugin.origin.isolated() ? "its jar " + plugin.origin.location() : "the class path";
    Thread thread = Thread.currentThread();
    ClassLoader context = thread.getContextClassLoader();
    try {
      Class<?> type;
      try {
        type = Class.forName(name, false, loader);
      } catch (ClassNotFoundException e) {
        problems.add(problem("Overture/EntryPointNotFound",
            "Plugin " + plugin.id + " names the entry point \"" + name + "\", which " + where + " does not hold", locate));
        code.failedWith(e);
        return problems;
      }
      if (plugin.origin.isolated() && type.getClassLoader() != loader) {
        // Its loader asks the host first: a name the host (or a plugin it depends on) has would run
        // that code as this plugin's and register its kinds and extensions a second time.
        String owner = type.getClassLoader() instanceof PluginClassLoader other ? "plugin " + other.plugin()
            : "the host";
        problems.add(problem("Overture/EntryPointNotFound",
            "Plugin " + plugin.id + " names the entry point \"" + name + "\", which " + where + " does not hold: that class is "
                + owner + "'s; a jar plugin's entry point must be a class of its own jar", locate));
        return problems;
      }
      if (!OverturePlugin.class.isAssignableFrom(type)) {
        problems.add(problem("Overture/NotAnEntryPoint",
            "The entry point \"" + name + "\" of plugin " + plugin.id + " does not implement " + OverturePlugin.class.getName(),
            locate));
        return problems;
      }
      Constructor<?> constructor;
      try {
        constructor = type.getConstructor();
      } catch (NoSuchMethodException e) {
        problems.add(problem("Overture/NotAnEntryPoint",
            "The entry point \"" + name + "\" of plugin " + plugin.id + " needs a public constructor without parameters",
            locate));
        return problems;
      }
      if (Modifier.isAbstract(type.getModifiers()) || !Modifier.isPublic(type.getModifiers())) {
        problems.add(problem("Overture/NotAnEntryPoint",
            "The entry point \"" + name + "\" of plugin " + plugin.id + " must be a public class that is not abstract",
            locate));
        return problems;
      }
      OverturePlugin entryPoint = (OverturePlugin) constructor.newInstance();
      entryPoint.register(code.registration());
    } catch (InvocationTargetException e) {
      // The constructor's failure (an ExceptionInInitializerError stays itself: it says whose static
      // initializer threw).
      Throwable cause = e.getCause() == null ? e : e.getCause();
      problems.add(failed(plugin, name, cause, loader, locate));
      code.failedWith(cause);
    } catch (Exception | Error e) {
      // A plugin's own bug (an assertion, endless recursion, a plain Error, running out of memory) is
      // its problem, not the host's: caught here, the plugin goes to Error and its requests fail,
      // instead of the plugin being left half-registered without a word.
      problems.add(failed(plugin, name, e, loader, locate));
      code.failedWith(e);
    } finally {
      // A plugin that set the plugins' thread's context class loader to its own would hand its
      // classes to the next plugin registered there, and keep its loader alive after it unloads.
      thread.setContextClassLoader(context);
      code.freeze();
    }
    return problems;
  }

  private static Problem failed(Plugin plugin, String name, Throwable cause, ClassLoader loader, Function<String, SourceLocation> locate) {
    if (cause instanceof NoClassDefFoundError missing && !String.valueOf(missing.getMessage()).startsWith("Could not initialize class ")) {
      return missingClass(plugin, missing, loader, locate);
    }
    if (cause instanceof StackOverflowError) {
      return problem("Overture/EntryPointFailed",
          "The entry point \"" + name + "\" of plugin " + plugin.id + " failed while registering: "
              + dev.overture.internal.Failures.describeWhere(cause),
          locate);
    }
    if (cause instanceof UnsupportedClassVersionError) {
      return problem("Overture/EntryPointFailed",
          "The code of plugin " + plugin.id + " was compiled for a newer Java than this one (Java "
              + Runtime.version().feature() + "): " + PluginCatalog.message(cause),
          locate);
    }
    return problem("Overture/EntryPointFailed",
        "The entry point \"" + name + "\" of plugin " + plugin.id + " failed while registering: "
            + dev.overture.internal.Failures.describeWhere(cause),
        locate);
  }

  /**
   * The problem of a class that no loader the plugin's code may use has: which plugin's code needed it
   * (the plugin's own, or a plugin it depends on: the class of the stack's top frame, whose loader
   * names it), and which installed plugin has it, to depend on; one that would make a cycle is
   * named as such, and only when no other has the class.
   */
  private static Problem missingClass(Plugin plugin, NoClassDefFoundError missing, ClassLoader loader,
      Function<String, SourceLocation> locate) {
    String needed = String.valueOf(missing.getMessage()).replace('/', '.');
    StackTraceElement[] stack = missing.getStackTrace();
    PluginId needer = stack.length == 0 ? plugin.id : PluginClassLoader.pluginNamed(stack[0].getClassLoaderName()).orElse(plugin.id);
    java.util.Optional<PluginClassLoader> needing =
        loader instanceof PluginClassLoader own ? own.loaderOf(needer) : java.util.Optional.empty();
    if (needing.isEmpty()) {
      needer = plugin.id;
      needing = loader instanceof PluginClassLoader own ? java.util.Optional.of(own) : java.util.Optional.empty();
    }
    PluginId whose = needer;
    String advice = needing.flatMap(found -> found.holdersOf(needed).stream().findFirst())
        .map(holder -> holder.dependsOnThis()
            ? "plugin " + holder.plugin() + " (" + holder.location() + ") has it, but depends on " + whose
                + " itself, so depending on it would make a cycle: move the class into a plugin both can depend on"
            : "plugin " + holder.plugin() + " (" + holder.location() + ") has it: add \"" + holder.plugin() + "\" to "
                + (whose.equals(plugin.id) ? "its" : whose + "'s") + " \"dependencies\"")
        .orElse(noHolder(plugin, whose));
    String who = whose.equals(plugin.id)
        ? "The code of plugin " + plugin.id + " needs the class " + needed + ", which neither " + (plugin.origin.isolated() ? "its jar, " : "")
            + "the host nor the plugins it depends on provide"
        : "The code of plugin " + plugin.id + " uses plugin " + whose + ", whose code needs the class " + needed + ", which neither "
            + whose + "'s jar, the host nor the plugins " + whose + " depends on provide";
    return problem("Overture/MissingClass", who + "; " + advice, locate);
  }

  /**
   * What to do about a class no installed plugin has: most often a library the plugin's code was
   * compiled with, which a jar plugin carries itself (its loader reads no jar inside it, and a
   * library's jar in the plugins folder is no plugin). A plugin folder's code runs on the host's
   * class path, so only another plugin is advised there.
   */
  private static String noHolder(Plugin plugin, PluginId whose) {
    String owner = whose.equals(plugin.id) ? "its" : whose + "'s";
    if (!plugin.origin.isolated() && whose.equals(plugin.id)) {
      return "add the plugin that has it to its \"dependencies\"";
    }
    return "if it is a library's, put the library's classes inside " + owner + " jar (as a shaded jar holds them: a jar inside"
        + " the jar is not read, and one beside it in the plugins folder is no plugin); if another plugin's, add that plugin to "
        + owner + " \"dependencies\"";
  }

  private static Problem problem(String id, String message, Function<String, SourceLocation> locate) {
    return Problem.error(id, message).at(locate.apply(POINTER));
  }
}
