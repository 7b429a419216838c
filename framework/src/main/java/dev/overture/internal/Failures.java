package dev.overture.internal;

import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.regex.Pattern;

/**
 * Says in words what a caught exception means, for a message a user reads: never the exception's
 * class name (a failure made of problems is better reported as those problems, by its caller) (a {@code java.nio.file.NoSuchFileException: x} tells a player nothing that {@code x
 * does not exist} does not). File system failures name the file and what is wrong with it; an
 * exception with a message gives that message; one without says it was an internal error, since
 * only a bug throws without saying why (the stack trace is the log's, not the message's: describing
 * such a failure logs its stack trace at error, so "the log has its stack trace" is always true).
 *
 * <p>Stateless; safe from any thread.
 */
public final class Failures {

  /** A fully qualified exception or error class name and the colon after it. */
  private static final Pattern CLASS_NAME =
      Pattern.compile("\\b(?:[a-z_][a-z0-9_]*\\.)+(?:[A-Z][A-Za-z0-9_]*\\$)*[A-Z][A-Za-z0-9_]*(?:Exception|Error): ?");

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(Failures.class);

  private Failures() {}

  /**
   * Logs a failure of code the framework runs for a game or a plugin (an undo, an end of play, a
   * handler) that it goes on from: {@code what} and the failure {@linkplain #describe in words} at
   * error, in one line, the stack trace at debug only (the command line shows debug with --debug).
   * {@code what} is an SLF4J format of {@code arguments}.
   */
  public static void logInALine(org.slf4j.Logger log, Throwable failure, String what, Object... arguments) {
    if (log.isErrorEnabled()) {
      Object[] withWords = java.util.Arrays.copyOf(arguments, arguments.length + 1);
      withWords[arguments.length] = describe(failure);
      log.error(what + ": {}", withWords);
    }
    if (log.isDebugEnabled()) {
      Object[] withTrace = java.util.Arrays.copyOf(arguments, arguments.length + 1);
      withTrace[arguments.length] = failure;
      log.debug(what, withTrace);
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

  /** {@code failure} in words, without its class name. */
  public static String describe(Throwable failure) {
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
    String message = failure.getMessage();
    Throwable cause = failure.getCause();
    if (cause != null && cause != failure && message != null && message.equals(cause.toString())) {
      // new RuntimeException(cause) takes the cause's toString() as its message, class name and all:
      // the cause says it in words.
      return describe(cause);
    }
    String words = message == null ? "" : withoutClassName(message);
    if (!words.isBlank()) {
      return words;
    }
    if (failure.getCause() != null && failure.getCause() != failure) {
      return describe(failure.getCause());
    }
    // The words promise the trace, so the trace is logged here, whatever the caller logs.
    log.error("An internal error without a message, reported in words; its stack trace:", failure);
    return "an internal error without a message (the log has its stack trace)";
  }

  /**
   * A class that could not be loaded, named as Java writes it ({@code base.Thing}, where the JVM says
   * {@code base/Thing}), with where a plugin's loader looked for it when one did.
   */
  private static String missingClass(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof ClassNotFoundException && cause.getMessage() != null && cause.getMessage().contains("(plugin ")) {
        return "the class " + cause.getMessage() + " could not be found" + (cause.getMessage().contains("not in its jar")
            ? "; a library the plugin uses goes inside its jar (the library's classes: a jar inside the jar is not read), and a"
                + " plugin whose classes it uses goes in its \"dependencies\"" : "");
      }
    }
    String message = failure.getMessage() == null ? "" : failure.getMessage();
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
    return failure.getMessage() == null ? "" : " (" + failure.getMessage() + ")";
  }
}
