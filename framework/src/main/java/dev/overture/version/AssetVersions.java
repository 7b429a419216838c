package dev.overture.version;

import dev.overture.core.DataException;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import dev.overture.internal.Choices;
import dev.overture.internal.Failures;
import dev.overture.internal.FiniteNumbers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the asset loader knows about versions: the running build's engine version (and the
 * compatible version it stamps), the custom versions each asset class is written with, and the
 * upgrade steps between their versions. {@link #plan} decides, from a file's {@link
 * VersionHeader}, whether the file can be read, and what turns it into the current format.
 *
 * <p><b>Rules.</b>
 *
 * <ul>
 *   <li>A file whose compatible version is newer than this build ({@link
 *       EngineVersion#isCompatibleWith}) is refused, and so is a file saved with a custom version
 *       newer than the registered latest, or with a custom version this build does not have. A
 *       refused file is never rewritten.
 *   <li>A file saved with an older custom version goes through the registered steps of that system,
 *       in version order, before it is bound. Systems are upgraded in the order they were
 *       registered.
 *   <li>A custom version the header does not name (the class started using it after the file was
 *       saved) counts as version 0.
 *   <li>A file without a header was written by hand, for the build reading it: it is read at each
 *       system's latest version, or at the version given by {@link Builder#readUnversionedAs}, which
 *       a team sets when it bumps a version while hand-written files of the old format exist.
 *   <li>A file saved by a build without a changelist (changelist 0) is read, since such a version
 *       is compatible with every version, but {@link #warnings} reports it ({@value
 *       #ZERO_CHANGELIST}): the seed calls such versions unsuitable for data saved to disk. {@link
 *       Builder#zeroChangelistWarning} turns the warning off, as Unreal's {@code
 *       ZeroEngineVersionWarning=0} does.
 *   <li>An upgrade step that fails, or leaves a number that is not finite (an overflow), stops the
 *       upgrade with a {@link DataException} at the value's pointer ({@value #UPGRADE_FAILED}).
 * </ul>
 *
 * <p>Immutable once built; safe to share between threads.
 */
public final class AssetVersions {

  /** The problem id of {@link #warnings}: data saved by a build whose changelist is 0. */
  public static final String ZERO_CHANGELIST = "Overture/ZeroChangelist";

  /** The problem id of an upgrade step that failed or overflowed. */
  public static final String UPGRADE_FAILED = "Overture/UpgradeFailed";

  private final EngineVersion current;
  private final EngineVersion compatible;
  private final List<CustomVersion> versions;
  private final Map<Guid, CustomVersion> byGuid;
  private final Map<Guid, Integer> unversionedAs;
  private final Map<Guid, Set<Class<?>>> usedBy;
  /**
   * {@link #usedBy(Class)}, worked out once per class: it is asked for every file bound, and walking every
   * version's classes each time showed in the profiles of a 10,000-file load (an iterator a file).
   * The lists hold only this build's versions, so a plugin's class keeps nothing of the plugin alive.
   */
  private final ClassValue<List<CustomVersion>> usedByClass =
      new ClassValue<>() {
        @Override
        protected List<CustomVersion> computeValue(Class<?> assetClass) {
          List<CustomVersion> used = new ArrayList<>();
          for (CustomVersion version : versions) {
            for (Class<?> user : usedBy.getOrDefault(version.guid(), Set.of())) {
              if (user.isAssignableFrom(assetClass)) {
                used.add(version);
                break;
              }
            }
          }
          return List.copyOf(used);
        }
      };
  private final List<UpgradeStep> steps;
  private final boolean zeroChangelistWarning;

  private AssetVersions(Builder builder) {
    this.zeroChangelistWarning = builder.zeroChangelistWarning;
    this.current = builder.current;
    this.compatible = builder.compatible;
    this.versions = builder.registry.all();
    Map<Guid, CustomVersion> guids = new LinkedHashMap<>();
    versions.forEach(version -> guids.put(version.guid(), version));
    this.byGuid = Collections.unmodifiableMap(guids);
    this.unversionedAs = Map.copyOf(builder.unversionedAs);
    Map<Guid, Set<Class<?>>> uses = new LinkedHashMap<>();
    builder.usedBy.forEach((guid, classes) -> uses.put(guid, Set.copyOf(classes)));
    this.usedBy = Collections.unmodifiableMap(uses);
    List<UpgradeStep> sorted = new ArrayList<>(builder.steps);
    sorted.sort(Comparator.comparingInt(UpgradeStep::toVersion));
    this.steps = List.copyOf(sorted);
  }

  /** No engine version (compatible with everything), no custom versions. */
  public static AssetVersions none() {
    return builder().build();
  }

  /** A builder with the unknown engine version and no custom versions. */
  public static Builder builder() {
    return new Builder();
  }

  /** The running build's engine version, stamped on what it saves. */
  public EngineVersion current() {
    return current;
  }

  /** The oldest engine version that can read what this build saves. */
  public EngineVersion compatible() {
    return compatible;
  }

  /** Every registered custom version, in registration order. */
  public List<CustomVersion> customVersions() {
    return versions;
  }

  /** The custom versions files of {@code assetClass} are written with, in registration order. */
  public List<CustomVersion> usedBy(Class<?> assetClass) {
    // No class uses a custom version (a game that versions nothing of its own): nothing to look up.
    return usedBy.isEmpty() ? List.of() : usedByClass.get(assetClass);
  }

  /** The header this build writes on an asset of {@code assetClass}. */
  public VersionHeader headerFor(Class<?> assetClass) {
    List<VersionHeader.Entry> entries = new ArrayList<>();
    for (CustomVersion version : usedBy(assetClass)) {
      entries.add(new VersionHeader.Entry(version.guid(), version.friendlyName(), version.latest()));
    }
    return new VersionHeader(current, compatible, entries);
  }

  /**
   * Whether a file of {@code assetClass} with {@code header} (null: none) can be read, and how it
   * becomes current.
   *
   * @throws DataException refusing it: {@code Overture/NewerEngine}, {@code
   *     Overture/NewerCustomVersion} or {@code Overture/UnknownCustomVersion}, with the pointer of
   *     the header entry at fault
   */
  public Upgrade plan(VersionHeader header, Class<?> assetClass) {
    Objects.requireNonNull(assetClass, "assetClass");
    if (header != null) {
      refuseWhatCannotBeRead(header);
    }
    List<CustomVersion> used = usedBy(assetClass);
    if (used.isEmpty()) {
      return Upgrade.NONE;
    }
    List<Upgrade.Change> changes = new ArrayList<>();
    List<UpgradeStep> toRun = new ArrayList<>();
    for (CustomVersion version : used) {
      int from = header == null
          ? unversionedAs.getOrDefault(version.guid(), version.latest())
          : header.version(version.guid()).orElse(0);
      if (from >= version.latest()) {
        continue;
      }
      List<String> described = new ArrayList<>();
      for (UpgradeStep step : steps) {
        if (step.customVersion().guid().equals(version.guid()) && step.toVersion() > from
            && step.assetClass().isAssignableFrom(assetClass)) {
          toRun.add(step);
          described.add(step.description());
        }
      }
      changes.add(new Upgrade.Change(version, from, version.latest(), described));
    }
    return new Upgrade(changes, toRun);
  }

  /**
   * What to warn about in a file this build reads with {@code header} (null: none), located at
   * {@code file} and the header entry at fault: a version with changelist 0 ({@value
   * #ZERO_CHANGELIST}), which the seed calls unsuitable for saved data. Such a file still loads:
   * changelist 0 is compatible with everything. Empty when the warning is turned off.
   */
  public List<Problem> warnings(VersionHeader header, String file) {
    Objects.requireNonNull(file, "file");
    if (header == null || !zeroChangelistWarning) {
      return List.of();
    }
    String field;
    EngineVersion version;
    if (!header.savedBy().hasChangelist()) {
      field = "engine";
      version = header.savedBy();
    } else if (!header.compatibleWith().hasChangelist()) {
      field = "compatible";
      version = header.compatibleWith();
    } else {
      return List.of();
    }
    return List.of(Problem.warning(ZERO_CHANGELIST,
            "Saved with engine version " + version.toDisplayString() + ", whose changelist is 0: such a version counts as"
                + " compatible with every version, which eases engine development but is unsuitable for data saved to"
                + " disk; save content with a promoted build, so it records its real version and no data is lost")
        .at(SourceLocation.at(file, "/" + VersionHeader.FIELD + "/" + field)));
  }

  private void refuseWhatCannotBeRead(VersionHeader header) {
    if (!current.isCompatibleWith(header.compatibleWith())) {
      boolean ownCompatible = !header.compatibleWith().equals(header.savedBy());
      throw new DataException("Overture/NewerEngine", "/" + VersionHeader.FIELD + (ownCompatible ? "/compatible" : "/engine"),
          "Saved by engine " + header.savedBy().toDisplayString() + ", which needs " + header.compatibleWith().toDisplayString()
              + " or newer to read it; this build is " + current.toDisplayString()
              + " (the file is left as it is)");
    }
    for (int i = 0; i < header.custom().size(); i++) {
      VersionHeader.Entry entry = header.custom().get(i);
      String at = "/" + VersionHeader.FIELD + "/custom/" + i;
      CustomVersion known = byGuid.get(entry.guid());
      if (known == null) {
        throw new DataException("Overture/UnknownCustomVersion", at,
            "Saved with custom version " + entry.name() + " " + entry.version() + " (" + entry.guid()
                + "), which this build does not have (the file is left as it is)",
            "registered", Choices.closest(entry.name(), versions.stream().map(CustomVersion::friendlyName).toList()));
      }
      if (entry.version() > known.latest()) {
        throw new DataException("Overture/NewerCustomVersion", at + "/version",
            "Saved with " + known.friendlyName() + " version " + entry.version() + "; this build reads "
                + known.friendlyName() + " up to version " + known.latest() + " (the file is left as it is)");
      }
    }
  }

  @Override
  public String toString() {
    return "AssetVersions[engine " + current + ", " + versions.size() + " custom versions, " + steps.size() + " upgrade steps]";
  }

  /**
   * What turns one file into the current format: for each system, from which version to which,
   * and the steps to run. Immutable; {@link #apply} changes the JSON it is given.
   */
  public static final class Upgrade {

    /**
     * One system's part.
     *
     * @param version the system
     * @param from the version the file is at
     * @param to the version it ends at (the latest)
     * @param steps what each step does, in order
     */
    public record Change(CustomVersion version, int from, int to, List<String> steps) {
      public Change {
        steps = List.copyOf(steps);
      }

      @Override
      public String toString() {
        return version.friendlyName() + " " + from + " -> " + to + (steps.isEmpty() ? "" : ": " + String.join("; ", steps));
      }
    }

    /** A file already current: what a file of a class no system versions always gets. */
    static final Upgrade NONE = new Upgrade(List.of(), List.of());

    private final List<Change> changes;
    private final List<UpgradeStep> steps;

    Upgrade(List<Change> changes, List<UpgradeStep> steps) {
      this.changes = List.copyOf(changes);
      this.steps = List.copyOf(steps);
    }

    /** Whether the file is already current. */
    public boolean isEmpty() {
      return changes.isEmpty();
    }

    /** Each system's change, in registration order. */
    public List<Change> changes() {
      return changes;
    }

    /**
     * Runs the steps on {@code asset} (without its header), in order.
     *
     * @throws DataException {@value AssetVersions#UPGRADE_FAILED}, at the pointer of the value at
     *     fault (relative to the asset), naming the step, when a step throws or leaves a number that
     *     is not finite (a unit conversion that overflowed); the asset is then partly upgraded and
     *     must be dropped
     */
    public void apply(ObjectNode asset) {
      for (UpgradeStep step : steps) {
        String name = "The upgrade step \"" + step.description() + "\" (" + step.customVersion().friendlyName() + " "
            + (step.toVersion() - 1) + " -> " + step.toVersion() + ")";
        try {
          step.upgrade().upgrade(asset);
        } catch (DataException e) {
          throw new DataException(UPGRADE_FAILED, e.pointer(), name + " failed: " + e.getMessage());
        } catch (StackOverflowError e) {
          // A step that walks the tree without end: its own failure, not the JVM's.
          throw new DataException(UPGRADE_FAILED, "", name + " failed: " + Failures.describe(e));
        } catch (VirtualMachineError e) {
          throw e;
        } catch (RuntimeException | Error e) {
          throw new DataException(UPGRADE_FAILED, "", name + " failed: " + Failures.describe(e));
        }
        String overflow = FiniteNumbers.findInTree(asset);
        if (overflow != null) {
          throw new DataException(UPGRADE_FAILED, overflow,
              name + " made " + overflow + " " + asset.at(overflow).doubleValue() + ", which is not a finite number ("
                  + (Double.isNaN(asset.at(overflow).doubleValue()) ? "the conversion has no value there" : "the conversion overflowed")
                  + ")");
        }
      }
    }

    /**
     * Where the value at {@code pointer} of the upgraded asset is in the file as saved: each step's
     * {@link JsonUpgrade#pointerBefore}, the last step first (a field a step renamed is found under
     * its old name).
     */
    public String pointerBefore(String pointer) {
      String at = pointer;
      for (int i = steps.size() - 1; i >= 0; i--) {
        at = steps.get(i).upgrade().pointerBefore(at);
      }
      return at;
    }

    @Override
    public String toString() {
      return changes.isEmpty() ? "current" : changes.toString();
    }
  }

  /** Configures {@link AssetVersions}. Not thread-safe. */
  public static final class Builder {
    private EngineVersion current = EngineVersion.UNKNOWN;
    private EngineVersion compatible = EngineVersion.UNKNOWN;
    private boolean engineSet;
    private final CustomVersionRegistry registry = new CustomVersionRegistry();
    private final Map<Guid, Set<Class<?>>> usedBy = new LinkedHashMap<>();
    private final Map<Guid, Integer> unversionedAs = new LinkedHashMap<>();
    private final List<UpgradeStep> steps = new ArrayList<>();
    private boolean zeroChangelistWarning = true;

    private Builder() {}

    /**
     * Whether {@link AssetVersions#warnings} reports data saved with changelist 0 (on by default),
     * like Unreal's {@code ZeroEngineVersionWarning} in {@code [Core.System]}.
     */
    public Builder zeroChangelistWarning(boolean on) {
      zeroChangelistWarning = on;
      return this;
    }

    /** The running build's version and the oldest that can read what it saves. */
    public Builder engine(EngineVersion newCurrent, EngineVersion newCompatible) {
      if (engineSet) {
        throw new IllegalStateException("the engine version was already set to " + current);
      }
      current = Objects.requireNonNull(newCurrent, "current");
      compatible = Objects.requireNonNull(newCompatible, "compatible");
      engineSet = true;
      return this;
    }

    /** The versions of the build version file. */
    public Builder engine(BuildVersion build) {
      return engine(build.engineVersion(), build.compatibleVersion());
    }

    /**
     * Registers {@code version}, used by files of {@code assetClasses} (and their subclasses).
     *
     * @throws IllegalArgumentException when its GUID or name is already registered
     */
    public Builder customVersion(CustomVersion version, Class<?>... assetClasses) {
      // The classes are checked first: a call that fails changes nothing, so it can be made again.
      Set<Class<?>> classes = new LinkedHashSet<>();
      for (Class<?> type : Objects.requireNonNull(assetClasses, "assetClasses")) {
        classes.add(Objects.requireNonNull(type, "assetClass"));
      }
      registry.register(version);
      usedBy.put(version.guid(), classes);
      return this;
    }

    /**
     * Reads files without a header at {@code version} of {@code customVersion} instead of its
     * latest: set it when bumping a version while hand-written files of the old format exist.
     */
    public Builder readUnversionedAs(CustomVersion customVersion, int version) {
      requireRegistered(customVersion);
      if (version < 0 || version > customVersion.latest()) {
        throw new IllegalArgumentException(
            "unversioned files of " + customVersion.friendlyName() + " can be read as 0 to " + customVersion.latest() + ", not " + version);
      }
      unversionedAs.put(customVersion.guid(), version);
      return this;
    }

    /**
     * Registers an upgrade step.
     *
     * @throws IllegalArgumentException when its custom version is not registered (or registered
     *     with another latest), its asset class does not use it, or a step for the same version and
     *     class exists
     */
    public Builder upgrade(UpgradeStep step) {
      requireRegistered(step.customVersion());
      boolean used = usedBy.get(step.customVersion().guid()).stream().anyMatch(type -> type.isAssignableFrom(step.assetClass()));
      if (!used) {
        throw new IllegalArgumentException(
            "An upgrade step of " + step.customVersion().friendlyName() + " is for " + step.assetClass().getSimpleName()
                + ", which does not use that custom version (it is used by "
                + usedBy.get(step.customVersion().guid()).stream().map(Class::getSimpleName).toList() + ")");
      }
      for (UpgradeStep existing : steps) {
        if (existing.customVersion().guid().equals(step.customVersion().guid()) && existing.toVersion() == step.toVersion()
            && existing.assetClass() == step.assetClass()) {
          throw new IllegalArgumentException(
              "Two upgrade steps lead " + step.assetClass().getSimpleName() + " to " + step.customVersion().friendlyName()
                  + " version " + step.toVersion() + ": \"" + existing.description() + "\" and \"" + step.description() + "\"");
        }
      }
      steps.add(step);
      return this;
    }

    private void requireRegistered(CustomVersion version) {
      CustomVersion registered = registry.find(version.guid()).orElse(null);
      if (registered == null) {
        throw new IllegalArgumentException(
            "Custom version " + version.friendlyName() + " is not registered; register it with customVersion(...) first");
      }
      if (!registered.equals(version)) {
        throw new IllegalArgumentException("Custom version " + version + " differs from the registered " + registered);
      }
    }

    /** The versions. */
    public AssetVersions build() {
      return new AssetVersions(this);
    }
  }
}
