package dev.overture.version;

import dev.overture.core.DataException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Changes one asset's JSON from one version of a system's format to the next, in place, like a
 * Minecraft data fixer or the version checks in an Unreal {@code Serialize}: rename a field,
 * convert a unit, split a value. It sees the whole asset without its version header; it must not
 * fail on data it does not concern (a field already absent, another class of archetype).
 *
 * <p>{@link #rename} and {@link #scale} cover the common cases; {@link #andThen} chains steps.
 *
 * <p>Stateless; the functions it returns change the tree they are given and are safe to share.
 */
@FunctionalInterface
public interface JsonUpgrade {

  /** Upgrades {@code asset} in place. */
  void upgrade(ObjectNode asset);

  /**
   * Where the value this upgrade leaves at {@code pointer} was before it ran: {@code pointer} itself
   * unless the upgrade moved it, as {@link #rename} does. A problem found in an upgraded asset is
   * located with this in a file saved before the upgrade, where the field still has its old name.
   */
  default String pointerBefore(String pointer) {
    return pointer;
  }

  /** This upgrade, then {@code next}. */
  default JsonUpgrade andThen(JsonUpgrade next) {
    Objects.requireNonNull(next, "next");
    JsonUpgrade first = this;
    return new JsonUpgrade() {
      @Override
      public void upgrade(ObjectNode asset) {
        first.upgrade(asset);
        next.upgrade(asset);
      }

      @Override
      public String pointerBefore(String pointer) {
        return first.pointerBefore(next.pointerBefore(pointer));
      }
    };
  }

  /**
   * Renames the property at {@code pointer} (for example {@code /cameraMode}) to {@code newName},
   * keeping its place among its siblings. Nothing happens when it is absent; when {@code newName}
   * is already there with the same value, the old one is dropped, and with another value the
   * upgrade fails ({@code Overture/UpgradeFailed} at {@code pointer}): one of the two would be lost.
   *
   * @throws IllegalArgumentException when {@code pointer} names no property ({@code ""}, the whole
   *     asset) or {@code newName} is the name it has already (the step would do nothing, or, read
   *     as "drop the old one", lose the value)
   */
  static JsonUpgrade rename(String pointer, String newName) {
    Objects.requireNonNull(newName, "newName");
    JsonPointer path = property(pointer);
    String oldName = path.last().getMatchingProperty();
    if (oldName.equals(newName)) {
      throw new IllegalArgumentException("rename of " + pointer + " to \"" + newName + "\": that is its name already");
    }
    String before = path.head().toString() + "/" + escaped(oldName);
    String after = path.head().toString() + "/" + escaped(newName);
    return new JsonUpgrade() {
      @Override
      public void upgrade(ObjectNode asset) {
        renameIn(asset, path, oldName, newName, pointer);
      }

      @Override
      public String pointerBefore(String at) {
        return at.equals(after) || at.startsWith(after + "/") ? before + at.substring(after.length()) : at;
      }
    };
  }

  /** {@link #rename}'s change of {@code asset}: {@code oldName} at {@code path} becomes {@code newName}. */
  private static void renameIn(ObjectNode asset, JsonPointer path, String oldName, String newName, String pointer) {
    if (!(asset.at(path.head()) instanceof ObjectNode parent) || !parent.has(oldName)) {
      return;
    }
    if (parent.has(newName)) {
      if (!parent.get(newName).equals(parent.get(oldName))) {
        // Dropping either value would lose what an author wrote (say, the old field edited by
        // hand in an old file): refused, so that a load, validate and resave all say so.
        throw new DataException(AssetVersions.UPGRADE_FAILED, pointer, "\"" + oldName + "\" is renamed \"" + newName
            + "\" in this version, and the file has both, with different values (" + shown(parent.get(oldName)) + " and "
            + shown(parent.get(newName)) + "); keep the one you mean and remove the other");
      }
      parent.remove(oldName); // the same value twice: nothing is lost
      return;
    }
    List<Map.Entry<String, JsonNode>> entries = new ArrayList<>(parent.properties());
    parent.removeAll();
    for (Map.Entry<String, JsonNode> entry : entries) {
      parent.set(entry.getKey().equals(oldName) ? newName : entry.getKey(), entry.getValue());
    }
  }

  /** {@code name} as one step of a JSON pointer: {@code ~} and {@code /} escaped. */
  private static String escaped(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }

  /**
   * Multiplies the number at {@code pointer} by {@code factor}: a unit change, such as the seed's
   * revolutions per second to per minute (60). A whole number stays whole when the result is whole
   * (so an integer field still reads); otherwise the result is a decimal. Nothing happens when it is
   * absent or not a number. A result no number field can hold (a whole number beyond 64 bits, a
   * decimal beyond a double's range) is refused.
   *
   * @throws IllegalArgumentException when {@code factor} is not a finite number
   */
  static JsonUpgrade scale(String pointer, double factor) {
    if (!Double.isFinite(factor)) {
      throw new IllegalArgumentException("factor must be a finite number: " + factor);
    }
    JsonPointer path = property(pointer);
    String name = path.last().getMatchingProperty();
    return asset -> {
      if (asset.at(path.head()) instanceof ObjectNode parent && parent.get(name) != null && parent.get(name).isNumber()) {
        JsonNode value = parent.get(name);
        BigDecimal scaled = value.decimalValue().multiply(BigDecimal.valueOf(factor));
        if (value.isIntegralNumber() && scaled.stripTrailingZeros().scale() <= 0) {
          BigInteger whole = scaled.toBigIntegerExact();
          if (whole.bitLength() >= Long.SIZE) {
            throw new DataException(AssetVersions.UPGRADE_FAILED, pointer,
                value + " x " + factor + " = " + whole + " does not fit a 64-bit whole number");
          }
          parent.put(name, whole);
        } else {
          double result = scaled.doubleValue();
          if (!Double.isFinite(result)) {
            throw new DataException(AssetVersions.UPGRADE_FAILED, pointer,
                value + " x " + factor + " is beyond the range of a double");
          }
          parent.put(name, result);
        }
      }
    };
  }

  /** A value as a message quotes it: its JSON, cut short when long. */
  private static String shown(JsonNode value) {
    String json = value.toString();
    return json.length() <= 60 ? json : json.substring(0, 57) + "...";
  }

  /**
   * {@code pointer} compiled, when it names a property ({@code /speed}, {@code /stats/speed}).
   *
   * @throws IllegalArgumentException when it is not a JSON pointer, or names the whole asset
   */
  private static JsonPointer property(String pointer) {
    Objects.requireNonNull(pointer, "pointer");
    JsonPointer path;
    try {
      path = JsonPointer.compile(pointer);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("\"" + pointer + "\" is not a JSON pointer (\"/speed\", \"/stats/speed\"): " + e.getMessage(), e);
    }
    if (path.last() == null || path.last().getMatchingProperty() == null) {
      throw new IllegalArgumentException("\"" + pointer + "\" names no property: give one, such as \"/speed\"");
    }
    return path;
  }
}
