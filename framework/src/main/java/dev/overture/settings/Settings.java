package dev.overture.settings;

import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.AtomicFiles;
import dev.overture.internal.FileStamp;
import dev.overture.internal.BoundedFiles;
import dev.overture.internal.FileTooLargeException;
import dev.overture.internal.FiniteNumbers;
import dev.overture.internal.JsonLayout;
import dev.overture.internal.JsonMappers;
import dev.overture.internal.NotARegularFileException;
import dev.overture.version.AssetVersions;
import dev.overture.version.UpgradeStep;
import dev.overture.version.VersionHeader;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.json.JsonReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

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
 *   <li>A missing file: the defaults, saved at once ({@link #loadOrCreate}).
 *   <li>A file that does not parse, that a newer version wrote, that is larger than the kind's
 *       {@link SettingsKind#maxFileBytes}, or that is not a regular file (a folder, a named pipe):
 *       moved aside (beside it, {@code .corrupt-N}, {@code .newer-N}, {@code .too-large-N} or
 *       {@code .not-a-file-N}, never overwriting), a warning, the defaults saved in its place. A
 *       file too large or not regular is never opened for reading.
 *   <li>An older file: upgraded by the kind's steps.
 *   <li>A field that does not fit, a number that is not finite ({@code "NaN"}, {@code NaN}, {@code
 *       "Infinity"}, {@code 1e999}) included: its default, with a warning; a number out of its
 *       {@link SettingRange}: clamped, with a warning; a field the record no longer has: ignored
 *       with a warning (and gone at the next save).
 * </ul>
 *
 * Warnings are logged and kept in {@link #warnings()}.
 *
 * <p><b>Threading.</b> Confined to one thread (the game thread): values, {@link #apply} and the
 * listeners it calls run there.
 *
 * @param <T> the settings record
 */
public final class Settings<T extends Record> {

  private static final Logger log = LoggerFactory.getLogger(Settings.class);

  // Literal NaN and Infinity parse, so that one costs only its field (refused there, located)
  // rather than the whole file.
  private static final JsonMapper MAPPER =
      JsonMappers.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .build();

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
   * @throws IOException only when the defaults cannot be written (or a damaged file moved aside)
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
   * @throws IOException only when the defaults cannot be written (or a damaged file moved aside)
   */
  public static <T extends Record> Settings<T> loadWithoutApplying(Path file, SettingsKind<T> kind) throws IOException {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(kind, "kind");
    List<Problem> warnings = new ArrayList<>();
    Read<T> read = read(file, kind, warnings);
    T values = read.values;
    if (read.setAside != null) {
      Path aside = setAside(file, read.setAside);
      warnings.add(warning(read.problemId, file.toString(), read.reason + "; it was moved to " + aside.getFileName()
          + " and the defaults are used"));
    }
    Settings<T> settings = new Settings<>(file, kind, values, warnings);
    if (read.missing || read.setAside != null) {
      settings.save();
    } else {
      settings.remember(values, read.stamp);
    }
    warnings.forEach(problem -> log.warn("{}", problem));
    return settings;
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
    Read<T> read = read(file, kind, problems);
    if (read.setAside != null) {
      problems.add(0, Problem.error(read.problemId, read.reason).at(SourceLocation.ofFile(file.toString())));
    }
    return problems;
  }

  /** The current values. */
  public T get() {
    return values;
  }

  /**
   * Replaces the values (apply and save to make them count).
   *
   * @throws IllegalArgumentException when a number in them is not finite (NaN, an infinity): it
   *     could not be read back
   */
  public void set(T newValues) {
    Objects.requireNonNull(newValues, "values");
    Optional<String> nonFinite = FiniteNumbers.find(newValues);
    if (nonFinite.isPresent()) {
      throw new IllegalArgumentException(
          "setting " + nonFinite.get() + " must be a finite number: " + newValues);
    }
    values = newValues;
  }

  /** Replaces the values with {@code change} of them. */
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
   * those too (apply them to use them). A file that cannot be read now is replaced whole.
   *
   * @throws IOException when it cannot be written; the file is then unchanged
   */
  public void save() throws IOException {
    T toWrite = values;
    if (onDisk != null && stamp.changeSince() != null) {
      Read<T> now = read(file, kind, new ArrayList<>());
      if (!now.missing && now.setAside == null) {
        SettingsMerge.Merged<T> merged = SettingsMerge.merge(kind.type(), onDisk, values, now.values);
        if (!merged.theirs().isEmpty()) {
          log.info("{} was saved by another program since it was read; its {} kept", file, merged.theirs());
        }
        toWrite = merged.values();
      }
    }
    ObjectNode tree = MAPPER.createObjectNode();
    tree.set(VersionHeader.FIELD, versions(kind).headerFor(kind.type()).toJson());
    tree.setAll((ObjectNode) MAPPER.valueToTree(toWrite));
    AtomicFiles.write(file, JsonLayout.toBytes(tree));
    values = toWrite;
    remember(toWrite, FileStamp.of(AtomicFiles.target(file)));
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

  // ---------------------------------------------------------------- reading

  /** What reading found: the values, or why the file goes aside (and with which suffix). */
  private record Read<T>(T values, boolean missing, String setAside, String problemId, String reason, FileStamp stamp) {
    Read(T values, boolean missing, String setAside, String problemId, String reason) {
      this(values, missing, setAside, problemId, reason, null);
    }
  }

  private static <T extends Record> AssetVersions versions(SettingsKind<T> kind) {
    AssetVersions.Builder builder = AssetVersions.builder().customVersion(kind.version(), kind.type());
    for (UpgradeStep step : kind.steps()) {
      builder.upgrade(step);
    }
    return builder.build();
  }

  private static <T extends Record> Read<T> read(Path file, SettingsKind<T> kind, List<Problem> warnings) {
    String name = file.toString();
    byte[] bytes;
    FileStamp stamp;
    try {
      // Stamped before it is read: a save by another program in between shows as a change.
      stamp = FileStamp.of(AtomicFiles.target(file));
      bytes = BoundedFiles.read(file, kind.maxFileBytes(), "SettingsKind.maxFileBytes");
    } catch (NoSuchFileException e) {
      return new Read<>(kind.defaults().get(), true, null, null, null);
    } catch (NotARegularFileException e) {
      return new Read<>(kind.defaults().get(), false, "not-a-file", "Overture/NotARegularFile", e.getMessage());
    } catch (FileTooLargeException e) {
      return new Read<>(kind.defaults().get(), false, "too-large", "Overture/LimitExceeded", e.getMessage());
    } catch (IOException e) {
      return new Read<>(kind.defaults().get(), false, "unreadable", "Overture/ReadFailed", name + " cannot be read (" + e.getMessage() + ")");
    }
    JsonNode parsed;
    Map<String, TokenStreamLocation> places;
    try {
      parsed = MAPPER.readTree(bytes);
      places = topLevelPlaces(bytes);
    } catch (JacksonException e) {
      TokenStreamLocation where = e.getLocation();
      String position = where == null || where.getLineNr() < 1 ? "" : " at line " + where.getLineNr() + ", column " + where.getColumnNr();
      return new Read<>(kind.defaults().get(), false, "corrupt", "Overture/CorruptSettings",
          name + " is not valid JSON" + position + " (" + e.getOriginalMessage() + ")");
    }
    if (!(parsed instanceof ObjectNode tree)) {
      return new Read<>(kind.defaults().get(), false, "corrupt", "Overture/CorruptSettings", name + " does not hold a JSON object");
    }
    AssetVersions versions = versions(kind);
    try {
      VersionHeader header = tree.has(VersionHeader.FIELD) ? VersionHeader.fromJson(tree.get(VersionHeader.FIELD)) : null;
      AssetVersions.Upgrade upgrade = versions.plan(header, kind.type());
      tree.remove(VersionHeader.FIELD);
      upgrade.apply(tree);
    } catch (DataException e) {
      boolean newer = e.problemId().startsWith("Overture/Newer") || e.problemId().equals("Overture/UnknownCustomVersion");
      return new Read<>(kind.defaults().get(), false, newer ? "newer" : "corrupt", newer ? "Overture/NewerSettings" : e.problemId(),
          name + (newer ? " was written by a newer version: " : ": ") + e.getMessage());
    }
    return new Read<>(bind(tree, kind, name, places, warnings), false, null, null, null, stamp);
  }

  /** Binds field by field, so that one bad value costs only that value. */
  private static <T extends Record> T bind(
      ObjectNode tree, SettingsKind<T> kind, String file, Map<String, TokenStreamLocation> places, List<Problem> warnings) {
    T defaults = kind.defaults().get();
    RecordComponent[] components = kind.type().getRecordComponents();
    Object[] arguments = new Object[components.length];
    List<String> known = new ArrayList<>();
    for (int i = 0; i < components.length; i++) {
      RecordComponent component = components[i];
      known.add(component.getName());
      Object fallback = SettingsMerge.get(component, defaults);
      JsonNode node = tree.get(component.getName());
      if (node == null) {
        arguments[i] = fallback;
        continue;
      }
      SourceLocation where = at(file, component.getName(), places);
      Object value = null;
      String notFinite = null;
      boolean fits;
      try {
        value = MAPPER.treeToValue(node, MAPPER.getTypeFactory().constructType(component.getGenericType()));
        // Jackson reads "NaN", "Infinity" and 1e999 into doubles without complaint.
        notFinite = FiniteNumbers.find(value).orElse(null);
        fits = notFinite == null;
      } catch (JacksonException | IllegalArgumentException e) {
        fits = false;
      }
      if (!fits) {
        String inside = notFinite == null || notFinite.isEmpty() ? "" : " (at " + notFinite + ")";
        warnings.add(warning("Overture/InvalidSetting", where, "\"" + component.getName() + "\" cannot be " + node + inside
            + " (expected " + describe(component.getType()) + "); the default " + fallback + " is used"));
        arguments[i] = fallback;
        continue;
      }
      SettingRange range = component.getAnnotation(SettingRange.class);
      if (range != null && value instanceof Number number) {
        double raw = number.doubleValue();
        double clamped = Math.max(range.min(), Math.min(range.max(), raw));
        if (clamped != raw) {
          Object fitted = component.getType() == int.class || component.getType() == Integer.class ? (Object) (int) Math.round(clamped) : clamped;
          warnings.add(warning("Overture/SettingOutOfRange", where, "\"" + component.getName() + "\" is " + node + ", outside "
              + format(range.min()) + " to " + format(range.max()) + "; " + fitted + " is used"));
          value = fitted;
        }
      }
      arguments[i] = value;
    }
    for (String property : tree.propertyNames()) {
      if (!known.contains(property) && !property.equals("$schema")) {
        warnings.add(warning("Overture/UnknownProperty", at(file, property, places), "Unknown setting \"" + property
            + "\" was ignored (it is gone at the next save)").withChoices("known settings", known));
      }
    }
    try {
      Constructor<T> canonical = kind.type().getDeclaredConstructor(
          java.util.Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
      canonical.setAccessible(true);
      return canonical.newInstance(arguments);
    } catch (InvocationTargetException e) {
      warnings.add(warning("Overture/InvalidSetting", SourceLocation.ofFile(file), "The settings do not fit together ("
          + e.getCause().getMessage() + "); the defaults are used"));
      return defaults;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot build " + kind.type().getName(), e);
    }
  }

  /** Where each top-level property's value starts, for warnings. */
  private static Map<String, TokenStreamLocation> topLevelPlaces(byte[] bytes) {
    Map<String, TokenStreamLocation> places = new HashMap<>();
    try (JsonParser parser = MAPPER.createParser(bytes)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return places;
      }
      while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
        String property = parser.currentName();
        parser.nextToken();
        places.put(property, parser.currentTokenLocation());
        parser.skipChildren();
      }
    }
    return places;
  }

  private static SourceLocation at(String file, String property, Map<String, TokenStreamLocation> places) {
    TokenStreamLocation where = places.get(property);
    String pointer = "/" + property.replace("~", "~0").replace("/", "~1");
    return where == null ? SourceLocation.at(file, pointer) : new SourceLocation(file, where.getLineNr(), where.getColumnNr(), pointer);
  }

  private static String describe(Class<?> type) {
    if (type == boolean.class) {
      return "true or false";
    }
    if (type == int.class || type == long.class) {
      return "a whole number";
    }
    if (type == double.class || type == float.class || type == Double.class || type == Float.class) {
      return "a finite number";
    }
    if (type.isEnum()) {
      return "one of " + java.util.Arrays.toString(type.getEnumConstants());
    }
    if (type == String.class) {
      return "a string";
    }
    return "a " + type.getSimpleName();
  }

  private static String format(double value) {
    return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
  }

  private static Problem warning(String id, String file, String message) {
    return warning(id, SourceLocation.ofFile(file), message);
  }

  private static Problem warning(String id, SourceLocation where, String message) {
    return Problem.warning(id, message).at(where);
  }

  /** Moves a damaged file aside, to {@code <name>.<suffix>-N}, never overwriting. */
  private static Path setAside(Path file, String suffix) throws IOException {
    for (int n = 1; ; n++) {
      Path aside = file.resolveSibling(file.getFileName() + "." + suffix + "-" + n);
      // exists() is false both when the name is free and when it cannot be checked (the folder is
      // a file, say): then the move fails with the real cause instead of looping forever.
      if (!Files.exists(aside)) {
        Files.move(file, aside, StandardCopyOption.ATOMIC_MOVE);
        return aside;
      }
    }
  }
}
