package dev.overture.validation;

import dev.overture.core.Problem;
import dev.overture.core.Problems;
import dev.overture.core.Severity;
import dev.overture.core.SourceLocation;
import dev.overture.internal.JsonMappers;
import java.util.Comparator;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The problems a validation found, errors and warnings, ordered by file, line and column.
 *
 * <p>Immutable and thread-safe.
 *
 * @param problems what was found
 */
public record ValidationReport(List<Problem> problems) {

  /** Causes before what may follow from them (GameFeatures#asConsequence), then by file, line and column. */
  private static final Comparator<Problem> ORDER =
      Comparator.comparing((Problem problem) -> problem.message().contains(dev.overture.feature.GameFeatures.MAY_FOLLOW))
          .thenComparing((Problem problem) -> problem.location().map(SourceLocation::file).orElse(problem.asset().orElse("")))
          .thenComparingInt(problem -> problem.location().map(SourceLocation::line).orElse(0))
          .thenComparingInt(problem -> problem.location().map(SourceLocation::column).orElse(0))
          .thenComparing(Problem::id);

  public ValidationReport {
    problems = problems.stream().distinct().sorted(ORDER).toList();
  }

  /** Whether any problem is an error (a CI run fails). */
  public boolean hasErrors() {
    return problems.stream().anyMatch(Problem::isError);
  }

  /** The errors. */
  public List<Problem> errors() {
    return problems.stream().filter(Problem::isError).toList();
  }

  /** The warnings. */
  public List<Problem> warnings() {
    return problems.stream().filter(problem -> problem.severity() == Severity.WARNING).toList();
  }

  /** The report for people, in the numbered style; {@code "Content is valid"} when there is nothing. */
  public String format() {
    if (problems.isEmpty()) {
      return "Content is valid: no problems found.";
    }
    return Problems.format("Validation found " + errors().size() + " error(s) and " + warnings().size() + " warning(s)", problems);
  }

  /** The report for tools: {@code {"errors": n, "warnings": n, "problems": [...]}}. */
  public String toJson() {
    JsonMapper mapper = JsonMappers.builder().build();
    ObjectNode root = mapper.createObjectNode();
    root.put("errors", errors().size());
    root.put("warnings", warnings().size());
    ArrayNode list = root.putArray("problems");
    for (Problem problem : problems) {
      ObjectNode item = list.addObject();
      item.put("severity", problem.severity().name().toLowerCase(java.util.Locale.ROOT));
      item.put("id", problem.id());
      item.put("message", problem.message());
      problem.asset().ifPresent(asset -> item.put("asset", asset));
      problem.location().ifPresent(where -> {
        item.put("file", where.file());
        if (where.line() > 0) {
          item.put("line", where.line());
          item.put("column", where.column());
        }
        if (!where.pointer().isEmpty()) {
          item.put("pointer", where.pointer());
        }
      });
      if (!problem.choices().isEmpty()) {
        ArrayNode choices = item.putArray("choices");
        problem.choices().forEach(choices::add);
      }
    }
    return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root);
  }
}
