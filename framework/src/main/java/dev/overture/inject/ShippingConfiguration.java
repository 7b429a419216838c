package dev.overture.inject;

import java.util.ArrayList;
import java.util.List;

/**
 * The rule of {@link Overture.Builder#shipping()}: a configuration shipped to players runs no
 * development mode, whatever turned one on (a shared setup, a flag left in). Stateless.
 */
final class ShippingConfiguration {

  private ShippingConfiguration() {}

  /** Throws, naming each mode that is on, unless none is. */
  static void refuse(boolean liveContent, boolean editorOnlySubobjects) {
    List<String> modes = new ArrayList<>();
    if (liveContent) {
      modes.add("live content (Overture.Builder.liveContent)");
    }
    if (editorOnlySubobjects) {
      modes.add("editor-only subobjects (Overture.Builder.developmentMode)");
    }
    if (!modes.isEmpty()) {
      throw new IllegalStateException("This runtime is marked as a shipping configuration (Overture.Builder.shipping()), which refuses"
          + " development modes, but " + String.join(" and ", modes) + (modes.size() == 1 ? " is" : " are")
          + " turned on; turn " + (modes.size() == 1 ? "it" : "them") + " off, or drop shipping() in development builds");
    }
  }
}
