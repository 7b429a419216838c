package dev.overture.settings;

import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.AtomicFiles;
import dev.overture.internal.FileStamp;
import dev.overture.internal.FiniteNumbers;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One settings file in use, like Lyra's {@code ULyraSettingsShared} and {@code
 * ULyraSettingsLocal}: its current values, what was wrong with the file when it was read, and the
 * listeners that apply the values to the running game.
 *
 * <pre>{@code
 * SettingsFolder folder = SettingsFolder.forGame("Overture Sample");
 * Settings<LocalSettings> local = Settings.loadOrCreate(folder.localFile(SettingsKind.LOCAL), SettingsKind.LOCAL,
 *     (before, after, reason) -> audio.setVolume(after.overallVolume()));   // applied once loaded
 * local.update(values -> values.withOverallVolume(0.5));
 * local.apply();
 * local.save();
 * }</pre>
 *
 * <p><b>Loading applies.</b> As the seed's {@code LoadOrCreateSettings} and {@code
 * CreateTemporarySettings} call {@code ApplySettings}, {@link #loadOrCreate} and {@link
 * #createTemporary} apply the values before they return: to the applier given, which is
 * registered first. A host that must look at the values before the game uses them loads with
 * {@link #loadWithoutApplying} and calls {@link #apply()} itself.
 *
 * <p><b>Files.</b> Versioned JSON: a {@code $version} header (the kind's custom version), then
 * the record's fields. Every save is atomic (temporary file, flush, rename), so a crash leaves the
 * old file or the new one. A settings file that is a symbolic link is written through: the file it
 * points to gets the new values, and the link stays a link. Two programs saving one file (two game
 * windows on one machine) keep each other's changes, field by field ({@link #save()}).
 *
 * <p><b>Reading never fails.</b>
 *
 * <ul>
 *   <li>A missing file: the defaults, saved at once ({@link #loadOrCreate}); loading fails, in
 *       one sentence, only when they cannot be (the folder is read-only, or is a file).
 *   <li>A file that does not parse, that a newer version wrote, that is larger than the kind's
 *       {@link SettingsKind#maxFileBytes}, or that is not a regular file (a folder, a named pipe):
 *       moved aside (beside it, {@code .corrupt-N}, {@code .newer-N}, {@code .too-large-N} or
 *       {@code .not-a-file-N}, never overwriting; through a link, the file it points to), a
 *       warning, the defaults saved in its place. A file too large or not regular is never opened
 *       for reading. This holds the file's lock and reads the file again first: of several programs
 *       starting at once, the first repairs it and the others read what it saved. A damaged file
 *       that cannot be moved (read-only, as a version control system locks a file, or in a
 *       read-only folder) is left as it is, with a warning saying why, and the defaults are used
 *       without being saved.
 *   <li>An older file: upgraded by the kind's steps.
 *   <li>A field that does not fit (a value of another type is refused, never converted: {@code 5}
 *       is not the string {@code "5"}), a number that is not finite ({@code "NaN"}, {@code NaN},
 *       {@code "Infinity"}, {@code 1e999}) included: its default, with a warning quoting the value
 *       as the file writes it; an entry of a map or a list that is null, of another type or not
 *       finite: left out, with a warning at it; a number out of its {@link SettingRange}: clamped,
 *       with a warning; a field the record no longer has: ignored with a warning (and gone at the
 *       next save).
 *   <li>Values the record's constructor refuses together: when one value's default makes them
 *       fit, that value's default, with a warning; otherwise the file is moved aside ({@code
 *       .corrupt-N}) with a warning saying what the constructor threw, and the defaults saved.
 * </ul>
 *
 * Warnings are logged and kept in {@link #warnings()}.
 *
 * <p><b>Threading.</b> Confined to one thread (the game thread): values, {@link #apply} and the
 * listeners it calls run there. Two settings objects of one file may live on two threads (or in two
 * programs): their loads and saves take turns on the file's lock.
 *
 * @param <T> the settings record
 */
public final class Settings<T extends Record> {

  private static final Logger log = LoggerFactory.getLogger(Settings.class);

  /** Why listeners are called. */
  public enum Reason {
    /** {@link #apply()} was called: the values changed, or were loaded. */
    APPLIED,
    /** An experience finished loading ({@link #experienceLoaded}): re-apply what depends on it. */
    EXPERIENCE_LOADED
  }

  /** Applies settings to the running game. */
  @FunctionalInterface
  public interface Listener<T> {
    /**
     * @param previous the values applied before ({@code current} the first time)
     * @param current the values to apply
     * @param reason why
     */
    void applied(T previous, T current, Reason reason);
  }

  /** A registration; {@link #cancel()} removes the listener. */
  public interface Subscription {
    void cancel();
  }

  private final Path file;
  private final SettingsKind<T> kind;
  private final List<Problem> warnings;
  private final List<Listener<T>> listeners = new CopyOnWriteArrayList<>();
  private T values;
  private T applied;
  /** The values as this object last read or wrote the file; null until it did (temporary settings). */
  private T onDisk;
  /** The file as it was then, to tell whether another program saved it since. */
  private FileStamp stamp;

  private Settings(Path file, SettingsKind<T> kind, T values, List<Problem> warnings) {
    this.file = file;
    this.kind = kind;
    this.values = values;
    this.warnings = List.copyOf(warnings);
  }

  /**
   * Reads {@code file}, or creates it with the defaults when it is missing (see the class comment
   * for what a damaged file does), and applies the values, as the seed's {@code
   * LoadOrCreateSettings} does. With no listener registered yet, applying only records the values
   * as the ones the game runs with; use {@link #loadOrCreate(Path, SettingsKind, Listener)} to
   * apply them to the game at once.
   *
   * @throws IOException only when a missing file cannot be created (its folder is read-only, or is
   *     a file), with one sentence naming the file and why. A damaged file that cannot be moved
   *     aside (it is read-only, or its folder is) is left as it is, with a warning, and the defaults
   *     are used without being saved.
   */
  public static <T extends Record> Settings<T> loadOrCreate(Path file, SettingsKind<T> kind) throws IOException {
    Settings<T> settings = loadWithoutApplying(file, kind);
    settings.apply();
    return settings;
  }

  /**
   * {@link #loadOrCreate(Path, SettingsKind)}, with {@code applier} registered ({@link #onApplied})
   * before the values are applied, so it hears them once before this returns.
   */
  public static <T extends Record> Settings<T> loadOrCreate(Path file, SettingsKind<T> kind, Listener<T> applier)
      throws IOException {
    Settings<T> settings = loadWithoutApplying(file, kind);
    settings.onApplied(applier);
    settings.apply();
    return settings;
  }

  /**
   * Reads or creates {@code file} as {@link #loadOrCreate} does, without applying the values: for a
   * host that checks or adjusts them first, then calls {@link #apply()}.
   *
   * @throws IOException only when a missing file cannot be created, as {@link #loadOrCreate}
   */
  public static <T extends Record> Settings<T> loadWithoutApplying(Path file, SettingsKind<T> kind) throws IOException {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(kind, "kind");
    List<Problem> warnings = new ArrayList<>();
    SettingsJson.Read<T> read = SettingsJson.read(file, kind, warnings);
    Settings<T> settings = read.missing() || read.setAside() != null ? repair(file, kind, read, warnings) : loaded(file, kind, read, warnings);
    settings.warnings.forEach(problem -> log.warn("{}", problem));
    return settings;
  }

  /** Settings holding what was read, remembered as the file holds them. */
  private static <T extends Record> Settings<T> loaded(Path file, SettingsKind<T> kind, SettingsJson.Read<T> read, List<Problem> warnings) {
    Settings<T> settings = new Settings<>(file, kind, read.values(), warnings);
    settings.remember(read.values(), read.stamp());
    return settings;
  }

  /** How many times a damaged file another program moves away first is read again. */
  private static final int MAX_REREADS = 5;

  /**
   * Creates a missing file, or sets a damaged one aside and saves the defaults in its place, with
   * the file's lock held, reading it again first: of several programs starting at once, the first
   * repairs the file and the others read what it wrote, rather than set aside the defaults just
   * saved (or fail to move a file already moved). A damaged file that cannot be set aside stays.
   *
   * @param unlocked what reading found without the lock
   */
  private static <T extends Record> Settings<T> repair(
      Path file, SettingsKind<T> kind, SettingsJson.Read<T> unlocked, List<Problem> unlockedWarnings) throws IOException {
    SettingsFiles.Lock lock;
    try {
      lock = SettingsFiles.lock(file);
    } catch (IOException e) {
      // Not even the lock file can be made (a read-only folder): nothing can be created or moved there.
      if (unlocked.missing()) {
        throw SettingsFiles.failure("Could not save", file, e);
      }
      return keptAsItIs(file, kind, unlocked, unlockedWarnings, SettingsFiles.whyKept(file, e));
    }
    try (lock) {
      for (int reads = 1; ; reads++) {
        List<Problem> warnings = new ArrayList<>();
        SettingsJson.Read<T> read = SettingsJson.read(file, kind, warnings);
        if (!read.missing() && read.setAside() == null) {
          return loaded(file, kind, read, warnings);
        }
        if (read.setAside() != null) {
          Path aside;
          try {
            aside = SettingsFiles.setAside(file, read.setAside());
          } catch (NoSuchFileException e) {
            if (reads < MAX_REREADS) {
              continue; // moved or replaced by a program that does not take the lock: read what is there now
            }
            return keptAsItIs(file, kind, read, warnings, SettingsFiles.whyKept(file, e));
          } catch (IOException e) {
            return keptAsItIs(file, kind, read, warnings, SettingsFiles.whyKept(file, e));
          }
          warnings.add(SettingsJson.warning(read.problemId(), file.toString(), read.reason() + "; it was moved to "
              + aside.getFileName() + " and the defaults are used"));
        }
        Settings<T> settings = new Settings<>(file, kind, kind.defaults().get(), warnings);
        try {
          settings.saveLocked();
        } catch (IOException e) {
          throw SettingsFiles.failure("Could not save", file, e);
        }
        return settings;
      }
    }
  }

  /**
   * A damaged file that cannot be set aside (read-only, or in a read-only folder) is left as it is,
   * so that nothing of it is lost: the defaults are used without being saved. A save later sets the
   * file aside first, or fails saying why.
   */
  private static <T extends Record> Settings<T> keptAsItIs(
      Path file, SettingsKind<T> kind, SettingsJson.Read<T> read, List<Problem> warnings, String why) {
    warnings.add(SettingsJson.warning(read.problemId(), file.toString(), read.reason() + "; " + why
        + ", so it was left as it is, and the defaults are used without being saved"));
    return new Settings<>(file, kind, kind.defaults().get(), warnings);
  }

  /**
   * Settings not read from disk: the defaults, applied, and saved to {@code file} only when {@link
   * #save()} is called (Lyra's {@code CreateTemporarySettings}).
   */
  public static <T extends Record> Settings<T> createTemporary(Path file, SettingsKind<T> kind) {
    Settings<T> settings = new Settings<>(Objects.requireNonNull(file, "file"), kind, kind.defaults().get(), List.of());
    settings.apply();
    return settings;
  }

  /** {@link #createTemporary(Path, SettingsKind)}, with {@code applier} registered before the defaults are applied. */
  public static <T extends Record> Settings<T> createTemporary(Path file, SettingsKind<T> kind, Listener<T> applier) {
    Settings<T> settings = new Settings<>(Objects.requireNonNull(file, "file"), kind, kind.defaults().get(), List.of());
    settings.onApplied(applier);
    settings.apply();
    return settings;
  }

  /**
   * What reading {@code file} would report, without changing anything (no file moved, none
   * written): for validation.
   */
  public static <T extends Record> List<Problem> check(Path file, SettingsKind<T> kind) {
    List<Problem> problems = new ArrayList<>();
    SettingsJson.Read<T> read = SettingsJson.read(file, kind, problems);
    if (read.setAside() != null) {
      problems.add(0, Problem.error(read.problemId(), read.reason()).at(SourceLocation.ofFile(file.toString())));
    }
    return problems;
  }

  /** The current values. */
  public T get() {
    return values;
  }

  /**
   * Replaces the values (apply and save to make them count). Values a file could not hold are
   * refused rather than saved, so that the next load has nothing to warn about: reading clamps a
   * number out of its {@link SettingRange} from a hand-edited file, but a program's value out of
   * range is a bug to see at once.
   *
   * @throws IllegalArgumentException when a number in them is not finite (NaN, an infinity), or is
   *     outside its {@link SettingRange} ({@code setting /overallVolume must be 0 to 1: 7.0}, each
   *     such setting named); the values are then unchanged
   */
  public void set(T newValues) {
    Objects.requireNonNull(newValues, "values");
    Optional<String> nonFinite = FiniteNumbers.find(newValues);
    if (nonFinite.isPresent()) {
      throw new IllegalArgumentException(
          "setting " + nonFinite.get() + " must be a finite number: " + newValues);
    }
    List<String> outOfRange = SettingsJson.outOfRange(newValues);
    if (!outOfRange.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", outOfRange));
    }
    values = newValues;
  }

  /** Replaces the values with {@code change} of them ({@link #set}, with its checks). */
  public void update(UnaryOperator<T> change) {
    set(change.apply(values));
  }

  /** Applies the values: calls every listener, in registration order (Lyra's ApplySettings). */
  public void apply() {
    notify(Reason.APPLIED);
  }

  /** The values last applied (the ones the game runs with), or empty before the first {@link #apply()}. */
  public Optional<T> appliedValues() {
    return Optional.ofNullable(applied);
  }

  /**
   * Tells the settings an experience has loaded, as Lyra's experience manager tells {@code
   * ULyraSettingsLocal}: listeners re-apply what depends on the experience.
   */
  public void experienceLoaded(String experience) {
    log.debug("Experience {} loaded: re-applying {}", experience, file);
    notify(Reason.EXPERIENCE_LOADED);
  }

  private void notify(Reason reason) {
    T previous = applied == null ? values : applied;
    applied = values;
    for (Listener<T> listener : listeners) {
      try {
        listener.applied(previous, values, reason);
      } catch (RuntimeException e) {
        log.error("A settings listener of {} threw", file, e);
      }
    }
  }

  /** Calls {@code listener} whenever the settings are applied. */
  public Subscription onApplied(Listener<T> listener) {
    Objects.requireNonNull(listener, "listener");
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  /**
   * Writes the values, atomically, with the version header.
   *
   * <p>When another program saved the file since these settings last read or wrote it (a second
   * game window, a launcher), its changes are kept: each field changed here since then is saved
   * with this value, every other field with the value the file now holds, and the values here take
   * those too (apply them to use them). Reading, merging and writing hold the file's lock ({@code
   * .<name>.lock} beside it), so that two programs saving at once take turns instead of writing
   * over each other's merge. A damaged file found there (another program's, or one loading left as
   * it was) is set aside first, as loading does, and the values saved whole.
   *
   * @throws IOException when it cannot be written, with one sentence naming the file and why
   *     ({@code Could not save .../LocalSettings.json: the folder ... is read-only}, {@code ...:
   *     the file is read-only}, {@code ...: ... is a file, not a folder}); the file is then unchanged
   */
  public void save() throws IOException {
    try (SettingsFiles.Lock lock = SettingsFiles.lock(file)) {
      saveLocked();
    } catch (IOException e) {
      throw SettingsFiles.failure("Could not save", file, e);
    }
  }

  /** {@link #save()}, with the file's lock held. */
  private void saveLocked() throws IOException {
    T toWrite = values;
    if (onDisk == null || stamp.changeSince() != null) {
      SettingsJson.Read<T> now = SettingsJson.read(file, kind, new ArrayList<>());
      if (now.setAside() != null) {
        setAsideBeforeSaving(now);
      } else if (onDisk != null && !now.missing()) {
        SettingsMerge.Merged<T> merged = SettingsMerge.merge(kind.type(), onDisk, values, now.values());
        if (!merged.theirs().isEmpty()) {
          log.info("{} was saved by another program since it was read; its {} kept", file, merged.theirs());
        }
        toWrite = merged.values();
      }
    }
    // Stamped as written, before the rename: a stamp taken after it could be of another
    // program's save made since, which would then pass for this one and be lost at the next.
    FileStamp written = AtomicFiles.write(file, SettingsJson.toBytes(kind, toWrite));
    values = toWrite;
    remember(toWrite, written);
  }

  /** A damaged file where a save goes is never written over: it is set aside first, as loading does. */
  private void setAsideBeforeSaving(SettingsJson.Read<T> damaged) throws IOException {
    try {
      Path aside = SettingsFiles.setAside(file, damaged.setAside());
      log.warn("{}", SettingsJson.warning(damaged.problemId(), file.toString(), damaged.reason() + "; it was moved to "
          + aside.getFileName() + " before the settings were saved"));
    } catch (NoSuchFileException e) {
      // Gone meanwhile: nothing to keep.
    }
  }

  private void remember(T written, FileStamp now) {
    onDisk = written;
    stamp = now;
  }

  /** What was wrong with the file when it was read (empty when nothing was). */
  public List<Problem> warnings() {
    return warnings;
  }

  /** The file. */
  public Path file() {
    return file;
  }

  @Override
  public String toString() {
    return "Settings[" + file + ", " + values + "]";
  }

}
