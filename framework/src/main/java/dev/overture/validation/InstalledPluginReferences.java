package dev.overture.validation;

import dev.overture.asset.AssetEntry;
import dev.overture.asset.AssetManager;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.internal.Choices;
import java.util.List;
import java.util.Set;

/**
 * References into the content of a plugin whose initial state is {@code Installed}, from content
 * outside it. {@code validate} registers such plugins to check their code and content, so their
 * assets are indexed while it runs; {@code play} does not, and a load resolves an experience's
 * references (its action sets, a tile's map) before it enables any plugin, so each such reference
 * fails there with "No asset ... is indexed". The built-in reference check refuses it through this
 * class in the same words, at the reference, with the names play's index would offer, and says why
 * in a warning beside it.
 *
 * <p>Stateless; called on the validating thread.
 */
final class InstalledPluginReferences {

  private InstalledPluginReferences() {}

  /**
   * Reports the reference at {@code pointer} of {@code context}'s asset to {@code target}, in the
   * root {@code root} of a plugin this validation registered: as play's index refuses it, and why.
   * Called by the built-in reference check, which walks every reference once.
   */
  static void report(ValidationContext context, PrimaryAssetId target, String root, String pointer) {
    context.report(unknownInPlay(context.assets(), target, context.indexedOnlyHere()).withAsset(context.asset().toString()), pointer);
    context.report(Problem.warning("Overture/InInstalledPlugin", target + " is in plugin " + root
        + ", whose initialState is Installed: play indexes its content only once it is registered, after this reference"
        + " is resolved; make the plugin's initialState Registered (or Active), or move " + target + " out of it"), pointer);
  }

  /** The problem play's index gives {@code target}: the same words, with the names it would offer. */
  private static Problem unknownInPlay(AssetManager assets, PrimaryAssetId target, Set<String> installed) {
    List<String> sameType = assets.index().ids(target.type()).stream()
        .filter(other -> assets.index().find(other).map(AssetEntry::root).filter(installed::contains).isEmpty())
        .map(PrimaryAssetId::toString).toList();
    return Problem.error("Overture/UnknownAsset", "No asset " + target + " is indexed")
        .withChoices(sameType.size() > Choices.MAX_LISTED ? "closest" : "indexed", Choices.closest(target.toString(), sameType));
  }
}
