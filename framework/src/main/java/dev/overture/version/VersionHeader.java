package dev.overture.version;

import dev.overture.core.DataException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a saved asset records about the build that saved it: the first property of the file,
 * {@code "$version"}.
 *
 * <pre>{@code
 * {
 *   "$version": {
 *     "engine": "0.1.0-2147484648+Overture+Main",
 *     "compatible": "0.1.0-2147484648+Overture+Main",
 *     "custom": [ { "name": "Overture-Experience", "guid": "5B9A3C1E-7D24-4F0A-8E61-2C4B9D7F0A13", "version": 2 } ]
 *   },
 *   "pawnClass": "Hero"
 * }
 * }</pre>
 *
 * {@code engine} is the version of the build that saved it, {@code compatible} the oldest version
 * that can read it (the saving build's compatible changelist; the engine version when absent), and
 * {@code custom} the version of each system's format the asset was written in. A file without a
 * header was written by hand; see {@link AssetVersions} for how it is read.
 *
 * <p>Immutable.
 *
 * @param savedBy the engine version that saved the asset
 * @param compatibleWith the oldest engine version that can read it
 * @param custom the custom versions it was saved with, in the order written
 * @param ignored properties of the header this build does not know (a newer build's), ignored
 */
public record VersionHeader(EngineVersion savedBy, EngineVersion compatibleWith, List<Entry> custom, List<String> ignored) {

  /** The name of the header property. */
  public static final String FIELD = "$version";

  /**
   * One custom version in a header.
   *
   * @param guid the system
   * @param name its friendly name when saved, for people
   * @param version the version of its format the asset was written in
   */
  public record Entry(Guid guid, String name, int version) {}

  public VersionHeader {
    Objects.requireNonNull(savedBy, "savedBy");
    Objects.requireNonNull(compatibleWith, "compatibleWith");
    custom = List.copyOf(custom);
    ignored = List.copyOf(ignored);
  }

  /** A header with nothing ignored. */
  public VersionHeader(EngineVersion savedBy, EngineVersion compatibleWith, List<Entry> custom) {
    this(savedBy, compatibleWith, custom, List.of());
  }

  /** The version of {@code guid}'s format the asset was written in, if the header names it. */
  public Optional<Integer> version(Guid guid) {
    for (Entry entry : custom) {
      if (entry.guid.equals(guid)) {
        return Optional.of(entry.version);
      }
    }
    return Optional.empty();
  }

  /**
   * Reads the value of a {@code "$version"} property.
   *
   * @throws DataException at the part of the header that is wrong (the pointer starts at the
   *     asset's root: {@code /$version/custom/0/guid})
   */
  public static VersionHeader fromJson(JsonNode header) {
    String at = "/" + FIELD;
    if (!(header instanceof ObjectNode object)) {
      throw new DataException("Overture/InvalidVersionHeader", at,
          "The version header must be an object with \"engine\", \"compatible\" and \"custom\"");
    }
    List<String> ignored = new ArrayList<>();
    for (String name : object.propertyNames()) {
      if (!name.equals("engine") && !name.equals("compatible") && !name.equals("custom")) {
        ignored.add(name);
      }
    }
    EngineVersion engine = engine(object, "engine", EngineVersion.UNKNOWN);
    EngineVersion compatible = engine(object, "compatible", engine);
    List<Entry> entries = new ArrayList<>();
    JsonNode custom = object.get("custom");
    if (custom != null) {
      if (!custom.isArray()) {
        throw new DataException("Overture/InvalidVersionHeader", at + "/custom",
            "\"custom\" must be a list of { \"name\", \"guid\", \"version\" }");
      }
      for (int i = 0; i < custom.size(); i++) {
        Entry entry = entry(custom.get(i), at + "/custom/" + i);
        for (Entry earlier : entries) {
          if (earlier.guid.equals(entry.guid)) {
            throw new DataException("Overture/InvalidVersionHeader", at + "/custom/" + i + "/guid",
                "Custom version " + entry.guid + " is listed twice in the version header");
          }
        }
        entries.add(entry);
      }
    }
    return new VersionHeader(engine, compatible, entries, ignored);
  }

  private static EngineVersion engine(ObjectNode header, String field, EngineVersion absent) {
    JsonNode value = header.get(field);
    if (value == null) {
      return absent;
    }
    if (!value.isString()) {
      throw new DataException("Overture/InvalidVersionHeader", "/" + FIELD + "/" + field,
          "\"" + field + "\" must be a string such as \"0.1.0-1000+Main\", not " + value);
    }
    try {
      return EngineVersion.parse(value.asString());
    } catch (IllegalArgumentException e) {
      throw new DataException("Overture/InvalidVersionHeader", "/" + FIELD + "/" + field, e.getMessage());
    }
  }

  private static Entry entry(JsonNode node, String at) {
    // A whole number written as 2.0 counts, as JSON Schema's "integer" (the schemas') and the asset loader's int fields take it.
    JsonNode version = node.path("version");
    if (!(node instanceof ObjectNode object) || !object.path("guid").isString() || !version.isNumber()
        || !version.canConvertToExactIntegral() || !version.canConvertToInt() || version.asInt() < 0) {
      throw new DataException("Overture/InvalidVersionHeader", at,
          "A custom version entry needs \"guid\" (a GUID string) and \"version\" (a whole number, 0 or more)");
    }
    Guid guid;
    try {
      guid = Guid.parse(object.get("guid").asString());
    } catch (IllegalArgumentException e) {
      throw new DataException("Overture/InvalidVersionHeader", at + "/guid", e.getMessage());
    }
    JsonNode name = object.get("name");
    if (name != null && !name.isString()) { // the schemas' "string": a name the loader dropped would pass validate, fail the editor
      throw new DataException("Overture/InvalidVersionHeader", at + "/name",
          "\"name\" is the custom version's friendly name, a string such as \"Overture-Experience\", not " + name);
    }
    return new Entry(guid, name == null ? guid.toString() : name.asString(), object.get("version").asInt());
  }

  /** The header as JSON, in the shape {@link #fromJson} reads. */
  public ObjectNode toJson() {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    ObjectNode header = nodes.objectNode();
    header.put("engine", savedBy.toString());
    header.put("compatible", compatibleWith.toString());
    ArrayNode list = header.putArray("custom");
    for (Entry entry : custom) {
      ObjectNode item = list.addObject();
      item.put("name", entry.name);
      item.put("guid", entry.guid.toString());
      item.put("version", entry.version);
    }
    return header;
  }
}
