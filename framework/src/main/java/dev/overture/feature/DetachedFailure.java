package dev.overture.feature;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What a plugin's code threw, kept as text: the exception's class name, message and stack trace,
 * and the same of its causes and suppressed exceptions, without the exceptions themselves.
 *
 * <p>Why: a plugin that fails stays in {@code Error} with its failure ({@link PluginException})
 * for as long as the runtime lives, and an exception keeps classes alive. Its own class may be one
 * of the plugin's (holding, say, the plugin object), and the JVM's record of its stack keeps the
 * class of every method on it until the exception itself is collected. Either way the plugin's class
 * loader could not be collected while the failure was kept. The copy prints as the original did
 * ({@code toString}, {@code printStackTrace}: what each exception's {@code toString} said and the
 * stack the JVM recorded for it), so a developer's {@code --debug} trace is unchanged. What differs:
 * its class is this one (a logger that names an exception's class itself, Logback's, names this one
 * before the original's words), and an exception that overrides {@code getStackTrace} is copied
 * with what that returned.
 *
 * <p>Only a failure that involves a plugin's classes is copied ({@link #ofPluginCode}): one the
 * framework or the JDK threw about a plugin (a class not found in its jar, a file that cannot be
 * read) stays itself, of its own type. Immutable once made; safe to share.
 */
final class DetachedFailure extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** What the original's {@code toString} said: its class name and message, as it words them. */
  private final String text;

  private DetachedFailure(Throwable original, Map<Throwable, DetachedFailure> copies) {
    super(original.getMessage()); // its cause unset, for initCause below
    this.text = original.toString();
    copies.put(original, this);
    setStackTrace(original.getStackTrace());
    Throwable cause = original.getCause();
    if (cause != null) {
      initCause(copyOf(cause, copies));
    }
    for (Throwable suppressed : original.getSuppressed()) {
      DetachedFailure copy = copyOf(suppressed, copies);
      if (copy != this) {
        addSuppressed(copy);
      }
    }
  }

  private static DetachedFailure copyOf(Throwable original, Map<Throwable, DetachedFailure> copies) {
    DetachedFailure copied = copies.get(original);
    return copied != null ? copied : new DetachedFailure(original, copies);
  }

  /**
   * {@code failure}, or a copy of it as text when it or one of its causes or suppressed exceptions
   * is of a plugin's class or was thrown through a plugin's code (null for null).
   */
  static Throwable ofPluginCode(Throwable failure) {
    if (failure == null || failure instanceof DetachedFailure) {
      return failure;
    }
    try {
      return involvesPluginCode(failure) ? new DetachedFailure(failure, new IdentityHashMap<>()) : failure;
    } catch (Throwable e) {
      // A plugin's exception whose own methods throw (getMessage, toString, getCause; an Error too)
      // or a chain too deep to copy: kept as it is, which keeps its classes, rather than losing the
      // failure it reports. Only the virtual machine's own trouble goes on.
      dev.overture.internal.Failures.rethrowIfFatal(e);
      return failure;
    }
  }

  private static boolean involvesPluginCode(Throwable failure) {
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    java.util.ArrayDeque<Throwable> left = new java.util.ArrayDeque<>();
    left.add(failure);
    while (!left.isEmpty()) {
      Throwable next = left.poll();
      if (!seen.add(next)) {
        continue;
      }
      if (next.getClass().getClassLoader() instanceof PluginClassLoader) {
        return true;
      }
      for (StackTraceElement frame : next.getStackTrace()) {
        if (PluginClassLoader.isPluginLoaderName(frame.getClassLoaderName())) {
          return true;
        }
      }
      if (next.getCause() != null) {
        left.add(next.getCause());
      }
      left.addAll(java.util.List.of(next.getSuppressed()));
    }
    return false;
  }

  /** The stack trace is the original's, set when copied. */
  @Override
  public synchronized Throwable fillInStackTrace() {
    return this;
  }

  /** What the original's said (its class name, then its message, unless it words itself otherwise). */
  @Override
  public String toString() {
    return text;
  }
}
