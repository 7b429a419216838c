package dev.overture.live;

import io.methvin.watcher.DirectoryChangeEvent;
import io.methvin.watcher.DirectoryWatcher;
import io.methvin.watcher.hashing.FileHasher;
import io.methvin.watcher.visitor.FileTreeVisitor;
import io.methvin.watchservice.MacOSXListeningWatchService;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the content folders and says which paths changed, through gmethvin's directory-watcher:
 * the JDK's {@code WatchService} on Linux (inotify) and Windows, registered on every folder below
 * the roots as they appear, and native FSEvents on macOS, where the JDK's service polls every two
 * seconds or more. Files are not hashed (the library would read every content file when it starts,
 * and a save whose content did not change costs only a check that finds no difference); on macOS
 * events are asked for per file, with a latency of 20 ms instead of the library's half second.
 *
 * <p>Only this class names the library, which is optional: {@link LiveContent} checks that it is
 * there first. Events arrive on the watcher's own daemon thread, {@code overture-live-watcher}.
 */
final class ContentWatcher implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LiveContent.class);
  /** Seconds FSEvents gathers events before telling (the library's default is half a second). */
  private static final double MAC_LATENCY = 0.02;

  private final DirectoryWatcher watcher;
  private final ExecutorService thread;

  private ContentWatcher(DirectoryWatcher watcher, ExecutorService thread) {
    this.watcher = watcher;
    this.thread = thread;
  }

  /**
   * Starts watching {@code folders} (and every folder below them); {@code changed} hears each path
   * created, modified or deleted, and a folder itself when events were lost (the queue overflowed).
   */
  static ContentWatcher start(List<Path> folders, Consumer<Path> changed) throws IOException {
    DirectoryWatcher.Builder builder = DirectoryWatcher.builder()
        .paths(ChangedFiles.outermost(folders))
        .fileHashing(false)
        .logger(LoggerFactory.getLogger(DirectoryWatcher.class))
        .listener(event -> {
          if (event.eventType() == DirectoryChangeEvent.EventType.OVERFLOW) {
            log.warn("The watcher lost events under {}; checking every file there", event.rootPath());
            changed.accept(event.rootPath());
          } else if (event.path() != null) {
            changed.accept(event.path());
          }
        });
    if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac")) {
      builder.watchService(new MacOSXListeningWatchService(new MacOSXListeningWatchService.Config() {
        @Override
        public double latency() {
          return MAC_LATENCY;
        }

        @Override
        public FileHasher fileHasher() {
          return null; // file-level events, without reading files
        }

        @Override
        public FileTreeVisitor fileTreeVisitor() {
          return FileTreeVisitor.DEFAULT_FILE_TREE_VISITOR;
        }
      }));
    }
    DirectoryWatcher watcher = builder.build();
    ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
      Thread daemon = new Thread(task, "overture-live-watcher");
      daemon.setDaemon(true);
      return daemon;
    });
    watcher.watchAsync(thread).whenComplete((ignored, error) -> {
      if (error != null && !watcher.isClosed()) {
        log.error("The content watcher stopped; edits are no longer noticed", error);
      }
    });
    return new ContentWatcher(watcher, thread);
  }

  @Override
  public void close() {
    try {
      watcher.close();
    } catch (IOException e) {
      log.warn("Could not stop the content watcher: {}", e.toString());
    } finally {
      thread.shutdownNow();
    }
  }
}
