package dev.overture.version;

import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.core.SourceLocation;
import dev.overture.internal.AtomicFiles;
import dev.overture.internal.BoundedFiles;
import dev.overture.internal.FileTooLargeException;
import dev.overture.internal.JacksonMessages;
import dev.overture.internal.JsonLayout;
import dev.overture.internal.JsonMappers;
import dev.overture.internal.NotARegularFileException;
import dev.overture.internal.TextColumns;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The build's version file, like Unreal's {@code Build/Build.version}, read at start-up:
 *
 * <pre>{@code
 * {
 *   "MajorVersion": 0, "MinorVersion": 1, "PatchVersion": 0,
 *   "Changelist": 1000, "CompatibleChangelist": 1000,
 *   "IsLicenseeVersion": 1, "IsPromotedBuild": 1,
 *   "BranchName": "++Overture+Main", "BuildId": ""
 * }
 * }</pre>
 *
 * The build's {@link #engineVersion()} is what it stamps on the data it saves; its {@link
 * #compatibleVersion()} (the lowest changelist whose builds can read that data) is stamped beside
 * it. {@link #update} does what Unreal's UpdateLocalVersion does. Fields this class does not know
 * are kept when the file is rewritten.
 *
 * <p><b>BuildId.</b> As the seed advises, it is normally left empty: {@link #stamp}, run when the
 * game is built (the sample's Maven build runs it), writes the copy the game ships with a new
 * unique id whenever the file's is empty, so every build has its own. A team that wants a fixed id
 * writes it into the file by hand; {@code update-local-version} never sets it ({@code --build}
 * sets the build version string, {@code BuildVersion}, as UpdateLocalVersion's {@code -Build}
 * does).
 *
 * <p>A version file is read only when it is a regular file of at most {@value #MAX_FILE_BYTES}
 * bytes; anything else is refused without being read into memory.
 *
 * <p>Immutable; safe to share between threads.
 *
 * @param majorVersion MajorVersion
 * @param minorVersion MinorVersion
 * @param patchVersion PatchVersion
 * @param changelist Changelist (0 for a local build: compatible with every version)
 * @param compatibleChangelist CompatibleChangelist
 * @param licensee IsLicenseeVersion (written 0 or 1)
 * @param promoted IsPromotedBuild (written 0 or 1)
 * @param branchName BranchName
 * @param buildId BuildId ({@code ""}: none yet; {@link #stamp} gives the shipped copy one)
 * @param buildVersionString BuildVersion, the build version string shown to people ({@code ""}:
 *     {@link #displayBuildVersion()} makes one from the branch and changelist)
 */
public record BuildVersion(
    int majorVersion,
    int minorVersion,
    int patchVersion,
    long changelist,
    long compatibleChangelist,
    boolean licensee,
    boolean promoted,
    String branchName,
    String buildId,
    String buildVersionString) {

  /** The largest version file read, in bytes. */
  public static final int MAX_FILE_BYTES = 64 * 1024;

  private static final JsonMapper MAPPER =
      JsonMappers.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .build();

  public BuildVersion {
    Objects.requireNonNull(branchName, "branchName");
    Objects.requireNonNull(buildId, "buildId");
    Objects.requireNonNull(buildVersionString, "buildVersionString");
    // Checks the components the way EngineVersion does, with its messages.
    EngineVersion.of(majorVersion, minorVersion, patchVersion, changelist, licensee, branchName);
    EngineVersion.of(majorVersion, minorVersion, patchVersion, compatibleChangelist, licensee, branchName);
    if (changelist != 0 && compatibleChangelist > changelist) {
      throw new IllegalArgumentException("CompatibleChangelist " + compatibleChangelist + " is above Changelist " + changelist
          + ": this build could not read what it saves");
    }
  }

  /** A version without a build version string. */
  public BuildVersion(
      int majorVersion, int minorVersion, int patchVersion, long changelist, long compatibleChangelist, boolean licensee,
      boolean promoted, String branchName, String buildId) {
    this(majorVersion, minorVersion, patchVersion, changelist, compatibleChangelist, licensee, promoted, branchName, buildId, "");
  }

  /**
   * The build version string for people: {@link #buildVersionString()} when the file has one,
   * otherwise {@code <branch>-CL-<changelist>}, for example {@code ++Overture+Main-CL-1000}.
   */
  public String displayBuildVersion() {
    return buildVersionString.isEmpty() ? branchName + "-CL-" + changelist : buildVersionString;
  }

  /** This version with {@code newBuildId}. */
  public BuildVersion withBuildId(String newBuildId) {
    return new BuildVersion(majorVersion, minorVersion, patchVersion, changelist, compatibleChangelist, licensee, promoted,
        branchName, newBuildId, buildVersionString);
  }

  /** The version this build stamps on what it saves. */
  public EngineVersion engineVersion() {
    return EngineVersion.of(majorVersion, minorVersion, patchVersion, changelist, licensee, branchName);
  }

  /**
   * The oldest version that can read what this build saves: its compatible changelist, or its own
   * changelist when the compatible one is 0 (Unreal's effective compatible changelist), so that a
   * promoted build never stamps data as readable by everything.
   */
  public EngineVersion compatibleVersion() {
    long effective = changelist != 0 && compatibleChangelist != 0 ? compatibleChangelist : changelist;
    return EngineVersion.of(majorVersion, minorVersion, patchVersion, effective, licensee, branchName);
  }

  /**
   * Reads the version file at {@code file}.
   *
   * @throws ProblemException naming the file (and the line and column, or the field) when it is
   *     missing, malformed, not a version file (without {@code MajorVersion}, {@code MinorVersion}
   *     or {@code PatchVersion}) or holds a value that is not a version
   */
  public static BuildVersion read(Path file) {
    return parse(bytes(file), file.toString());
  }

  private static byte[] bytes(Path file) {
    try {
      return BoundedFiles.read(file, MAX_FILE_BYTES, "BuildVersion.MAX_FILE_BYTES");
    } catch (NoSuchFileException e) {
      throw failure(file.toString(), Problem.error("Overture/MissingFile", "No build version file at " + file)
          .at(SourceLocation.ofFile(file.toString())));
    } catch (NotARegularFileException e) {
      throw failure(file.toString(), Problem.error("Overture/NotARegularFile", e.getMessage())
          .at(SourceLocation.ofFile(file.toString())));
    } catch (FileTooLargeException e) {
      throw failure(file.toString(), Problem.error("Overture/LimitExceeded", e.getMessage())
          .at(SourceLocation.ofFile(file.toString())));
    } catch (IOException e) {
      throw failure(file.toString(), Problem.error("Overture/ReadFailed", "Cannot read " + file + ": " + e.getMessage())
          .at(SourceLocation.ofFile(file.toString())));
    }
  }

  /**
   * Reads a version file shipped as a resource (in the game's jar), named {@code name} in messages.
   *
   * @throws ProblemException as {@link #read(Path)} does, and when it is larger than {@value
   *     #MAX_FILE_BYTES} bytes
   */
  public static BuildVersion read(InputStream in, String name) throws IOException {
    byte[] bytes = in.readNBytes(MAX_FILE_BYTES + 1);
    if (bytes.length > MAX_FILE_BYTES) {
      throw failure(name, Problem.error("Overture/LimitExceeded",
              name + " is larger than " + MAX_FILE_BYTES + " bytes (BuildVersion.MAX_FILE_BYTES)")
          .at(SourceLocation.ofFile(name)));
    }
    return parse(bytes, name);
  }

  /**
   * Copies the version file {@code source} to {@code target} (the copy the game ships), giving it
   * a new unique BuildId (a random UUID) when the source's is empty, as Unreal does at each
   * compile; a BuildId written in the source is kept. Fields this class does not know are kept;
   * {@code target} is written atomically. Run at build time.
   *
   * @return the version as shipped
   * @throws ProblemException when {@code source} cannot be read
   * @throws IOException when {@code target} cannot be written
   */
  public static BuildVersion stamp(Path source, Path target) throws IOException {
    byte[] bytes = bytes(source);
    BuildVersion version = parse(bytes, source.toString());
    if (!version.buildId.isEmpty()) {
      AtomicFiles.write(target, bytes);
      return version;
    }
    BuildVersion stamped = version.withBuildId(UUID.randomUUID().toString());
    ObjectNode tree = (ObjectNode) MAPPER.readTree(bytes);
    tree.put("BuildId", stamped.buildId);
    AtomicFiles.write(target, JsonLayout.toBytes(tree));
    return stamped;
  }

  /** The deepest nesting the JSON parser accepts (Jackson's default, which this file's mapper keeps). */
  static final int MAX_NESTING = tools.jackson.core.StreamReadConstraints.DEFAULT_MAX_DEPTH;

  /**
   * The line and column (from 1) of the bracket that opens level {@code max + 1} in {@code bytes},
   * outside strings; {@code {0, 0}} when none does.
   */
  static int[] whereNestingPasses(byte[] bytes, int max) {
    int depth = 0;
    int line = 1;
    boolean inString = false;
    boolean escaped = false;
    for (int i = 0; i < bytes.length; i++) {
      byte b = bytes[i];
      if (b == '\n' || b == '\r') { // a line ends at "\n", "\r\n" or a lone "\r", as the parser counts them
        if (b == '\r' && i + 1 < bytes.length && bytes[i + 1] == '\n') {
          i++;
        }
        line++;
        continue;
      }
      if (inString) {
        if (escaped) {
          escaped = false;
        } else if (b == '\\') {
          escaped = true;
        } else if (b == '"') {
          inString = false;
        }
      } else if (b == '"') {
        inString = true;
      } else if (b == '{' || b == '[') {
        if (++depth > max) {
          return new int[] {line, TextColumns.at(bytes, i)}; // the column as every other problem's: an editor's
        }
      } else if (b == '}' || b == ']') {
        depth--;
      }
    }
    return new int[] {0, 0};
  }

  static BuildVersion parse(byte[] bytes, String file) {
    JsonNode tree;
    try {
      tree = MAPPER.readTree(bytes);
    } catch (tools.jackson.core.exc.StreamConstraintsException e) {
      // Jackson's words name its own setting, and for nesting give no place: said as the file's.
      int[] at = whereNestingPasses(bytes, MAX_NESTING);
      if (at[0] > 0) {
        throw failure(file, Problem.error("Overture/LimitExceeded", "The JSON nests deeper than " + MAX_NESTING
                + " levels of objects and arrays; a build version file holds one flat object")
            .at(new SourceLocation(file, at[0], at[1], "")));
      }
      // Another of the parser's limits (a number, a name or a text too long): its words, without the setting's name.
      TokenStreamLocation where = e.getLocation();
      throw failure(file, Problem.error("Overture/LimitExceeded",
              JacksonMessages.withoutLimitSetting(e.getOriginalMessage()))
          .at(new SourceLocation(file, where == null ? 0 : where.getLineNr(), TextColumns.of(bytes, where), "")));
    } catch (JacksonException e) {
      TokenStreamLocation where = e.getLocation();
      // In the words the settings and content files use: no parser feature to turn on, no "[Source: REDACTED ...]".
      throw failure(file, Problem.error("Overture/MalformedJson", "Malformed JSON: "
              + JacksonMessages.withoutParserAdvice(JacksonMessages.withoutSourceMarker(e.getOriginalMessage())))
          .at(new SourceLocation(file, where == null ? 0 : where.getLineNr(), TextColumns.of(bytes, where), "")));
    }
    if (!(tree instanceof ObjectNode object)) {
      throw failure(file, Problem.error("Overture/WrongType", "A build version file holds one JSON object")
          .at(SourceLocation.ofFile(file)));
    }
    try {
      return new BuildVersion(
          (int) required(object, "MajorVersion", file),
          (int) required(object, "MinorVersion", file),
          (int) required(object, "PatchVersion", file),
          number(object, "Changelist", file, EngineVersion.LICENSEE_BIT - 1),
          number(object, "CompatibleChangelist", file, EngineVersion.LICENSEE_BIT - 1),
          number(object, "IsLicenseeVersion", file, 1) != 0,
          !object.has("IsPromotedBuild") || number(object, "IsPromotedBuild", file, 1) != 0,
          text(object, "BranchName", file),
          text(object, "BuildId", file),
          text(object, "BuildVersion", file));
    } catch (IllegalArgumentException e) {
      throw failure(file, Problem.error("Overture/InvalidValue", e.getMessage()).at(SourceLocation.ofFile(file)));
    }
  }

  /**
   * One of the three fields every build version file gives (Unreal's has them all): a JSON object
   * without them is some other file, which {@link #update} must not rewrite as a version file.
   */
  private static long required(ObjectNode object, String field, String file) {
    if (!object.has(field)) {
      throw failure(file, Problem.error("Overture/NotAVersionFile", file + " gives no \"" + field + "\": a build version file gives"
              + " \"MajorVersion\", \"MinorVersion\" and \"PatchVersion\"; is it one?")
          .at(SourceLocation.ofFile(file)));
    }
    return number(object, field, file, Integer.MAX_VALUE);
  }

  private static long number(ObjectNode object, String field, String file, long max) {
    JsonNode value = object.get(field);
    if (value == null) {
      return 0;
    }
    // canConvertToLong first: a number past 64 bits would make asLong() throw instead of being refused here.
    if (!value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() < 0 || value.asLong() > max) {
      throw failure(file, Problem.error(
              "Overture/InvalidValue", "\"" + field + "\" must be a whole number from 0 to " + max + ", not " + value)
          .at(SourceLocation.at(file, "/" + field)));
    }
    return value.asLong();
  }

  private static String text(ObjectNode object, String field, String file) {
    JsonNode value = object.get(field);
    if (value == null || value.isNull()) {
      return "";
    }
    if (!value.isString()) {
      throw failure(file, Problem.error("Overture/InvalidValue", "\"" + field + "\" must be a string, not " + value)
          .at(SourceLocation.at(file, "/" + field)));
    }
    return value.asString();
  }

  private static ProblemException failure(String file, Problem problem) {
    // Said outright: a heading ending in the file's name would lose it to a name that ends with '.' (Problems.format).
    return new ProblemException("Could not read the build version file " + file + ", see the following problem:", List.of(problem));
  }

  /**
   * What Unreal's {@code UpdateLocalVersion} is told; each null leaves that field as it is, except
   * the two flags, which are written every time as Unreal does: IsLicenseeVersion 0 unless {@code
   * licensee}, IsPromotedBuild 1 unless {@code promoted} is 0. The BuildId is never set here (see
   * the class comment).
   *
   * @param changelist {@code --cl} ({@code -CL}): Changelist
   * @param compatibleChangelist {@code --compatible-cl} ({@code -CompatibleCL}): CompatibleChangelist
   * @param build {@code --build} ({@code -Build}): BuildVersion, the build version string
   * @param licensee {@code --licensee} ({@code -Licensee}): IsLicenseeVersion 1, otherwise 0
   * @param promoted {@code --promoted} ({@code -Promoted}): IsPromotedBuild 1 unless 0 (null: 1)
   * @param branch {@code --branch} ({@code -Branch}): BranchName, with every {@code /} turned into
   *     {@code +}
   */
  public record Update(Long changelist, Long compatibleChangelist, String build, boolean licensee, Integer promoted, String branch) {}

  /**
   * Applies {@code update} to the version file at {@code file}, atomically, keeping the fields
   * this class does not know; returns the new version.
   *
   * @throws ProblemException when the file cannot be read or a value is out of range
   * @throws IllegalArgumentException when the updated file would be larger than {@value
   *     #MAX_FILE_BYTES} bytes, which no reader takes (it is then unchanged)
   * @throws IOException when it cannot be written (it is then unchanged)
   */
  public static BuildVersion update(Path file, Update update) throws IOException {
    byte[] bytes = bytes(file);
    BuildVersion current = parse(bytes, file.toString());
    ObjectNode tree = (ObjectNode) MAPPER.readTree(bytes);
    BuildVersion next = new BuildVersion(
        current.majorVersion,
        current.minorVersion,
        current.patchVersion,
        update.changelist() != null ? update.changelist() : current.changelist,
        update.compatibleChangelist() != null ? update.compatibleChangelist() : current.compatibleChangelist,
        update.licensee(),
        update.promoted() == null || update.promoted() != 0,
        update.branch() != null ? update.branch().replace('/', '+') : current.branchName,
        current.buildId,
        update.build() != null ? update.build() : current.buildVersionString);
    tree.put("Changelist", next.changelist);
    tree.put("CompatibleChangelist", next.compatibleChangelist);
    tree.put("IsLicenseeVersion", next.licensee ? 1 : 0);
    tree.put("IsPromotedBuild", next.promoted ? 1 : 0);
    tree.put("BranchName", next.branchName);
    if (update.build() != null) {
      tree.put("BuildVersion", next.buildVersionString);
    }
    byte[] updated = JsonLayout.toBytes(tree);
    if (updated.length > MAX_FILE_BYTES) {
      // Written, it would be refused by every reader, this method and the build's stamp included.
      throw new IllegalArgumentException(file + ": updated, it would be " + updated.length + " bytes; a version file is read up to "
          + MAX_FILE_BYTES + " bytes (BuildVersion.MAX_FILE_BYTES): give a shorter BuildVersion (" + next.buildVersionString.length()
          + " characters) or BranchName (" + next.branchName.length() + "); the file was left as it was");
    }
    AtomicFiles.write(file, updated);
    return next;
  }
}
