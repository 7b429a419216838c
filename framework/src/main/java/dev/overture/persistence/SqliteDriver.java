package dev.overture.persistence;

import dev.overture.core.MissingDependencyException;
import dev.overture.internal.OptionalDependency;

/**
 * The check made before the store touches sqlite-jdbc, which the framework declares optional: only
 * the database files the store opens itself need it, a host's own {@code DataSource} does not.
 * Stateless; any thread.
 */
final class SqliteDriver {

  private SqliteDriver() {}

  /**
   * Returns when sqlite-jdbc is there.
   *
   * @param needer what needs the driver, as messages name it
   * @param instead how to do without it
   * @throws MissingDependencyException naming sqlite-jdbc's coordinates when it is missing
   */
  static void require(String needer, String instead) {
    OptionalDependency driver = OptionalDependency.SQLITE_JDBC;
    if (!driver.isPresent()) {
      throw new MissingDependencyException(needer, driver.artifactId(), driver.coordinates(), instead);
    }
  }
}
