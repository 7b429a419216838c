package dev.overture.asset;

import static dev.overture.asset.TestAssets.id;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Links to nothing are listed (their reads name them), but not an editor's hidden lock link, and a one-file reindex agrees with the scan. */
class DanglingLinksIndexTest {

  @TempDir Path temp;

  /** Emacs keeps a lock file ".#Base.json" beside a file with unsaved edits: a link to "user@host.pid:boot". */
  @Test
  void anEditorsLockLink_doesNotRefuseTheContentRoot() throws Exception {
    Path root = TestAssets.game().writeTo(temp.resolve("game"));
    Files.createSymbolicLink(root.resolve("modes/.#Base.json"), Path.of("dev@laptop.4242:1700000000"));
    try (AssetManager assets = TestAssets.builder(AssetSource.directory(root)).build()) {
      assertEquals(true, assets.index().find(id("Mode:Base")).isPresent());
    }
  }

  /** The full scan and the one-file reindex (live content) must agree on a dangling link. */
  @Test
  void aDanglingLink_isIndexedTheSameByTheScanAndByReindex() throws Exception {
    Path root = TestAssets.game().writeTo(temp.resolve("game"));
    Files.createSymbolicLink(root.resolve("modes/Gone.json"), root.resolve("modes/Missing.json"));
    try (AssetManager assets = TestAssets.builder(AssetSource.directory(root)).build()) {
      boolean scanned = assets.index().find(id("Mode:Gone")).isPresent();
      String root0 = assets.index().find(id("Mode:Base")).orElseThrow().root();
      IndexChange change = assets.tools().reindex(root0, AssetPath.parse("modes/Gone.json"));
      boolean reindexed = assets.index().find(id("Mode:Gone")).isPresent();
      // A reindex of a file still there says UPDATED (its content may have changed), as for any file; not REMOVED.
      assertEquals("true true " + IndexChange.UPDATED, scanned + " " + reindexed + " " + change,
          "scan indexed it: " + scanned + "; reindex of the untouched file: " + change);
    }
  }
}
