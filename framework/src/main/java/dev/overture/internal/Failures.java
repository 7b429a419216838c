package dev.overture.internal;

import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Says in words what a caught exception means, for a message a user reads: never the exception's
 * class name (a failure made of problems is better reported as those problems, by its caller) (a {@code java.nio.file.NoSuchFileException: x} tells a player nothing that {@code x
 * does not exist} does not). File system failures name the file and what is wrong with it; an
 * exception with a message gives that message; one without says it was an internal error, since
 * only a bug throws without saying why (the stack trace is the log's, not the message's).
 *
 * <p>Stateless; safe from any thread.
 */
public final class Failures {

  private Failures() {}

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
    if (failure instanceof StackOverflowError) {
      return "its input nests too deeply (the stack overflowed)";
    }
    String message = failure.getMessage();
    if (message != null && !message.isBlank()) {
      return message;
    }
    if (failure.getCause() != null && failure.getCause() != failure) {
      return describe(failure.getCause());
    }
    return "an internal error without a message (the log has its stack trace)";
  }

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
