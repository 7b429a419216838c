package dev.overture.sample;

import dev.overture.persistence.IdMigration;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code overture migrate-ids --db FILE}: rewrites the legacy id blobs of a world store (game.db)
 * to UniqueID v3 or StableId v0. Exits 1 when a blob could not be read (it is left as it is).
 */
@Command(name = "migrate-ids", mixinStandardHelpOptions = true, description = "Rewrite the legacy id blobs of a world store (game.db) in a newer layout.")
final class MigrateIdsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--db", paramLabel = "FILE", required = true, description = "The world store.")
  Path db;

  @Option(names = "--to", paramLabel = "LAYOUT", defaultValue = "stable-id", converter = TargetConverter.class,
      description = "v3 or stable-id (default: ${DEFAULT-VALUE}).")
  IdMigration.Target target;

  @Option(names = "--dry-run", description = "Count what would change; write nothing.")
  boolean dryRun;

  @Option(names = "--no-backup", description = "Do not copy the database first.")
  boolean noBackup;

  @Option(names = "--batch", paramLabel = "N", defaultValue = "1000", description = "Rows per transaction (default: ${DEFAULT-VALUE}).")
  int batch;

  @Override
  public Integer call() {
    if (batch < 1) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--batch must be 1 or more, not " + batch);
    }
    IdMigration.Report report = IdMigration.run(db, target, dryRun, !noBackup, batch);
    PrintWriter out = spec.commandLine().getOut();
    out.println(report.format());
    out.flush();
    return report.refused().isEmpty() ? 0 : OvertureCommand.FAILED;
  }

  /** {@code v3} or {@code stable-id}. */
  static final class TargetConverter implements ITypeConverter<IdMigration.Target> {
    @Override
    public IdMigration.Target convert(String value) {
      return IdMigration.Target.parse(value);
    }
  }
}
