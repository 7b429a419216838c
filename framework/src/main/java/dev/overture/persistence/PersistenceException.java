package dev.overture.persistence;

/**
 * A save, restore or migration that failed as a whole: the database could not be used, a class has
 * no registered name, the store was written by a newer schema, another writer saved the world
 * first ({@link SaveConflictException}). Whatever it was doing was rolled back; the message says
 * what and why.
 */
public sealed class PersistenceException extends RuntimeException permits SaveConflictException {

  private static final long serialVersionUID = 1L;

  PersistenceException(String message) {
    super(message);
  }

  PersistenceException(String message, Throwable cause) {
    super(message, cause);
  }
}
