package dev.overture.persistence;

/**
 * A save refused because another writer (another server, another store on the same database)
 * saved the world since this store last read or wrote it: the database holds a version this store
 * has not seen, and writing would silently overwrite it. Nothing was written. To go on, restore the
 * world (which reads the database's version) and decide what to keep.
 *
 * <p>Immutable.
 */
public final class SaveConflictException extends PersistenceException {

  private static final long serialVersionUID = 1L;

  private final String world;
  private final long expectedVersion;
  private final long foundVersion;

  SaveConflictException(String store, String world, long expectedVersion, long foundVersion) {
    super("Cannot save world " + world + " to " + store + ": another writer saved it since this store "
        + (expectedVersion == 0 ? "started (this store expected no saved version, having neither restored nor saved it)"
            : "last read or wrote it (this store expected version " + expectedVersion + ")")
        + ", and the database holds version " + foundVersion + "; nothing was written. Restore the world to go on from the saved"
        + " version");
    this.world = world;
    this.expectedVersion = expectedVersion;
    this.foundVersion = foundVersion;
  }

  /** The world's name. */
  public String world() {
    return world;
  }

  /** The version this store last read or wrote (0: it had neither restored nor saved the world). */
  public long expectedVersion() {
    return expectedVersion;
  }

  /** The version the database holds (0: none, the world's save was removed). */
  public long foundVersion() {
    return foundVersion;
  }
}
