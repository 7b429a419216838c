package dev.overture.asset;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Every reference a bound asset holds, in a bundle or not: for tools that check them (validation,
 * resave). Stateless; thread-safe.
 */
public final class AssetReferences {

  /** Shared by every caller: the plans of the classes it has seen are kept, as a manager's are. */
  private static final ReferenceScanner SCANNER = new ReferenceScanner();

  private AssetReferences() {}

  /**
   * One reference.
   *
   * @param pointer where in the asset's JSON it was written
   * @param target a {@link PrimaryAssetId} or a {@link SoftRef}
   */
  public record Reference(String pointer, Object target) {
    public Reference {
      Objects.requireNonNull(pointer, "pointer");
      Objects.requireNonNull(target, "target");
    }
  }

  /** The references {@code asset} (a bound record) holds, in the order of its fields. */
  public static List<Reference> of(Object asset) {
    List<Reference> references = new ArrayList<>();
    for (ReferenceScanner.Found found : SCANNER.scanAll(asset)) {
      references.add(new Reference(ReferenceScanner.Step.pointerOf(found.where()), found.target()));
    }
    return references;
  }
}
