package dev.overture.version;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The version of the build that saved or reads data, like Unreal's {@code FEngineVersion}:
 * {@code major.minor.patch-changelist+branch}, for example {@code 5.0.3-20979098+++UE5+Release-5.0}.
 * {@link #parse} also reads the form the seed writes, with a dot before the changelist ({@code
 * 5.0.3.20979098+++UE5+Release-5.0}); {@link #toString} always writes Unreal's, with the dash, so
 * there is one canonical text per version.
 *
 * <p><b>Rules</b> (Unreal's {@code FEngineVersionBase::GetNewest} and {@code
 * FEngineVersion::IsCompatibleWith}, with the seed's licensee rule: Unreal calls changelists of
 * different vendors incomparable, the seed makes the licensee's newer):
 *
 * <ul>
 *   <li>Components compare in order: major, then minor, then patch, then changelist.
 *   <li>The branch is for display; it never affects which version is newer or compatibility.
 *   <li>At equal major.minor.patch, a licensee changelist (the game team's) counts as newer than
 *       an Epic (upstream) one; two changelists of the same vendor compare by number.
 *   <li>Changelist 0 means "not a promoted build": such a version is compatible with every
 *       version, in both directions, and changelists do not decide which is newer.
 *   <li>A build can read data whose compatible version is not newer than itself ({@link
 *       #isCompatibleWith}).
 * </ul>
 *
 * <p>The licensee flag is kept in the changelist's top bit, as Unreal stores it: {@link
 * #toString} writes the changelist with the flag (so {@code parse(v.toString())} equals {@code v}),
 * {@link #toDisplayString} writes it without.
 *
 * <p>Immutable; safe to share between threads.
 */
public final class EngineVersion {

  /** An unknown version: 0.0.0, changelist 0 (so compatible with everything). */
  public static final EngineVersion UNKNOWN = new EngineVersion(0, 0, 0, 0, false, "");

  /** The changelist bit that marks a licensee changelist. */
  static final long LICENSEE_BIT = 0x8000_0000L;

  /**
   * DOTALL: the branch is any text, line terminators included ({@code BranchName} is a free string,
   * and {@code update-local-version} refuses only control characters, not U+2028), so that the
   * header a build stamps on what it saves always parses back, by that build too.
   */
  private static final Pattern FORM =
      Pattern.compile("(\\d{1,9})\\.(\\d{1,9})\\.(\\d{1,9})(?:[-.](\\d{1,10}))?(?:\\+(.*))?", Pattern.DOTALL);

  private final int major;
  private final int minor;
  private final int patch;
  private final long changelist;
  private final boolean licensee;
  private final String branch;

  private EngineVersion(int major, int minor, int patch, long changelist, boolean licensee, String branch) {
    this.major = major;
    this.minor = minor;
    this.patch = patch;
    this.changelist = changelist;
    this.licensee = licensee;
    this.branch = branch;
  }

  /**
   * A version.
   *
   * @param changelist 0 to 2,147,483,647 (without the licensee bit)
   * @param licensee whether the changelist is the licensee's (the game team's) rather than Epic's
   * @param branch for display, may be empty
   */
  public static EngineVersion of(int major, int minor, int patch, long changelist, boolean licensee, String branch) {
    if (major < 0 || minor < 0 || patch < 0) {
      throw new IllegalArgumentException("version components must not be negative: " + major + "." + minor + "." + patch);
    }
    if (changelist < 0 || changelist >= LICENSEE_BIT) {
      throw new IllegalArgumentException("changelist must be 0 to " + (LICENSEE_BIT - 1) + ": " + changelist);
    }
    return new EngineVersion(major, minor, patch, changelist, licensee, Objects.requireNonNull(branch, "branch"));
  }

  /**
   * Parses {@code major.minor.patch[-changelist][+branch]}, or the seed's {@code
   * major.minor.patch.changelist+branch} (a dot before the changelist). A changelist with the
   * licensee bit set (2,147,483,648 or more) is a licensee changelist.
   *
   * @throws IllegalArgumentException showing the expected form
   */
  public static EngineVersion parse(String text) {
    Matcher m = FORM.matcher(Objects.requireNonNull(text, "text"));
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "\"" + text + "\" is not an engine version; expected major.minor.patch-changelist+branch, for example"
              + " 5.0.3-20979098+++UE5+Release-5.0");
    }
    long raw = m.group(4) == null ? 0 : Long.parseLong(m.group(4));
    if (raw > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("\"" + text + "\": the changelist " + raw + " does not fit in 32 bits");
    }
    return new EngineVersion(
        Integer.parseInt(m.group(1)),
        Integer.parseInt(m.group(2)),
        Integer.parseInt(m.group(3)),
        raw & ~LICENSEE_BIT,
        (raw & LICENSEE_BIT) != 0,
        m.group(5) == null ? "" : m.group(5));
  }

  public int major() {
    return major;
  }

  public int minor() {
    return minor;
  }

  public int patch() {
    return patch;
  }

  /** The changelist, without the licensee bit; 0 when this is not a promoted build. */
  public long changelist() {
    return changelist;
  }

  /** Whether the changelist is the licensee's (the game team's) rather than Epic's. */
  public boolean isLicenseeVersion() {
    return licensee;
  }

  /** Whether there is a changelist (a promoted build): without one, everything is compatible. */
  public boolean hasChangelist() {
    return changelist != 0;
  }

  /** The branch name, for display ({@code ""} when none). */
  public String branch() {
    return branch;
  }

  /** This version with another changelist, same vendor and branch. */
  public EngineVersion withChangelist(long newChangelist) {
    return of(major, minor, patch, newChangelist, licensee, branch);
  }

  /** Which of two versions is newer, and by which component. */
  public enum Component {
    MAJOR,
    MINOR,
    PATCH,
    CHANGELIST,
    /** Neither is newer: equal, or told apart only by a changelist one of them lacks, or the branch. */
    NONE
  }

  /**
   * The newer of {@code first} and {@code second} (null when neither is newer), and the component
   * that decides it.
   */
  public record Newest(EngineVersion newer, Component component) {}

  /** Which of two versions is newer; see the class comment for the rules. */
  public static Newest newest(EngineVersion first, EngineVersion second) {
    if (first.major != second.major) {
      return new Newest(first.major > second.major ? first : second, Component.MAJOR);
    }
    if (first.minor != second.minor) {
      return new Newest(first.minor > second.minor ? first : second, Component.MINOR);
    }
    if (first.patch != second.patch) {
      return new Newest(first.patch > second.patch ? first : second, Component.PATCH);
    }
    if (first.hasChangelist() && second.hasChangelist()) {
      if (first.licensee != second.licensee) {
        return new Newest(first.licensee ? first : second, Component.CHANGELIST);
      }
      if (first.changelist != second.changelist) {
        return new Newest(first.changelist > second.changelist ? first : second, Component.CHANGELIST);
      }
    }
    return new Newest(null, Component.NONE);
  }

  /**
   * Whether this build can read data that needs {@code other} (the compatible version recorded
   * in the data): always when either has no changelist, otherwise when {@code other} is not newer.
   */
  public boolean isCompatibleWith(EngineVersion other) {
    if (!hasChangelist() || !other.hasChangelist()) {
      return true;
    }
    return newest(this, other).newer() != other;
  }

  /** {@code major.minor.patch-changelist+branch}, the changelist with its licensee bit. */
  @Override
  public String toString() {
    return major + "." + minor + "." + patch + "-" + (licensee ? changelist | LICENSEE_BIT : changelist)
        + (branch.isEmpty() ? "" : "+" + branch);
  }

  /** For people: {@code 5.0.3-20979098 (licensee)}, without the branch. */
  public String toDisplayString() {
    return major + "." + minor + "." + patch + "-" + changelist + (licensee ? " (licensee)" : "");
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof EngineVersion that
        && major == that.major
        && minor == that.minor
        && patch == that.patch
        && changelist == that.changelist
        && licensee == that.licensee
        && branch.equals(that.branch);
  }

  @Override
  public int hashCode() {
    return Objects.hash(major, minor, patch, changelist, licensee, branch);
  }
}
