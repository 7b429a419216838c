package dev.overture.persistence;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * A server that takes ids from a shared store, printing each: the child JVM of the many-servers
 * tests. Arguments: the database ({@link Backend.Place#childArgs}), then how many ids, the block
 * size, the reservation to hold in (0: none), the marker file of the hold, and {@code wait} to
 * wait for a line on standard input before it opens the store.
 */
public final class IdTakerChild {

  private IdTakerChild() {}

  public static void main(String[] args) throws IOException {
    int at = args[0].equals("sqlite") ? 2 : 1;
    int count = Integer.parseInt(args[at]);
    int blockSize = Integer.parseInt(args[at + 1]);
    int holdAt = Integer.parseInt(args[at + 2]);
    Path marker = Path.of(args[at + 3]);
    if (args.length > at + 4 && args[at + 4].equals("wait")) {
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
    }
    StoreDatabase.TransactionHook hook = holdAt > 0 ? Holds.at("reserving ids", holdAt, marker) : StoreDatabase.TransactionHook.NONE;
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    try (WorldStore store = Holds.builder(args, hook).idBlockSize(blockSize).open(ClassNames.of(Map.of()))) {
      for (int i = 0; i < count; i++) {
        out.println(store.ids().next().value());
        out.flush();
      }
    }
    out.println("done");
    out.flush();
  }
}
