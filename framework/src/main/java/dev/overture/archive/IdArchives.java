package dev.overture.archive;

import dev.overture.id.StableId;
import dev.overture.version.CustomVersion;
import dev.overture.version.CustomVersionRegistry;
import dev.overture.version.Guid;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Archives holding ids, in the seed's three layouts, byte for byte. Each starts with an {@link
 * ArchiveHeader}; the custom versions say which layout follows:
 *
 * <pre>
 * legacy v2   ObjectVersion 0, UniqueID 2   then per id: bool32 bIsNull; when 0: FString class path,
 *                                            FString object name, int64 value
 * legacy v3   UniqueID 3                     then per id: int64 value (null: 0x8000000000000000)
 * StableId v0 StableId 0                     then per id: int64 value (none: 0)
 * </pre>
 *
 * An archive may hold several ids, and may carry both the UniqueID (version 3) and the StableId
 * GUIDs, as the seed allows for a struct with properties of both types: both store an int64, so
 * they read alike.
 *
 * <p>Each id reads as a {@link Value}: null, or a value. What is null depends on the layout, as the
 * seed says: v2's {@code bIsNull}, v3's {@link #LEGACY_NULL}, StableId's 0. So a v2 id may hold
 * {@link #LEGACY_NULL} as a real value (it cannot become v3), and a v2 or v3 id may hold 0 as a real
 * value (it cannot become a StableId); {@link #encodeValues} refuses both rather than turn a real
 * id into null. In an archive carrying both GUIDs, {@link #LEGACY_NULL} and 0 both read as null
 * (each is null to one of the two types, and the reader cannot tell which wrote it); written as a
 * StableId, either is 0 again, so nothing is lost.
 *
 * <p><b>Truncation.</b> The layouts have no count and no length: an archive ends where its last id
 * ends, and a list of ids may be empty. A cut inside a field is always refused. A cut between two
 * ids cannot be told from a shorter list, except where the number of ids is known: an archive of
 * one id (the seed's single property, "the value is stored in the trailing 8 bytes") is read with
 * {@link #decodeOne}, which refuses any other count; an archive carrying both GUIDs (a struct with
 * a property of each type) holds at least two. This is why the world store keeps each blob whole in
 * one column, written in one transaction.
 *
 * <p>Stateless; thread-safe.
 */
public final class IdArchives {

  /** Unreal's Object Version custom version, which legacy v2 archives carry at version 0. */
  public static final CustomVersion OBJECT_VERSION =
      new CustomVersion(new Guid(0xDEADBEEF, 0xBAFECA0F, 0xABCFFBCA, 0x4321ABCD), 0, "ObjectVersion");

  /** The legacy {@code UUniqueID} custom version: 2 (legacy) or 3 (new layout). */
  public static final CustomVersion UNIQUE_ID =
      new CustomVersion(new Guid(0xDEADBEEF, 0xBAFECA0F, 0xABCDDBCA, 0x1234ABCD), 3, "UniqueID");

  /** The {@code FStableId} custom version: only version 0 exists. */
  public static final CustomVersion STABLE_ID =
      new CustomVersion(new Guid(0x1879CF47, 0x330A4A93, 0x9008B587, 0x0BCC9475), 0, "StableId");

  /** The class path legacy v2 archives write for each id object. */
  public static final String LEGACY_CLASS_PATH = "/Script/UE4Dreamworld.UniqueID";

  /** The legacy v3 value of a null id. */
  public static final long LEGACY_NULL = Long.MIN_VALUE;

  private static final int INT64_BYTES = 8;

  private IdArchives() {}

  /** The layouts. */
  public enum Layout {
    /** {@code UUniqueID} v2: object metadata around each value. */
    LEGACY_V2,
    /** {@code UUniqueID} v3: the bare int64; null is {@link #LEGACY_NULL}. */
    LEGACY_V3,
    /** {@code FStableId} v0: the bare int64; none is 0. */
    STABLE_ID
  }

  /**
   * One id as an archive holds it: null, or a 64-bit value (which may be 0 or {@link #LEGACY_NULL}
   * in a legacy layout, where those are real ids).
   *
   * @param isNull whether it is null (then {@code value} is 0)
   * @param value the value
   */
  public record Value(boolean isNull, long value) {

    /** The null id. */
    public static final Value NULL = new Value(true, 0);

    public Value {
      if (isNull && value != 0) {
        throw new IllegalArgumentException("a null id has no value: " + value);
      }
    }

    /** The id whose value is {@code value} (not null, whatever the value). */
    public static Value of(long value) {
      return new Value(false, value);
    }

    /** {@code null}, or the value in decimal. */
    @Override
    public String toString() {
      return isNull ? "null" : Long.toString(value);
    }
  }

  /**
   * What an id archive holds.
   *
   * @param header its header
   * @param layout the layout its values are in (an archive with both GUIDs is {@link
   *     Layout#LEGACY_V3}: it still carries legacy ids)
   * @param values the ids as the archive holds them, in order
   */
  public record Decoded(ArchiveHeader header, Layout layout, List<Value> values) {
    public Decoded {
      values = List.copyOf(values);
    }

    /**
     * The ids as {@link StableId}s: null is {@link StableId#NONE}.
     *
     * @throws IllegalStateException when a legacy id's value is 0, a real id that a StableId cannot
     *     hold (0 is none there)
     */
    public List<StableId> ids() {
      List<StableId> ids = new ArrayList<>(values.size());
      for (Value value : values) {
        if (value.isNull()) {
          ids.add(StableId.NONE);
        } else if (value.value() == 0) {
          throw new IllegalStateException("UniqueID 0 is a real id in a " + describe(layout)
              + " archive, which a StableId cannot hold (0 is none there)");
        } else {
          ids.add(StableId.of(value.value()));
        }
      }
      return ids;
    }

    /** Whether it carries both the UniqueID and the StableId custom versions. */
    public boolean carriesBoth() {
      return header.version(UNIQUE_ID.guid()).isPresent() && header.version(STABLE_ID.guid()).isPresent();
    }
  }

  /** {@code UniqueID v2}, {@code UniqueID v3} or {@code StableId v0}. */
  public static String describe(Layout layout) {
    return switch (layout) {
      case LEGACY_V2 -> "UniqueID v2";
      case LEGACY_V3 -> "UniqueID v3";
      case STABLE_ID -> "StableId v0";
    };
  }

  /** Registers the three id custom versions (for friendly names and checks). */
  public static void registerTo(CustomVersionRegistry registry) {
    registry.register(OBJECT_VERSION);
    registry.register(UNIQUE_ID);
    registry.register(STABLE_ID);
  }

  /** Whether an archive with {@code header} holds ids (it names UniqueID or StableId). */
  public static boolean holdsIds(ArchiveHeader header) {
    return header.version(UNIQUE_ID.guid()).isPresent() || header.version(STABLE_ID.guid()).isPresent();
  }

  /**
   * Reads an id archive in any of the three layouts, written by this build or an older one.
   *
   * @throws ArchiveVersionException when a newer build wrote it (its package file versions are
   *     above {@link ArchiveHeader.FileVersions#CURRENT})
   * @throws ArchiveFormatException when it is truncated, inconsistent (a version no layout has,
   *     v2 together with StableId, bytes left over) or holds no ids
   */
  public static Decoded decode(byte[] blob) {
    return decode(blob, ArchiveHeader.FileVersions.CURRENT);
  }

  /**
   * {@link #decode(byte[])} for a build that reads package file versions up to {@code newest} (a
   * licensee build with its own licensee version).
   */
  public static Decoded decode(byte[] blob, ArchiveHeader.FileVersions newest) {
    Objects.requireNonNull(newest, "newest");
    ArchiveReader in = new ArchiveReader(blob);
    ArchiveHeader header = ArchiveHeader.read(in);
    header.checkFileVersions(newest);
    Integer unique = header.version(UNIQUE_ID.guid()).orElse(null);
    Integer stable = header.version(STABLE_ID.guid()).orElse(null);
    if (unique == null && stable == null) {
      throw new ArchiveFormatException(in.position(), "the archive holds no id: its custom versions name neither UniqueID nor StableId");
    }
    if (stable != null && stable > 0) {
      // A newer build's StableId layout, as a newer package version is: not corrupt, only not readable here.
      throw new ArchiveVersionException(header.entryVersionOffset(STABLE_ID.guid()), STABLE_ID.friendlyName(), stable, 0);
    }
    if (stable != null && stable != 0) {
      throw new ArchiveFormatException(in.position(), "StableId version " + stable + " does not exist (only 0 does)");
    }
    if (unique != null && unique > 3) {
      throw new ArchiveVersionException(header.entryVersionOffset(UNIQUE_ID.guid()), UNIQUE_ID.friendlyName(), unique, 3);
    }
    if (unique != null && unique == 2) {
      if (stable != null) {
        throw new ArchiveFormatException(in.position(),
            "a UniqueID version 2 archive cannot also carry StableId (only version 3 can)");
      }
      if (header.version(OBJECT_VERSION.guid()).isEmpty()) {
        throw new ArchiveFormatException(in.position(), "a UniqueID version 2 archive must carry the Object Version custom version");
      }
      int objectVersion = header.version(OBJECT_VERSION.guid()).get();
      if (objectVersion < 0) {
        // No build wrote it: a corrupt word, as a negative StableId version is.
        throw new ArchiveFormatException(header.entryVersionOffset(OBJECT_VERSION.guid()),
            "ObjectVersion " + objectVersion + " does not exist (versions 0 to " + OBJECT_VERSION.latest() + " do)");
      }
      if (objectVersion > OBJECT_VERSION.latest()) {
        // A newer build's object layout: reading its ids as version 0's would be a guess.
        throw new ArchiveVersionException(header.entryVersionOffset(OBJECT_VERSION.guid()), OBJECT_VERSION.friendlyName(),
            objectVersion, OBJECT_VERSION.latest());
      }
      return new Decoded(header, Layout.LEGACY_V2, readLegacyObjects(in));
    }
    if (unique != null && unique != 3) {
      throw new ArchiveFormatException(in.position(), "UniqueID version " + unique + " is not supported (2 and 3 are)");
    }
    if (in.remaining() % INT64_BYTES != 0) {
      throw new ArchiveFormatException(in.position(),
          in.remaining() + " bytes follow the header, which is not a whole number of 8-byte ids");
    }
    List<Value> values = new ArrayList<>(in.remaining() / INT64_BYTES);
    boolean legacy = unique != null;
    boolean carriesStable = stable != null;
    while (!in.atEnd()) {
      long value = in.readInt64("id value");
      boolean isNull = (legacy && value == LEGACY_NULL) || (carriesStable && value == 0);
      values.add(isNull ? Value.NULL : Value.of(value));
    }
    if (unique != null && stable != null && values.size() < 2) {
      throw new ArchiveFormatException(in.position(), "truncated: an archive carrying both UniqueID and StableId holds a value"
          + " of each, at least 2 ids; this one ends after " + values.size());
    }
    return new Decoded(header, legacy ? Layout.LEGACY_V3 : Layout.STABLE_ID, values);
  }

  /**
   * Reads an archive of exactly one id (one {@code UUniqueID} or {@code FStableId} property), as
   * {@link #decode(byte[])} does.
   *
   * @throws ArchiveFormatException as {@link #decode(byte[])} does, and when it holds no id (it
   *     was cut after its header) or more than one
   */
  public static Decoded decodeOne(byte[] blob) {
    Decoded decoded = decode(blob);
    if (decoded.values().size() != 1) {
      throw new ArchiveFormatException(blob.length, decoded.values().isEmpty()
          ? "truncated: the archive ends after its header, before its id"
          : "the archive holds " + decoded.values().size() + " ids where one was expected");
    }
    return decoded;
  }

  private static String which(int index, int count) {
    return count == 1 ? "its id" : "id " + (index + 1) + " of " + count;
  }

  private static List<Value> readLegacyObjects(ArchiveReader in) {
    List<Value> values = new ArrayList<>();
    while (!in.atEnd()) {
      if (in.readBool32("bIsNull")) {
        values.add(Value.NULL);
        continue;
      }
      int at = in.position();
      String classPath = in.readFString("ClassPath");
      if (!classPath.equals(LEGACY_CLASS_PATH)) {
        // The seed's layout names this one class; what the writer would not write is not read as an id.
        throw new ArchiveFormatException(at, "ClassPath is \"" + classPath + "\", not " + LEGACY_CLASS_PATH + " (a UniqueID's class)");
      }
      in.readFString("ObjectName");
      values.add(Value.of(in.readInt64("UUniqueID value")));
    }
    return values;
  }

  /**
   * {@code decoded}'s ids in {@code layout}, as a migration rewrites an archive: its package file
   * versions are kept, and so is every custom version it carries besides the id ones (a licensee's,
   * a mod's), after the layout's own, in their order. Only Object Version, UniqueID and StableId are
   * the layout's to write.
   *
   * @throws IllegalArgumentException as {@link #encodeValues} does
   */
  public static byte[] reencode(Layout layout, Decoded decoded) {
    ArchiveHeader header = decoded.header();
    byte[] written = encodeValues(layout, decoded.values(), header.fileVersionUE4(), header.fileVersionUE5());
    List<ArchiveHeader.Entry> others = new ArrayList<>();
    for (ArchiveHeader.Entry entry : header.customVersions()) {
      Guid guid = entry.guid();
      if (!guid.equals(OBJECT_VERSION.guid()) && !guid.equals(UNIQUE_ID.guid()) && !guid.equals(STABLE_ID.guid())) {
        others.add(entry);
      }
    }
    if (others.isEmpty()) {
      return written;
    }
    ArchiveReader in = new ArchiveReader(written);
    List<ArchiveHeader.Entry> entries = new ArrayList<>(ArchiveHeader.read(in).customVersions());
    entries.addAll(others);
    ArchiveWriter out = new ArchiveWriter();
    new ArchiveHeader(header.fileVersionUE4(), header.fileVersionUE5(), entries).write(out);
    return out.writeBytes(java.util.Arrays.copyOfRange(written, in.position(), written.length)).toByteArray();
  }

  /**
   * {@code ids} in {@code layout}, with Overture's package file versions; {@link StableId#NONE} is
   * the layout's null.
   *
   * @throws IllegalArgumentException when an id's value is the layout's null (a StableId of {@link
   *     #LEGACY_NULL} in v3)
   */
  public static byte[] encode(Layout layout, List<StableId> ids) {
    List<Value> values = new ArrayList<>(ids.size());
    ids.forEach(id -> values.add(id.isNone() ? Value.NULL : Value.of(id.value())));
    return encodeValues(layout, values, ArchiveHeader.FILE_VERSION_UE4, ArchiveHeader.FILE_VERSION_UE5);
  }

  /**
   * {@code values} in {@code layout}, with the given package file versions (a migration keeps the
   * original archive's). Legacy v2 objects are named {@code UniqueID_<n>}, n counting from 0.
   *
   * @throws IllegalArgumentException when a value that is not null is what the layout reads as null
   *     ({@link #LEGACY_NULL} in v3, 0 in StableId): written, it would come back as null
   */
  public static byte[] encodeValues(Layout layout, List<Value> values, int fileVersionUE4, int fileVersionUE5) {
    Objects.requireNonNull(layout, "layout");
    for (int i = 0; i < values.size(); i++) {
      Value value = values.get(i);
      if (!value.isNull() && layout == Layout.LEGACY_V3 && value.value() == LEGACY_NULL) {
        throw new IllegalArgumentException(which(i, values.size()) + " has the value " + LEGACY_NULL
            + " (the smallest 64-bit integer), which UniqueID v3 reads as null");
      }
      if (!value.isNull() && layout == Layout.STABLE_ID && value.value() == 0) {
        throw new IllegalArgumentException(which(i, values.size()) + " has the value 0, a real legacy id, which StableId v0 reads"
            + " as none");
      }
    }
    ArchiveWriter out = new ArchiveWriter();
    switch (layout) {
      case LEGACY_V2 -> {
        new ArchiveHeader(fileVersionUE4, fileVersionUE5, List.of(
                new ArchiveHeader.Entry(OBJECT_VERSION.guid(), 0), new ArchiveHeader.Entry(UNIQUE_ID.guid(), 2)))
            .write(out);
        for (int i = 0; i < values.size(); i++) {
          Value value = values.get(i);
          out.writeBool32(value.isNull());
          if (!value.isNull()) {
            out.writeFString(LEGACY_CLASS_PATH).writeFString("UniqueID_" + i).writeInt64(value.value());
          }
        }
      }
      case LEGACY_V3 -> {
        new ArchiveHeader(fileVersionUE4, fileVersionUE5, List.of(new ArchiveHeader.Entry(UNIQUE_ID.guid(), 3))).write(out);
        values.forEach(value -> out.writeInt64(value.isNull() ? LEGACY_NULL : value.value()));
      }
      case STABLE_ID -> {
        new ArchiveHeader(fileVersionUE4, fileVersionUE5, List.of(new ArchiveHeader.Entry(STABLE_ID.guid(), 0))).write(out);
        values.forEach(value -> out.writeInt64(value.isNull() ? 0 : value.value()));
      }
    }
    return out.toByteArray();
  }
}
