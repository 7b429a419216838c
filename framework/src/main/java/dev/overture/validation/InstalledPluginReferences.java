package dev.overture.validation;

import dev.overture.asset.AssetEntry;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetReferences;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.internal.Choices;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * References into the content of a plugin whose initial state is {@code Installed}, from content
 * outside it. {@code validate} registers such plugins to check their code and content, so their
 * assets are indexed while it runs; {@code play} does not, and a load resolves an experience's
 * references (its action sets, a tile's map) before it enables any plugin, so each such reference
 * fails there with "No asset ... is indexed". This check refuses it in the same words, at the
 * reference, with the names play's index would offer, and says why in a warning beside it.
 *
 * <p>Stateless; called on the validating thread.
 */
final class InstalledPluginReferences {

  private InstalledPluginReferences() {}

  /**
   * Reports each reference of the {@code loaded} assets outside {@code installed} (plugins' content
   * root names, a plugin's root being named after it) to an asset inside one.
   */
  static void check(Validator.Run run, AssetManager assets, Map<PrimaryAssetId, Object> loaded, Set<String> installed) {
    if (installed.isEmpty()) {
      return;
    }
    loaded.forEach((id, value) -> {
      Optional<String> from = assets.index().find(id).map(AssetEntry::root);
      if (from.isEmpty() || installed.contains(from.get()) || value == null) {
        return;
      }
      for (AssetReferences.Reference reference : AssetReferences.of(value)) {
        if (!(reference.target() instanceof PrimaryAssetId target)) {
          continue;
        }
        Optional<String> root = assets.index().find(target).map(AssetEntry::root);
        if (root.isPresent() && installed.contains(root.get())) {
          run.report(id, reference.pointer(), unknownInPlay(assets, target, installed));
          run.report(id, reference.pointer(), Problem.warning("Overture/InInstalledPlugin", target + " is in plugin " + root.get()
              + ", whose initialState is Installed: play indexes its content only once it is registered, after this reference"
              + " is resolved; make the plugin's initialState Registered (or Active), or move " + target + " out of it"));
        }
      }
    });
  }

  /** The problem play's index gives {@code target}: the same words, with the names it would offer. */
  private static Problem unknownInPlay(AssetManager assets, PrimaryAssetId target, Set<String> installed) {
    List<String> sameType = assets.index().ids(target.type()).stream()
        .filter(other -> assets.index().find(other).map(AssetEntry::root).filter(installed::contains).isEmpty())
        .map(PrimaryAssetId::toString).toList();
    return Problem.error("Overture/UnknownAsset", "No asset " + target + " is indexed")
        .withChoices(sameType.size() > Choices.MAX_LISTED ? "closest" : "indexed", Choices.closest(target.toString(), sameType))
        .withAsset(target.toString());
  }
}
