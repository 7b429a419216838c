package dev.overture.validation;

import dev.overture.asset.AssetTools;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.core.Problem;
import dev.overture.core.SourceLocation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The end of a validation run: its problems, the same problem at the same place kept once, repeats
 * folded and each located at its file, line and column. The cost grows with the problems, not with their square: each asset's file is read once
 * for all of its problems (locating each on its own read the file once a problem: a list repeating
 * one plugin 20,000 times took 29 s to validate, 200,000 more than five minutes), and a problem
 * repeated word for word in one asset (the same plugin listed again and again) is listed {@link
 * #REPEATS_LISTED} times, then once more saying how many it stands for. Stateless.
 */
final class ProblemLocations {

  /** How many times a problem repeated word for word in one asset is listed before it is counted. */
  static final int REPEATS_LISTED = 3;

  /** A problem found in {@code asset} at {@code pointer} (none: not in an asset), to be located. */
  record Found(PrimaryAssetId asset, String pointer, Problem problem) {}

  private ProblemLocations() {}

  /** {@code found}, repeats folded, located; in the order found. */
  static CompletableFuture<List<Problem>> locate(AssetTools tools, dev.overture.feature.GameFeatures features, List<Found> found) {
    List<Found> listed = features == null ? folded(found) : withCauses(features, folded(found));
    Map<PrimaryAssetId, List<Integer>> byAsset = new LinkedHashMap<>();
    for (int i = 0; i < listed.size(); i++) {
      Found item = listed.get(i);
      if (item.asset() != null && item.problem().location().isEmpty()) {
        byAsset.computeIfAbsent(item.asset(), asset -> new ArrayList<>()).add(i);
      }
    }
    Problem[] problems = new Problem[listed.size()];
    for (int i = 0; i < listed.size(); i++) {
      problems[i] = listed.get(i).problem();
    }
    List<CompletableFuture<Void>> located = new ArrayList<>();
    byAsset.forEach((asset, indices) -> {
      List<String> pointers = indices.stream().map(i -> listed.get(i).pointer()).toList();
      located.add(tools.locate(asset, pointers).handle((where, failed) -> {
        for (int k = 0; k < indices.size(); k++) {
          int i = indices.get(k);
          problems[i] = problems[i].at(where != null ? where.get(k) : SourceLocation.at(asset.toString(), pointers.get(k)));
        }
        return null;
      }));
    });
    return CompletableFuture.allOf(located.toArray(CompletableFuture[]::new)).thenApply(ignored -> List.of(problems));
  }

  /** {@code found} with each unknown kind that may follow from a plugin in Error saying so (GameFeatures#asConsequence). */
  private static List<Found> withCauses(dev.overture.feature.GameFeatures features, List<Found> found) {
    List<Found> result = new ArrayList<>(found.size());
    for (Found item : found) {
      result.add(new Found(item.asset(), item.pointer(), features.asConsequence(item.problem())));
    }
    return result;
  }

  /**
   * {@code found} with each problem repeated word for word in one asset (severity, id, message)
   * listed {@link #REPEATS_LISTED} times, then once more, at the next repeat, saying how many more
   * there are: the first few show the fault, the count its extent.
   */
  static List<Found> folded(List<Found> found) {
    found = distinct(found);
    Map<Object, Integer> counts = new HashMap<>();
    for (Found item : found) {
      counts.merge(key(item), 1, Integer::sum);
    }
    Map<Object, Integer> seen = new HashMap<>();
    List<Found> listed = new ArrayList<>();
    for (Found item : found) {
      Object key = key(item);
      int total = counts.get(key);
      int index = seen.merge(key, 1, Integer::sum);
      if (index <= REPEATS_LISTED || total == REPEATS_LISTED + 1) {
        listed.add(item);
      } else if (index == REPEATS_LISTED + 1) {
        Problem problem = item.problem();
        int more = total - REPEATS_LISTED - 1;
        listed.add(new Found(item.asset(), item.pointer(), new Problem(problem.severity(), problem.id(), problem.message()
            + " (here and at " + more + " more places" + (item.asset() == null ? "" : " in " + item.asset()) + ", not listed)",
            problem.asset(), problem.location(), problem.choices())));
      }
    }
    return listed;
  }

  /**
   * {@code found} without the problems that say again what an earlier one said about the same asset
   * at the same place: a file that several loads reach (a camera that two experiences use) is
   * reported by each, but it is one fault, counted once. The same words about two assets stay two.
   */
  private static List<Found> distinct(List<Found> found) {
    java.util.Set<Object> seen = new java.util.HashSet<>();
    List<Found> distinct = new ArrayList<>(found.size());
    for (Found item : found) {
      Problem problem = item.problem();
      Object where = problem.location().isPresent()
          ? problem.location().get()
          : List.of(String.valueOf(item.asset()), String.valueOf(item.pointer()));
      if (seen.add(List.of(problem.severity(), problem.id(), problem.message(), String.valueOf(problem.asset().orElse(null)),
          where))) {
        distinct.add(item);
      }
    }
    return distinct;
  }

  /** What makes two problems repeats of one another. */
  private static Object key(Found item) {
    Problem problem = item.problem();
    return List.of(String.valueOf(item.asset()), problem.severity(), problem.id(), problem.message());
  }
}
