package dev.overture.asset;

import dev.overture.core.Problem;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The references of one load that must not form a cycle ({@code @AssetBundles(acyclic = true)},
 * like an experience's action sets including each other), and the search for cycles among them
 * once every asset is processed. Edges arrive from any worker; {@link #report} runs once, on the
 * thread that finishes the load.
 */
final class ReferenceCycles {

  /** A reference that must not be part of a cycle. */
  private record Edge(AssetKey from, AssetKey to, ReferenceScanner.Step where) {}

  private final Queue<Edge> edges = new ConcurrentLinkedQueue<>();

  /** Notes the acyclic reference from {@code from} to {@code to}, written at {@code where}. */
  void add(AssetKey from, AssetKey to, ReferenceScanner.Step where) {
    edges.add(new Edge(from, to, where));
  }

  /** Reports each cycle made only of acyclic references, once, at the reference that closes it. */
  void report(LoadProblems problems) {
    if (edges.isEmpty()) {
      return;
    }
    Map<AssetKey, List<Edge>> outgoing = new LinkedHashMap<>();
    for (Edge edge : edges) {
      outgoing.computeIfAbsent(edge.from(), k -> new ArrayList<>()).add(edge);
    }
    // Iterative depth-first search: a chain of thousands of references cannot overflow the stack.
    Map<AssetKey, Integer> state = new HashMap<>(); // 1 = on the current path, 2 = done
    Set<Set<AssetKey>> reported = new HashSet<>();
    for (AssetKey start : outgoing.keySet()) {
      if (state.containsKey(start)) {
        continue;
      }
      ArrayDeque<AssetKey> onPath = new ArrayDeque<>();
      ArrayDeque<Iterator<Edge>> iterators = new ArrayDeque<>();
      List<Edge> path = new ArrayList<>();
      state.put(start, 1);
      onPath.push(start);
      iterators.push(outgoing.getOrDefault(start, List.of()).iterator());
      while (!iterators.isEmpty()) {
        Iterator<Edge> next = iterators.peek();
        if (!next.hasNext()) {
          state.put(onPath.pop(), 2);
          iterators.pop();
          if (!path.isEmpty()) {
            path.remove(path.size() - 1);
          }
          continue;
        }
        Edge edge = next.next();
        Integer target = state.get(edge.to());
        if (target == null) {
          state.put(edge.to(), 1);
          path.add(edge);
          onPath.push(edge.to());
          iterators.push(outgoing.getOrDefault(edge.to(), List.of()).iterator());
        } else if (target == 1) {
          reportCycle(edge, path, reported, problems);
        }
      }
    }
  }

  /**
   * Reports the cycle {@code closing} closes over {@code path}, once, in one form whichever of its
   * assets a load started from: from its first asset by label, at the reference that leads back
   * to it. Validate loads each asset on its own, and the same cycle reached from two of its assets
   * was reported twice, each time from another end.
   */
  private static void reportCycle(Edge closing, List<Edge> path, Set<Set<AssetKey>> reported, LoadProblems problems) {
    int from = path.size();
    while (from > 0 && !path.get(from - 1).to().equals(closing.to())) {
      from--;
    }
    List<Edge> cycle = new ArrayList<>(path.subList(from, path.size()));
    cycle.add(closing);
    int first = 0;
    for (int i = 1; i < cycle.size(); i++) {
      if (AssetKey.label(cycle.get(i).to()).compareTo(AssetKey.label(cycle.get(first).to())) < 0) {
        first = i;
      }
    }
    List<AssetKey> chain = new ArrayList<>();
    chain.add(cycle.get(first).to());
    for (int j = 1; j <= cycle.size(); j++) {
      chain.add(cycle.get((first + j) % cycle.size()).to());
    }
    if (!reported.add(new HashSet<>(chain))) {
      return;
    }
    StringBuilder text = new StringBuilder();
    for (AssetKey link : chain) {
      if (text.length() > 0) {
        text.append(" -> ");
      }
      text.append(AssetKey.label(link));
    }
    Edge back = cycle.get(first); // the reference that leads back to the first asset
    Problem problem =
        Problem.error("Overture/ReferenceCycle", "Reference cycle: " + text + "; these references must not loop")
            .withAsset(AssetKey.label(back.from()));
    problems.atReference(problem, back.from(), back.where());
  }
}
