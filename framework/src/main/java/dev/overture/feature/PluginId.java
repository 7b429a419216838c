package dev.overture.feature;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.overture.asset.ContentRoot;
import java.util.Objects;

/**
 * The name of a feature plugin: the {@code "name"} its {@code plugin.json} gives, or else its folder's
 * name under {@code plugins/}, as experiences name it in
 * {@code gameFeaturesToEnable} and descriptors in {@code dependencies} ({@code "ShooterCore"}). JSON
 * writes it as that string; {@link #toString()} is the name alone, so messages print it as content
 * spells it.
 *
 * <p>A name names the plugin's content root, so it follows that rule ({@link
 * ContentRoot#isValidName}): an ASCII letter, then ASCII letters, digits or {@code _}. Checked here,
 * where a plugin.json or a folder is read, so that a name is never accepted and then refused when
 * the plugin registers. Immutable; safe to share between threads.
 *
 * @param name the plugin's name
 */
public record PluginId(String name) implements Comparable<PluginId> {

  /** The rule, as messages state it. */
  static final String RULE = "use ASCII letters, digits and '_', starting with a letter, at most "
      + dev.overture.asset.ContentRoot.MAX_NAME_LENGTH + " characters; it names the plugin's content root";

  public PluginId {
    Objects.requireNonNull(name, "name");
    if (!ContentRoot.isValidName(name)) {
      throw new IllegalArgumentException("Invalid plugin name " + dev.overture.internal.Choices.excerpt(name)
          + " (the \"name\" in a plugin.json, or a plugin folder's"
          + " name): " + RULE);
    }
  }

  /**
   * The plugin called {@code name}.
   *
   * @throws IllegalArgumentException naming the text and the rule, when it is not a plugin name
   */
  @JsonCreator
  public static PluginId of(String name) {
    return new PluginId(name);
  }

  @Override
  public int compareTo(PluginId other) {
    return name.compareTo(other.name);
  }

  /** The name, as content writes it. */
  @JsonValue
  @Override
  public String toString() {
    return name;
  }

  // equals and hashCode written out, with the record's own definition and hash (each component in
  // order, h = 31 * h + hash): a record's generated ones link an invokedynamic call site the first
  // time they run, a few milliseconds of every start-up for each record class (issue 20).
  @Override
  public boolean equals(Object o) {
    return this == o || o instanceof PluginId other && name.equals(other.name);
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }
}
