package dev.overture.persistence;

/**
 * A save, restore or migration that failed as a whole: the database could not be used, a class has
 * no registered name, the store was written by a newer schema. Whatever it was doing was rolled
 * back; the message says what and why.
 */
public final class PersistenceException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  PersistenceException(String message) {
    super(message);
  }

  PersistenceException(String message, Throwable cause) {
    super(message, cause);
  }
}
