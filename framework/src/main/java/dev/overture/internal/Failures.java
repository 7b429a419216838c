package dev.overture.internal;

import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Says in words what a caught exception means, for a message a user reads: never an exception's
 * fully qualified class name as another library prints it (a failure made of problems is better
 * reported as those problems, by its caller) (a {@code java.nio.file.NoSuchFileException: x} tells
 * a player nothing that {@code x does not exist} does not). File system failures name the file and
 * what is wrong with it; an exception with a message gives that message (cut at 2,000
 * characters, saying how long it was); one without names its class and the place it
 * was thrown ({@code IllegalStateException without a message, thrown at
 * lanterns.Lamp.light(Lamp.java:42)}), since that is all it says. The stack trace is never the
 * message's: describing such a failure logs it at debug.
 *
 * <p>Describing never fails, whatever the exception's own methods do: a {@code getMessage},
 * {@code toString} or {@code getCause} that throws, a cause that leads back to itself, a message of
 * millions of characters (a plugin's exception is any code at all).
 *
 * <p>Stateless; safe from any thread.
 */
public final class Failures {

  /** A fully qualified exception or error class name and the colon after it. */
  private static final Pattern CLASS_NAME =
      Pattern.compile("\\b(?:[a-z_][a-z0-9_]*\\.)+(?:[A-Z][A-Za-z0-9_]*\\$)*[A-Z][A-Za-z0-9_]*(?:Exception|Error): ?");

  /** A fully qualified exception or error class name and nothing else. */
  private static final Pattern ONLY_A_CLASS_NAME =
      Pattern.compile("(?:[a-z_][a-z0-9_]*\\.){1,64}(?:[A-Z][A-Za-z0-9_]*\\$){0,16}[A-Z][A-Za-z0-9_]{0,256}(?:Exception|Error)");

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(Failures.class);

  private Failures() {}

  /**
   * Logs a failure of code the framework runs for a game or a plugin (an undo, an end of play, a
   * handler) that it goes on from: {@code what} and the failure {@linkplain #describeWhere in words,
   * with where it was thrown} at error, in one line, the stack trace at debug only (the command line
   * shows debug with --debug). {@code what} is an SLF4J format of {@code arguments}.
   */
  public static void logInALine(org.slf4j.Logger log, Throwable failure, String what, Object... arguments) {
    if (log.isErrorEnabled()) {
      Object[] withWords = java.util.Arrays.copyOf(arguments, arguments.length + 1);
      withWords[arguments.length] = describeWhere(failure);
      log.error(what + ": {}", withWords);
    }
    traceAtDebug(log, failure, what, arguments);
  }

  /**
   * Logs {@code what} with {@code failure}'s stack trace at debug: the trace a developer asks for
   * (--debug) under a failure said in words elsewhere. Printing a trace calls the exception's own
   * {@code toString}, which a plugin's may make throw: then the line goes without it.
   */
  public static void traceAtDebug(org.slf4j.Logger log, Throwable failure, String what, Object... arguments) {
    if (log.isDebugEnabled()) {
      Object[] withTrace = java.util.Arrays.copyOf(arguments, arguments.length + 1);
      withTrace[arguments.length] = failure;
      try {
        log.debug(what, withTrace);
      } catch (RuntimeException | LinkageError e) {
        log.debug(what + " (its stack trace cannot be printed: its toString throws)", arguments);
      }
    }
  }

  /** What {@link #describe} says of a stack overflow, wherever it happened. */
  public static final String STACK_OVERFLOW = "it overflowed the stack (a call that never ends calling itself?)";

  /**
   * Whether {@code failure} is the virtual machine's own trouble, which no code handed work may
   * catch and go on from: a {@link VirtualMachineError} (out of memory, an internal error), except
   * a {@link StackOverflowError}, which unwinds to the hand-off whole and is the failed code's own.
   * Every hand-off (a world's, an asset read's, a check's) reports anything else as that code's
   * failure and goes on, and lets this through.
   */
  public static boolean isFatal(Throwable failure) {
    return failure instanceof VirtualMachineError && !(failure instanceof StackOverflowError);
  }

  /**
   * Throws {@code failure} on, unchecked as it was, if it is {@linkplain #isFatal fatal}: what a
   * hand-off calls once the state the failure interrupted has been made whole (a load rolled back, a
   * world closed), so that only the virtual machine's own trouble reaches the host.
   */
  public static void rethrowIfFatal(Throwable failure) {
    if (isFatal(failure)) {
      throw (VirtualMachineError) failure;
    }
  }

  /** {@code failure} in words, without the class name another library's message would put in front. */
  public static String describe(Throwable failure) {
    return describe(failure, false);
  }

  /**
   * {@code failure} {@linkplain #describe in words}, and where it was thrown ({@code For input
   * string: "ten"; thrown at relics.Limits.<clinit>(Limits.java:3)}): for a failure of a game's or a
   * plugin's code, whose developer needs the place, and whose users name it in a report.
   */
  public static String describeWhere(Throwable failure) {
    return describe(failure, true);
  }

  private static String describe(Throwable failure, boolean where) {
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    StringBuilder before = new StringBuilder();
    // A loop, not a call per cause: a chain of thousands of wrappers must not overflow the stack.
    while (true) {
      seen.add(failure);
      String said = ownWords(failure);
      if (said != null) {
        return before + said + (where ? at(failure) : "");
      }
      String message = messageOf(failure);
      Throwable cause = causeOf(failure, seen);
      if (failure instanceof ExceptionInInitializerError && cause != null) {
        // The JVM's wrapper says nothing but that a static initializer threw: which class's, then what.
        String initialized = initializedClass(cause);
        before.append(initialized == null ? "a static initializer threw: " : "the static initializer of class " + initialized
            + " threw: ");
        failure = cause;
        continue;
      }
      if (cause != null && message != null && message.equals(textOf(cause))) {
        // new RuntimeException(cause) takes the cause's toString() as its message, class name and all:
        // the cause says it in words.
        failure = cause;
        continue;
      }
      // A message that is only a class name is a wrapper's that took its cause's toString() (the
      // cause already said, in a cycle): no words of its own.
      String words = message == null || message.length() <= MAX_NAME && ONLY_A_CLASS_NAME.matcher(message).matches() ? ""
          : withoutClassName(cut(message));
      if (!words.isBlank()) {
        // A message that says where already (a GameCodeException's, about the code it names) is not told twice.
        return before + (failure instanceof IncompatibleClassChangeError ? changedClass(failure, words) : words)
            + (where && !words.contains("thrown at ") ? at(failure) : "");
      }
      if (cause == null) {
        return before + withoutAMessage(failure);
      }
      failure = cause;
    }
  }

  /**
   * "; thrown at" the place {@code failure} was thrown, or "" when it has no stack or the place is
   * the framework's own (its words are about what the caller gave it: the null action, the class
   * file too large), which tells the game's or plugin's developer nothing.
   */
  private static String at(Throwable failure) {
    String site = thrownAt(failure);
    return site.isEmpty() || framework(site) ? "" : "; thrown at " + site;
  }

  /** The framework's packages (a test holds the list to the sources' folders). */
  static final Set<String> FRAMEWORK_PACKAGES = Set.of("dev.overture.archive", "dev.overture.asset", "dev.overture.core",
      "dev.overture.experience", "dev.overture.feature", "dev.overture.feature.internal", "dev.overture.id",
      "dev.overture.inject", "dev.overture.internal", "dev.overture.live", "dev.overture.object", "dev.overture.persistence",
      "dev.overture.settings", "dev.overture.validation", "dev.overture.version", "dev.overture.world");

  /** Whether {@code site} ({@code pkg.Class.method(File.java:1)}) is in a class of the framework's packages. */
  private static boolean framework(String site) {
    int paren = site.indexOf('(');
    String method = paren < 0 ? site : site.substring(0, paren);
    int dot = method.lastIndexOf('.');
    String type = dot < 0 ? method : method.substring(0, dot);
    int lastDot = type.lastIndexOf('.');
    return lastDot > 0 && FRAMEWORK_PACKAGES.contains(type.substring(0, lastDot));
  }

  /** The class whose static initializer threw {@code thrown}: the innermost {@code <clinit>} of its stack. */
  private static String initializedClass(Throwable thrown) {
    try {
      for (StackTraceElement frame : thrown.getStackTrace()) {
        if (frame != null && frame.getMethodName().equals("<clinit>")) {
          return frame.getClassName();
        }
      }
    } catch (RuntimeException | LinkageError e) {
      // A getStackTrace of the exception's own that throws: the class is not named.
    }
    return null;
  }

  /**
   * What a linkage error says, with its cause: code compiled against one version of a class runs with
   * another (a plugin built against an older API of the framework, of the game or of a plugin it
   * depends on), which names a method or field that is not there or no longer fits.
   */
  private static String changedClass(Throwable failure, String words) {
    String what = failure instanceof NoSuchMethodError ? "the method " + words + " is not there"
        : failure instanceof NoSuchFieldError ? "the field " + words + " is not there"
        : words.endsWith(".") ? words.substring(0, words.length() - 1) : words; // the JVM ends some with a full stop
    return what + "; the code was compiled against another version of a class it uses: build it again against the classes it"
        + " runs with";
  }

  /** What {@code failure} is by its type alone, or null when its message is to say it. */
  private static String ownWords(Throwable failure) {
    if (failure instanceof NotARegularFileException || failure instanceof FileTooLargeException) {
      return failure.getMessage();
    }
    if (failure instanceof FileSystemException files) {
      return describe(files);
    }
    if (failure instanceof OutOfMemoryError) {
      return "it ran out of memory" + detail(failure);
    }
    if (failure instanceof NoClassDefFoundError || failure instanceof ClassNotFoundException) {
      return missingClass(failure);
    }
    if (failure instanceof StackOverflowError) {
      // Not "its input nests too deeply": the strict reads bound nesting (Jackson's constraints), so
      // an overflow is far more often code calling itself, the game's or a plugin's.
      return STACK_OVERFLOW;
    }
    return null;
  }

  /**
   * What an exception without a message is: its class, and where it was thrown ({@code
   * IllegalStateException without a message, thrown at lanterns.Lamp.light(Lamp.java:42)}). Only a
   * bug throws without saying why, and its developer needs the place first.
   */
  private static String withoutAMessage(Throwable failure) {
    String site = thrownAt(failure);
    String said = className(failure) + (messageThrows(failure) ? " whose message cannot be read (its getMessage throws)"
        : " without a message") + (site.isEmpty() ? "" : ", thrown at " + site);
    traceAtDebug(log, failure, "Described \"{}\"; its stack trace:", said);
    return said;
  }

  /**
   * The place {@code failure} was thrown, as a stack trace line shows it without the loader's and
   * module's names ({@code lanterns.Lamp.light(Lamp.java:42)}), or "" when it has no stack: the
   * first frame of code that a class loader of its own loaded (a plugin jar's), else the first frame
   * that is not the JDK's ({@code Integer.parseInt} throws for whoever called it), else the top.
   */
  public static String thrownAt(Throwable failure) {
    StackTraceElement[] stack;
    try {
      stack = failure.getStackTrace();
    } catch (RuntimeException | LinkageError e) {
      return "";
    }
    if (stack == null || stack.length == 0) {
      return "";
    }
    StackTraceElement chosen = null;
    for (StackTraceElement frame : stack) {
      if (frame != null && ownLoader(frame)) {
        chosen = frame;
        break;
      }
    }
    for (int i = 0; chosen == null && i < stack.length; i++) {
      if (stack[i] != null && !jdk(stack[i])) {
        chosen = stack[i];
      }
    }
    if (chosen == null) {
      chosen = stack[0];
    }
    if (chosen == null) {
      return "";
    }
    try {
      return new StackTraceElement(chosen.getClassName(), chosen.getMethodName(), chosen.getFileName(), chosen.getLineNumber())
          .toString();
    } catch (RuntimeException e) {
      return ""; // a frame without a class or method name, from a getStackTrace of the exception's own
    }
  }

  /** Whether {@code frame}'s class was loaded by a loader other than the JDK's three: a plugin's. */
  private static boolean ownLoader(StackTraceElement frame) {
    String loader = frame.getClassLoaderName();
    return loader != null && !loader.equals("app") && !loader.equals("platform") && !jdk(frame);
  }

  private static boolean jdk(StackTraceElement frame) {
    String module = frame.getModuleName();
    if (module != null && (module.startsWith("java.") || module.startsWith("jdk."))) {
      return true;
    }
    String name = frame.getClassName();
    return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.") || name.startsWith("sun.")
        || name.startsWith("com.sun.");
  }

  /**
   * The class of {@code failure} as a reader knows it: the JDK's by its simple name ({@code
   * IllegalStateException}), others in full ({@code lanterns.Lamp$Smoke}). An exception that stands
   * for another (a copy kept as text) names the original's, which its {@code toString} gives when it
   * has no message.
   */
  private static String className(Throwable failure) {
    String name = failure.getClass().getName();
    String text = textOf(failure);
    if (text != null && JAVA_NAME.matcher(text).matches()) {
      name = text;
    }
    return name.startsWith("java.") || name.startsWith("javax.") ? name.substring(name.lastIndexOf('.') + 1) : name;
  }

  /** A class name and nothing else, as {@code toString} gives it for an exception without a message. */
  private static final Pattern JAVA_NAME = Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}.$]{0,511}");

  /** {@code failure.getMessage()}, or null when it has none or its own code throws. */
  private static String messageOf(Throwable failure) {
    try {
      return failure.getMessage();
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      return null;
    }
  }

  private static boolean messageThrows(Throwable failure) {
    try {
      failure.getMessage();
      return false;
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      return true;
    }
  }

  /** {@code failure.toString()}, or null when its own code throws. */
  private static String textOf(Throwable failure) {
    try {
      return failure.toString();
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      return null;
    }
  }

  /** {@code failure.getCause()} unless it is one already described (a cycle), or its code throws. */
  private static Throwable causeOf(Throwable failure, Set<Throwable> seen) {
    Throwable cause;
    try {
      cause = failure.getCause();
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      return null;
    }
    return cause == null || seen.contains(cause) ? null : cause;
  }

  /** The longest message given whole; a longer one is cut, saying so. */
  static final int MAX_MESSAGE = 2_000;

  /** {@code message}, or its first {@link #MAX_MESSAGE} characters and how long it was. */
  private static String cut(String message) {
    if (message.length() <= MAX_MESSAGE) {
      return message;
    }
    int end = Character.isHighSurrogate(message.charAt(MAX_MESSAGE - 1)) ? MAX_MESSAGE - 1 : MAX_MESSAGE;
    return message.substring(0, end) + "... (cut: the message has " + String.format(java.util.Locale.ROOT, "%,d", message.length())
        + " characters)";
  }

  /**
   * A class that could not be loaded, named as Java writes it ({@code base.Thing}, where the JVM says
   * {@code base/Thing}), with where a plugin's loader looked for it when one did.
   */
  private static String missingClass(Throwable failure) {
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Throwable cause = failure; cause != null && seen.add(cause); cause = causeOf(cause, seen)) {
      String message = messageOf(cause);
      if (cause instanceof ClassNotFoundException && message != null && message.contains("(plugin ")) {
        return "the class " + message + " could not be found" + (message.contains("not in its jar")
            ? "; a library the plugin uses goes inside its jar (the library's classes: a jar inside the jar is not read), and a"
                + " plugin whose classes it uses goes in its \"dependencies\"" : "");
      }
    }
    String message = messageOf(failure) == null ? "" : cut(messageOf(failure));
    if (message.startsWith("Could not initialize class ")) {
      return "the class " + message.substring("Could not initialize class ".length())
          + " cannot be used: its static initializer threw when it was first used";
    }
    String name = message.replace('/', '.');
    return name.isBlank() ? "a class it needs could not be found" : "the class " + name + " could not be found";
  }

  /**
   * {@code message} without the {@code java.io.IOException: } its writer put in front by quoting
   * another exception ({@code "failed: " + e} is a common habit), so the words stay and the class
   * name goes.
   */
  private static String withoutClassName(String message) {
    // Word by word: the pattern repeats a group once per package name, and Java's matcher
    // recurses once per repetition, so a message of thousands of "a." (which a file's contents
    // quoted in a message can be) overflowed the stack. No class name is longer than a word of
    // MAX_NAME characters; a longer word is left as it is.
    StringBuilder out = new StringBuilder(message.length());
    int at = 0;
    while (at < message.length()) {
      if (Character.isWhitespace(message.charAt(at))) {
        out.append(message.charAt(at++));
        continue;
      }
      int end = at;
      while (end < message.length() && !Character.isWhitespace(message.charAt(end))) {
        end++;
      }
      int through = end < message.length() && message.charAt(end) == ' ' ? end + 1 : end; // "Name: " takes its space
      String word = message.substring(at, through);
      out.append(end - at <= MAX_NAME ? CLASS_NAME.matcher(word).replaceAll("") : word);
      at = through;
    }
    return out.toString();
  }

  /** The longest word searched for a class name. */
  private static final int MAX_NAME = 512;

  private static String describe(FileSystemException failure) {
    String file = failure.getFile() == null ? "the file" : failure.getFile();
    String other = failure.getOtherFile() == null ? "" : " (and " + failure.getOtherFile() + ")";
    if (failure instanceof NoSuchFileException) {
      return file + other + " does not exist";
    }
    if (failure instanceof FileAlreadyExistsException) {
      return file + other + " already exists";
    }
    if (failure instanceof AccessDeniedException) {
      return file + other + ": " + (failure.getReason() == null ? "permission denied" : failure.getReason());
    }
    if (failure instanceof NotDirectoryException) {
      return file + other + " is not a folder";
    }
    if (failure instanceof DirectoryNotEmptyException) {
      return file + other + " is a folder that is not empty";
    }
    if (failure instanceof FileSystemLoopException) {
      return file + other + " leads to itself through symbolic links";
    }
    return file + other + ": " + (failure.getReason() == null ? "it cannot be read or written" : failure.getReason());
  }

  private static String detail(Throwable failure) {
    String message = messageOf(failure);
    return message == null ? "" : " (" + cut(message) + ")";
  }
}
