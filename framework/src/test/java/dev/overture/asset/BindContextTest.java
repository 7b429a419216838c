package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.version.AssetVersions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bind context reaches the deserializers of the file being bound, and only them: a soft
 * reference takes the root of the file it is written in, the context is gone once the bind ends
 * (bound or refused), and a bind inside a bind gets its own and gives the outer one back.
 */
class BindContextTest {

  record Shelf(List<SoftRef<RawAsset>> items, int size) {}

  private final AssetJson json = new AssetJson(AssetLimits.defaults(), new KindRegistry(), AssetVersions.builder().build());

  private Shelf bind(String document, String root) {
    return json.bind(document.getBytes(StandardCharsets.UTF_8), Shelf.class, new BindContext(root, "shelves/A.json", "Shelf:A"));
  }

  @Test
  void aSoftReference_isInTheRootOfTheFileItIsWrittenIn_andTheContextEndsWithTheBind() {
    Shelf shelf = bind("{ \"items\": [\"a.bin\", \"/Game/b.bin\"] }", "Relics");

    assertEquals(List.of(SoftRef.of("Relics", AssetPath.parse("a.bin"), RawAsset.class),
        SoftRef.of("Game", AssetPath.parse("b.bin"), RawAsset.class)), shelf.items());
    assertNull(BindContext.current());
  }

  @Test
  void aRefusedBind_leavesNoContextBehind() {
    assertThrows(AssetLoadException.class, () -> bind("{ \"size\": \"many\" }", "Relics"));

    assertNull(BindContext.current());
  }

  @Test
  void aBindInsideABind_hasItsOwnContext_andGivesTheOuterOneBack() {
    BindContext outer = new BindContext("Outer", "o.json", "O");
    BindContext previous = outer.enter();
    try {
      Shelf inner = bind("{ \"items\": [\"a.bin\"] }", "Inner");

      assertEquals("Inner", ((SoftRef<?>) inner.items().get(0)).root());
      assertSame(outer, BindContext.current());
    } finally {
      BindContext.exit(previous);
    }
    assertNull(BindContext.current());
  }
}
