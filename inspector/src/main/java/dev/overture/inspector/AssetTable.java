package dev.overture.inspector;

import dev.overture.asset.AssetSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * One asset snapshot, sorted by name and ready to be paged and filtered for each page that looks:
 * taken at most a few times a second, however many pages watch. Immutable.
 */
final class AssetTable {

  private final List<Wire.Asset> rows;
  /** Each row's name, type, state and file in lower case, for filtering without allocating. */
  private final String[] searchable;
  private final int loaded;
  private final int loading;
  private final int failed;
  private final int pinned;
  private final long bytes;
  private final List<Wire.Load> loads;

  private AssetTable(AssetSnapshot snapshot) {
    List<AssetSnapshot.Asset> assets = new ArrayList<>(snapshot.assets());
    assets.sort(Comparator.comparing(AssetSnapshot.Asset::name));
    rows = new ArrayList<>(assets.size());
    searchable = new String[assets.size()];
    int loadedCount = 0;
    int loadingCount = 0;
    int failedCount = 0;
    int pinnedCount = 0;
    for (int i = 0; i < assets.size(); i++) {
      AssetSnapshot.Asset asset = assets.get(i);
      String state = asset.state().name().toLowerCase(Locale.ROOT);
      rows.add(new Wire.Asset(asset.name(), asset.type(), state, asset.pins(), asset.keptBundles().stream().sorted().toList(),
          asset.file(), asset.bytes()));
      searchable[i] = (asset.name() + "\n" + asset.type() + "\n" + state + "\n" + asset.file()).toLowerCase(Locale.ROOT);
      switch (asset.state()) {
        case LOADED -> loadedCount++;
        case LOADING -> loadingCount++;
        case FAILED -> failedCount++;
      }
      if (asset.pins() > 0) {
        pinnedCount++;
      }
    }
    loaded = loadedCount;
    loading = loadingCount;
    failed = failedCount;
    pinned = pinnedCount;
    bytes = snapshot.bytes();
    loads = snapshot.loads().stream()
        .map(load -> new Wire.Load(describe(load), load.bundles().stream().sorted().toList(), load.loaded(), load.total(),
            load.progress(), load.elapsed().toMillis()))
        .toList();
  }

  static AssetTable of(AssetSnapshot snapshot) {
    return new AssetTable(snapshot);
  }

  private static String describe(AssetSnapshot.Load load) {
    List<String> ids = load.requested().stream().map(Object::toString).toList();
    return ids.size() <= 3 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 3)) + " and " + (ids.size() - 3) + " more";
  }

  /** The totals, the loads and the rows {@code view} asks for. */
  Wire.Assets page(AssetView view) {
    List<Wire.Asset> page = new ArrayList<>(Math.min(view.limit(), rows.size()));
    int matching = 0;
    for (int i = 0; i < rows.size(); i++) {
      if (view.filter().isEmpty() || searchable[i].contains(view.filter())) {
        if (matching >= view.offset() && page.size() < view.limit()) {
          page.add(rows.get(i));
        }
        matching++;
      }
    }
    int offset = Math.min(view.offset(), matching);
    return new Wire.Assets(rows.size(), loaded, loading, failed, pinned, bytes, loads, view.filter(), offset, matching, page);
  }
}
