package dev.overture.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import dev.overture.feature.internal.BuiltIns;
import dev.overture.testing.Content;
import dev.overture.testing.ManualExecutor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile review: a jar of a megabyte or two holding an entry point's class file of 1.5 GB of
 * zeros stalled every command for half a minute and spent the memory before failing. A class file
 * past the limit is refused, unread, with the plugin, the class and the size named.
 */
class OversizedClassTest {

  @TempDir Path temp;

  @Test
  void aClassFileThatWouldUnpackPastTheLimit_isRefusedUnread() throws Exception {
    Path jars = Files.createDirectories(temp.resolve("jars"));
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jars.resolve("bloat.jar")))) {
      zip.putNextEntry(new ZipEntry("plugin.json"));
      zip.write("{ \"name\": \"Bloat\", \"version\": \"1.0.0\", \"entryPoint\": \"bloat.P\" }".getBytes(StandardCharsets.UTF_8));
      zip.putNextEntry(new ZipEntry("bloat/P.class"));
      byte[] zeros = new byte[1 << 20];
      for (long written = 0; written <= PluginClassLoader.MAX_CLASS_BYTES; written += zeros.length) {
        zip.write(zeros);
      }
    }
    Path game = Content.of().file("pawns/Keeper.json", "{ \"pawnClass\": \"Pawn\" }").writeTo(temp.resolve("game"));
    ManualExecutor workers = new ManualExecutor();
    ManualExecutor serial = new ManualExecutor();
    try (AssetManager assets = BuiltIns.register(AssetManager.builder())
            .contentRoot(AssetSource.directory(game)).executor(workers).build();
        GameFeatures features = GameFeatures.builder(assets).executor(serial).pluginJars(jars).build()) {
      while (serial.runAll() + workers.runAll() > 0) {
        // until the plugins reached their initial states
      }
      assertThrows(CompletionException.class, () -> features.ready().join());
      Problem problem = features.failure(PluginId.of("Bloat")).orElseThrow().problems().get(0);
      assertEquals("Overture/EntryPointFailed", problem.id());
      assertEquals("The entry point \"bloat.P\" of plugin Bloat failed while registering: the class bloat.P of plugin Bloat would"
          + " unpack to " + (PluginClassLoader.MAX_CLASS_BYTES + (1 << 20)) + " bytes, past the " + PluginClassLoader.MAX_CLASS_BYTES
          + " a class file may have; it was not read (is the jar damaged, or built to harm?)", problem.message());
    }
  }
}
