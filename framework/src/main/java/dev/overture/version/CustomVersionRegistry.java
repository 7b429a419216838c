package dev.overture.version;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The custom versions a build knows, each registered once: a second registration of a GUID or of a
 * friendly name is an error naming both, so two systems can never share an identity (the
 * conflict Unreal's per-branch GUIDs exist to prevent).
 *
 * <p>Thread-safe; systems register at start-up, readers look up at any time.
 */
public final class CustomVersionRegistry {

  private final Map<Guid, CustomVersion> byGuid = new LinkedHashMap<>();
  private final Map<String, CustomVersion> byName = new LinkedHashMap<>();

  /** An empty registry. */
  public CustomVersionRegistry() {}

  /**
   * Registers {@code version}.
   *
   * @throws IllegalArgumentException when its GUID or its friendly name is already registered
   */
  public synchronized void register(CustomVersion version) {
    CustomVersion sameGuid = byGuid.get(version.guid());
    if (sameGuid != null) {
      throw new IllegalArgumentException(
          "Custom version GUID " + version.guid() + " is registered twice: by " + sameGuid.friendlyName() + " and by "
              + version.friendlyName() + "; each system needs a GUID of its own (Guid.random() makes one)");
    }
    CustomVersion sameName = byName.get(version.friendlyName());
    if (sameName != null) {
      throw new IllegalArgumentException(
          "Custom version name \"" + version.friendlyName() + "\" is registered twice: with GUID " + sameName.guid()
              + " and with " + version.guid());
    }
    byGuid.put(version.guid(), version);
    byName.put(version.friendlyName(), version);
  }

  /** The custom version registered with {@code guid}. */
  public synchronized Optional<CustomVersion> find(Guid guid) {
    return Optional.ofNullable(byGuid.get(guid));
  }

  /** The custom version registered as {@code friendlyName}. */
  public synchronized Optional<CustomVersion> find(String friendlyName) {
    return Optional.ofNullable(byName.get(friendlyName));
  }

  /** Every registered custom version, in registration order. */
  public synchronized List<CustomVersion> all() {
    return Collections.unmodifiableList(new ArrayList<>(byGuid.values()));
  }

  @Override
  public synchronized String toString() {
    return "CustomVersionRegistry" + byName.keySet();
  }
}
