package dev.overture.core;

import java.util.Objects;

/**
 * Something the host asked for needs a library that Overture declares optional, and the library is
 * not there: not on the class path, or on the module path but not resolved (a host module requires
 * it, or {@code --add-modules} names it). The message names what needed it, the Maven coordinates
 * to add, and what to do instead where there is another way:
 *
 * <pre>
 * A world store's own database file needs sqlite-jdbc, which is not on the class path: add
 * org.xerial:sqlite-jdbc:3.53.4.0 to the host's dependencies, or open the store over a DataSource
 * of your own (WorldStore.builder(dataSource)).
 * </pre>
 *
 * Immutable; safe to pass between threads.
 */
public final class MissingDependencyException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  private final String coordinates;

  /**
   * @param needer what needs the library, as the host called it ({@code WorldStore.builder(Path)})
   * @param library the library's artifact id ({@code sqlite-jdbc})
   * @param coordinates its Maven coordinates, {@code group:artifact:version}
   * @param instead what to do instead of adding it, or {@code null} when there is nothing else
   */
  public MissingDependencyException(String needer, String library, String coordinates, String instead) {
    super(needer + " needs " + library + ", which is not on the class path: add " + coordinates
        + " to the host's dependencies" + (instead == null ? "." : ", or " + instead + "."));
    this.coordinates = Objects.requireNonNull(coordinates, "coordinates");
  }

  /** The Maven coordinates of the missing library, {@code group:artifact:version}. */
  public String coordinates() {
    return coordinates;
  }
}
