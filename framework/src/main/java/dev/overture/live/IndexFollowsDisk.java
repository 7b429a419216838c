package dev.overture.live;

import dev.overture.asset.AssetIndexException;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetPath;
import dev.overture.asset.ContentFile;
import dev.overture.core.Problem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first step of a change: the index follows the disk. It lists files; nothing of a world
 * changes with it. Stateless.
 */
final class IndexFollowsDisk {

  private static final Logger log = LoggerFactory.getLogger(LiveContent.class);

  private IndexFollowsDisk() {}

  /**
   * Brings the index up to date with {@code files}, each root's files at once (one by one, the index
   * was copied once per file), and gives what that found: the problems of the files it could not
   * index, and the warnings the change brought to the index (a link to a folder made in a rule's
   * folder, whose files are not indexed, is said now and not only at the next start).
   */
  static List<Problem> reindex(AssetManager assets, Set<ContentFile> files) {
    Set<Problem> warned = new HashSet<>(assets.index().warnings());
    Map<String, List<AssetPath>> byRoot = new LinkedHashMap<>();
    for (ContentFile file : files) {
      byRoot.computeIfAbsent(file.root(), root -> new ArrayList<>()).add(file.path());
    }
    List<Problem> problems = new ArrayList<>();
    byRoot.forEach((root, paths) -> {
      try {
        assets.tools().reindex(root, paths);
      } catch (AssetIndexException e) {
        problems.addAll(e.problems());
      } catch (IllegalArgumentException e) {
        log.debug("Content root {} went away before {} could be reindexed", root, paths);
      }
    });
    for (Problem warning : assets.index().warnings()) {
      if (!warned.contains(warning)) {
        problems.add(warning);
      }
    }
    return problems;
  }
}
