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
 * they read alike. Every layout reads to {@link StableId}s; a null legacy id reads as {@link
 * StableId#NONE} (in an archive carrying the UniqueID version, the value {@link #LEGACY_NULL} is
 * that null; a legacy id whose value is 0 also reads as none, since 0 is no stable id).
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
   * What an id archive holds.
   *
   * @param header its header
   * @param layout the layout its values are in (an archive with both GUIDs is {@link
   *     Layout#LEGACY_V3}: it still carries legacy ids)
   * @param ids the ids, in order
   */
  public record Decoded(ArchiveHeader header, Layout layout, List<StableId> ids) {
    public Decoded {
      ids = List.copyOf(ids);
    }

    /** Whether it carries both the UniqueID and the StableId custom versions. */
    public boolean carriesBoth() {
      return header.version(UNIQUE_ID.guid()).isPresent() && header.version(STABLE_ID.guid()).isPresent();
    }
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
    if (stable != null && stable != 0) {
      throw new ArchiveFormatException(in.position(), "StableId version " + stable + " does not exist (only 0 does)");
    }
    if (unique != null && unique == 2) {
      if (stable != null) {
        throw new ArchiveFormatException(in.position(),
            "a UniqueID version 2 archive cannot also carry StableId (only version 3 can)");
      }
      if (header.version(OBJECT_VERSION.guid()).isEmpty()) {
        throw new ArchiveFormatException(in.position(), "a UniqueID version 2 archive must carry the Object Version custom version");
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
    List<StableId> ids = new ArrayList<>(in.remaining() / INT64_BYTES);
    boolean legacyNull = unique != null;
    while (!in.atEnd()) {
      long value = in.readInt64("id value");
      ids.add(legacyNull && value == LEGACY_NULL ? StableId.NONE : StableId.of(value));
    }
    if (unique != null && stable != null && ids.size() < 2) {
      throw new ArchiveFormatException(in.position(), "truncated: an archive carrying both UniqueID and StableId holds a value"
          + " of each, at least 2 ids; this one ends after " + ids.size());
    }
    return new Decoded(header, unique != null ? Layout.LEGACY_V3 : Layout.STABLE_ID, ids);
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
    if (decoded.ids().size() != 1) {
      throw new ArchiveFormatException(blob.length, decoded.ids().isEmpty()
          ? "truncated: the archive ends after its header, before its id"
          : "the archive holds " + decoded.ids().size() + " ids where one was expected");
    }
    return decoded;
  }

  private static List<StableId> readLegacyObjects(ArchiveReader in) {
    List<StableId> ids = new ArrayList<>();
    while (!in.atEnd()) {
      if (in.readBool32("bIsNull")) {
        ids.add(StableId.NONE);
        continue;
      }
      in.readFString("ClassPath");
      in.readFString("ObjectName");
      ids.add(StableId.of(in.readInt64("UUniqueID value")));
    }
    return ids;
  }

  /** {@code ids} in {@code layout}, with Overture's package file versions. */
  public static byte[] encode(Layout layout, List<StableId> ids) {
    return encode(layout, ids, ArchiveHeader.FILE_VERSION_UE4, ArchiveHeader.FILE_VERSION_UE5);
  }

  /**
   * {@code ids} in {@code layout}, with the given package file versions (a migration keeps the
   * original archive's). Legacy v2 objects are named {@code UniqueID_<n>}, n counting from 0.
   */
  public static byte[] encode(Layout layout, List<StableId> ids, int fileVersionUE4, int fileVersionUE5) {
    Objects.requireNonNull(layout, "layout");
    ArchiveWriter out = new ArchiveWriter();
    switch (layout) {
      case LEGACY_V2 -> {
        new ArchiveHeader(fileVersionUE4, fileVersionUE5, List.of(
                new ArchiveHeader.Entry(OBJECT_VERSION.guid(), 0), new ArchiveHeader.Entry(UNIQUE_ID.guid(), 2)))
            .write(out);
        for (int i = 0; i < ids.size(); i++) {
          StableId id = ids.get(i);
          out.writeBool32(id.isNone());
          if (!id.isNone()) {
            out.writeFString(LEGACY_CLASS_PATH).writeFString("UniqueID_" + i).writeInt64(id.value());
          }
        }
      }
      case LEGACY_V3 -> {
        new ArchiveHeader(fileVersionUE4, fileVersionUE5, List.of(new ArchiveHeader.Entry(UNIQUE_ID.guid(), 3))).write(out);
        ids.forEach(id -> out.writeInt64(id.isNone() ? LEGACY_NULL : id.value()));
      }
      case STABLE_ID -> {
        new ArchiveHeader(fileVersionUE4, fileVersionUE5, List.of(new ArchiveHeader.Entry(STABLE_ID.guid(), 0))).write(out);
        ids.forEach(id -> out.writeInt64(id.value()));
      }
    }
    return out.toByteArray();
  }
}
