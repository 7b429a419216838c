package dev.overture.sample;

import dev.overture.inject.Overture;

/**
 * Start-up work that every command that builds a runtime needs and that does not depend on its
 * arguments, done on a second thread while the main thread builds and parses the command line
 * (picocli's model, by reflection, takes a JVM on two cores about a sixth of a second). Spring
 * Boot's {@code BackgroundPreinitializer} does the same for the parts of a start-up that only cost
 * time: what runs here is what the command would otherwise run first itself, so it finds it done.
 *
 * <ul>
 *   <li>The build version, read from the jar (it builds Jackson's first mapper) and kept ({@link
 *       SampleBuild#version()}).
 *   <li>The runtime's builders with the framework's registrations ({@link Overture#builder()}): a
 *       builder only collects settings, so one built and dropped here changes nothing, and the
 *       classes it needs are loaded and initialized when the command builds its own.
 * </ul>
 *
 * <p>Nothing here prints or fails a command: a failure is dropped, and the command meets it again
 * where it does the same work and reports it there, as it would without the preload. The thread is
 * a daemon, so a command that ends first is not held up by it. Started once, from {@link Main}.
 */
final class Preload implements Runnable {

  private Preload() {}

  /** Starts the preload on a daemon thread of its own and returns at once. */
  static void start() {
    // A class, not a method reference: linking a lambda's call site costs the main thread several
    // milliseconds the first time, more than the thread itself.
    Thread thread = new Thread(new Preload(), "overture-preload");
    thread.setDaemon(true);
    thread.setPriority(Thread.NORM_PRIORITY);
    thread.start();
  }

  @Override
  public void run() {
    try {
      SampleBuild.version();
      Overture.builder();
    } catch (RuntimeException | LinkageError e) {
      // The command does the same work and reports the failure there (see the class comment).
    }
  }
}
