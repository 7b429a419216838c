package dev.overture.archive;

import dev.overture.version.CustomVersion;
import dev.overture.version.CustomVersionRegistry;
import dev.overture.version.Guid;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The start of every archive: the package file versions (the UE4 and UE5 words) and the custom
 * version container (a count, then a GUID and an int32 version per entry), as the seed's diagrams
 * lay them out:
 *
 * <pre>
 * int32 FileVersionUE4
 * int32 FileVersionUE5
 * int32 CustomVersionCount
 * CustomVersionCount x { GUID (4 x int32), int32 Version }
 * </pre>
 *
 * <p>Immutable.
 *
 * @param fileVersionUE4 the UE4 package file version word
 * @param fileVersionUE5 the UE5 package file version word
 * @param customVersions the custom versions, in the order written
 */
public record ArchiveHeader(int fileVersionUE4, int fileVersionUE5, List<Entry> customVersions) {

  /** The UE4 package file version Overture writes. */
  public static final int FILE_VERSION_UE4 = 522;

  /** The UE5 package file version Overture writes. */
  public static final int FILE_VERSION_UE5 = 1009;

  /** The size of one custom version entry: a GUID and an int32. */
  static final int ENTRY_BYTES = 20;

  /**
   * One custom version of the container.
   *
   * @param guid the system
   * @param version its version the archive was written with
   */
  public record Entry(Guid guid, int version) {
    public Entry {
      Objects.requireNonNull(guid, "guid");
    }
  }

  public ArchiveHeader {
    customVersions = List.copyOf(customVersions);
  }

  /** A header with Overture's package file versions and {@code entries}. */
  public static ArchiveHeader of(Entry... entries) {
    return new ArchiveHeader(FILE_VERSION_UE4, FILE_VERSION_UE5, List.of(entries));
  }

  /** The version the container gives {@code guid}, if it has it. */
  public Optional<Integer> version(Guid guid) {
    for (Entry entry : customVersions) {
      if (entry.guid.equals(guid)) {
        return Optional.of(entry.version);
      }
    }
    return Optional.empty();
  }

  /**
   * Reads a header. The count is checked against the bytes left before any entry is read.
   *
   * @throws ArchiveFormatException when it is truncated, the count is negative or too large, or
   *     a GUID appears twice
   */
  public static ArchiveHeader read(ArchiveReader in) {
    int ue4 = in.readInt32("FileVersionUE4");
    int ue5 = in.readInt32("FileVersionUE5");
    int at = in.position();
    int count = in.readInt32("CustomVersionCount");
    if (count < 0) {
      throw new ArchiveFormatException(at, "CustomVersionCount is negative: " + count);
    }
    if ((long) count * ENTRY_BYTES > in.remaining()) {
      throw new ArchiveFormatException(at,
          "truncated: CustomVersionCount " + count + " needs " + (long) count * ENTRY_BYTES + " bytes, " + in.remaining() + " left");
    }
    List<Entry> entries = new ArrayList<>(count);
    Set<Guid> seen = new HashSet<>();
    for (int i = 0; i < count; i++) {
      int entryAt = in.position();
      Guid guid = in.readGuid("custom version " + i + " GUID");
      int version = in.readInt32("custom version " + i + " Version");
      if (!seen.add(guid)) {
        throw new ArchiveFormatException(entryAt, "custom version " + guid.toWordString() + " appears twice in the container");
      }
      entries.add(new Entry(guid, version));
    }
    return new ArchiveHeader(ue4, ue5, entries);
  }

  /** Writes the header. */
  public void write(ArchiveWriter out) {
    out.writeInt32(fileVersionUE4).writeInt32(fileVersionUE5).writeInt32(customVersions.size());
    for (Entry entry : customVersions) {
      out.writeGuid(entry.guid).writeInt32(entry.version);
    }
  }

  /**
   * What {@code registry} says of each custom version: its friendly name, and whether the archive's
   * version is newer than the registered latest (a newer build wrote it) or unknown.
   */
  public List<String> describe(CustomVersionRegistry registry) {
    List<String> lines = new ArrayList<>();
    for (Entry entry : customVersions) {
      Optional<CustomVersion> known = registry.find(entry.guid);
      String name = known.map(CustomVersion::friendlyName).orElse("(not registered)");
      String note = known.isPresent() && entry.version > known.get().latest()
          ? " (newer than this build's " + known.get().latest() + ")"
          : "";
      lines.add(entry.guid.toWordString() + " " + name + " version " + entry.version + note);
    }
    return lines;
  }

  /**
   * Refuses an archive this build cannot read: a custom version newer than the registered latest.
   *
   * @throws ArchiveFormatException naming the system and both versions
   */
  public void checkReadable(CustomVersionRegistry registry) {
    for (Entry entry : customVersions) {
      Optional<CustomVersion> known = registry.find(entry.guid);
      if (known.isPresent() && entry.version > known.get().latest()) {
        throw new ArchiveFormatException(0,
            "written with " + known.get().friendlyName() + " version " + entry.version + "; this build reads up to "
                + known.get().latest());
      }
    }
  }
}
