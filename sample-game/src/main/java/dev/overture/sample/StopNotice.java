package dev.overture.sample;

import dev.overture.internal.AtomicFiles;
import java.io.PrintWriter;

/**
 * What a command that rewrites files says when Ctrl+C or a termination signal stops it (resave,
 * migrate-ids): the JVM stops such a command at once, so a shutdown hook removes the temporary
 * files it was writing (what each was to replace stays as it was) and says, in one line, in what
 * state the files are and how to finish. {@code play} stops otherwise: it ends its match and saves
 * first ({@link Interruption}), so it has none of this.
 *
 * <p>Made and closed on the command's thread; the hook runs on the JVM's.
 */
final class StopNotice implements AutoCloseable {

  private final Thread hook;

  /** Watches until closed; on a stop, removes the temporaries in progress and says {@code said} on {@code err}. */
  StopNotice(PrintWriter err, String said) {
    Thread notice = new Thread(() -> {
      AtomicFiles.removeTemporariesInProgress();
      err.println("overture: " + said);
      err.flush();
    }, "overture-stop-notice");
    try {
      Runtime.getRuntime().addShutdownHook(notice);
    } catch (IllegalStateException stopping) {
      notice = null; // already stopping: the command is about to end, before it wrote anything
    }
    hook = notice;
  }

  @Override
  public void close() {
    if (hook != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException stopping) {
        // the JVM began stopping meanwhile: the hook runs, and removes nothing that is still needed
      }
    }
  }
}
