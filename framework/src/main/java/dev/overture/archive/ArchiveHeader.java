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
 * <p><b>Version words.</b> An archive written by a newer build is refused ({@link
 * #checkFileVersions}, {@link #checkReadable}): a UE4 or UE5 word above the one this build writes,
 * or a licensee file version above this build's. The seed's layout has no word of its own for the
 * licensee version (Unreal's {@code FileVersionLicenseeUE}), and its archives must stay byte for
 * byte as they are, so a licensee build records its version as the custom version {@link
 * #LICENSEE_FILE_VERSION} in the container; an archive without that entry is at licensee version 0.
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

  /** Where the first custom version entry starts: after the two file version words and the count. */
  private static final int FIRST_ENTRY = 12;

  /**
   * The licensee package file version (Unreal's {@code FileVersionLicenseeUE}, the counterpart of
   * {@code EUnrealEngineObjectLicenseeUEVersion}), carried in the custom version container.
   * Overture itself is at licensee version 0 and writes no entry.
   */
  public static final CustomVersion LICENSEE_FILE_VERSION =
      new CustomVersion(Guid.parse("4F7A2C19-5B3E-4D81-A6C0-9E1D2B3F4A57"), 0, "FileVersionLicenseeUE");

  /**
   * The newest package file versions a build reads: the ones it writes.
   *
   * @param ue4 FileVersionUE4
   * @param ue5 FileVersionUE5
   * @param licensee FileVersionLicenseeUE
   */
  public record FileVersions(int ue4, int ue5, int licensee) {

    /** What this build of Overture writes and reads: UE4 522, UE5 1009, licensee 0. */
    public static final FileVersions CURRENT = new FileVersions(FILE_VERSION_UE4, FILE_VERSION_UE5, 0);
  }

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

  /** The licensee package file version: its container entry's, 0 without one. */
  public int fileVersionLicensee() {
    return version(LICENSEE_FILE_VERSION.guid()).orElse(0);
  }

  /**
   * Refuses an archive whose package file versions are newer than {@code newest}: the UE4 word,
   * then the UE5 word, then the licensee version.
   *
   * @throws ArchiveVersionException naming the word, the archive's value and {@code newest}'s, at
   *     the word's byte
   */
  public void checkFileVersions(FileVersions newest) {
    if (fileVersionUE4 > newest.ue4()) {
      throw new ArchiveVersionException(0, "FileVersionUE4", fileVersionUE4, newest.ue4());
    }
    if (fileVersionUE5 > newest.ue5()) {
      throw new ArchiveVersionException(4, "FileVersionUE5", fileVersionUE5, newest.ue5());
    }
    int licensee = fileVersionLicensee();
    if (licensee > newest.licensee()) {
      throw new ArchiveVersionException(entryVersionOffset(LICENSEE_FILE_VERSION.guid()), LICENSEE_FILE_VERSION.friendlyName(),
          licensee, newest.licensee());
    }
  }

  int entryVersionOffset(Guid guid) {
    for (int i = 0; i < customVersions.size(); i++) {
      if (customVersions.get(i).guid.equals(guid)) {
        return FIRST_ENTRY + i * ENTRY_BYTES + 16;
      }
    }
    return 0;
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
      if (known.isEmpty() && entry.guid.equals(LICENSEE_FILE_VERSION.guid())) {
        known = Optional.of(LICENSEE_FILE_VERSION);
      }
      String name = known.map(CustomVersion::friendlyName).orElse("(not registered)");
      String note = known.isPresent() && entry.version > known.get().latest()
          ? " (newer than this build's " + known.get().latest() + ")"
          : "";
      lines.add(entry.guid.toWordString() + " " + name + " version " + entry.version + note);
    }
    return lines;
  }

  /**
   * Refuses an archive this build cannot read: package file versions newer than {@link
   * FileVersions#CURRENT} ({@link #checkFileVersions}), or a custom version newer than the
   * registered latest.
   *
   * @throws ArchiveVersionException naming the word or the system and both versions
   */
  public void checkReadable(CustomVersionRegistry registry) {
    checkFileVersions(FileVersions.CURRENT);
    for (int i = 0; i < customVersions.size(); i++) {
      Entry entry = customVersions.get(i);
      Optional<CustomVersion> known = registry.find(entry.guid);
      if (known.isPresent() && entry.version > known.get().latest()) {
        throw new ArchiveVersionException(FIRST_ENTRY + i * ENTRY_BYTES + 16, known.get().friendlyName(), entry.version,
            known.get().latest());
      }
    }
  }
}
