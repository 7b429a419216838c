package dev.overture.version;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The version of one system's data format, like Unreal's custom versions ({@code
 * FCustomVersionRegistration}): a GUID that never changes, the latest version number, which only
 * ever increases, and a friendly name for messages. Each system (an asset type's format, the
 * settings, an archive format) registers one, and bumps {@code latest} whenever the shape or the
 * meaning of its data changes, together with an upgrade step from the previous version.
 *
 * <pre>{@code
 * static final CustomVersion MOVEMENT =
 *     new CustomVersion(Guid.parse("6A0C2D11-4B1F-4E55-9C3A-0D8E5F7B2A41"), 2, "Sample-Movement");
 * }</pre>
 *
 * Version 0 means "before this system had a version". Immutable.
 *
 * @param guid identifies the system; never reuse one, never change it
 * @param latest the newest version this build writes and reads, 0 or more
 * @param friendlyName unique among the registered systems: letters, digits, {@code . _ -}
 */
public record CustomVersion(Guid guid, int latest, String friendlyName) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  public CustomVersion {
    Objects.requireNonNull(guid, "guid");
    Objects.requireNonNull(friendlyName, "friendlyName");
    if (guid.isZero()) {
      throw new IllegalArgumentException("custom version " + friendlyName + " needs a GUID other than zero");
    }
    if (latest < 0) {
      throw new IllegalArgumentException("custom version " + friendlyName + ": latest must not be negative: " + latest);
    }
    if (!NAME.matcher(friendlyName).matches()) {
      throw new IllegalArgumentException(
          "\"" + friendlyName + "\" is not a custom version name: use letters, digits, '.', '_' and '-', at most 64");
    }
  }

  @Override
  public String toString() {
    return friendlyName + " " + latest + " (" + guid + ")";
  }

  // equals and hashCode written out, with the record's own definition and hash (each component in
  // order, h = 31 * h + hash): a record's generated ones link an invokedynamic call site the first
  // time they run, a few milliseconds of every start-up for each record class (issue 20).
  @Override
  public boolean equals(Object o) {
    return this == o || o instanceof CustomVersion other
        && guid.equals(other.guid)
        && latest == other.latest
        && friendlyName.equals(other.friendlyName);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * guid.hashCode() + latest) + friendlyName.hashCode();
  }
}
