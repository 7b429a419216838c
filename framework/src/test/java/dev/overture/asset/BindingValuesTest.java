package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overture.core.Problem;
import dev.overture.version.AssetVersions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Limits, raw assets, and values bound from strings: what a content author and a host see. */
class BindingValuesTest {

  interface Body {}

  static final class Knight implements Body {}

  record Holder(
      AssetPath path,
      SoftRef<TestAssets.Icon> icon,
      SoftRef<TestAssets.Icon>[] icons,
      ClassRef<Body> body,
      ClassOrAsset<Body> bodyOrPawn) {}

  private static AssetJson json(AssetLimits limits) {
    KindRegistry kinds = new KindRegistry();
    kinds.register(Body.class, "Knight", Knight.class);
    return new AssetJson(limits, kinds, AssetVersions.builder().build());
  }

  private static BindContext context() {
    return new BindContext(ContentRoot.GAME, "assets/Holder.json", "Test:Holder");
  }

  private static Holder bind(String document) {
    return json(AssetLimits.defaults()).bind(document.getBytes(StandardCharsets.UTF_8), Holder.class, context());
  }

  private static Problem failure(AssetJson json, String document, Class<?> type) {
    AssetLoadException e = assertThrows(AssetLoadException.class,
        () -> json.bind(document.getBytes(StandardCharsets.UTF_8), type, context()));
    assertEquals(1, e.problems().size());
    return e.problems().get(0);
  }

  @Test
  void limitsRefuseZeroAndAcceptOne() {
    AssetLimits ones = new AssetLimits(1, 1, 1, 1, 1, 1);
    assertEquals(1, ones.maxTokenCount());
    String[] names = {"maxDocumentBytes", "maxNestingDepth", "maxStringLength", "maxNameLength", "maxNumberLength", "maxTokenCount"};
    for (int i = 0; i < names.length; i++) {
      int[] v = {1, 1, 1, 1, 1, 1};
      v[i] = 0;
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new AssetLimits(v[0], v[1], v[2], v[3], v[4], v[5]));
      assertEquals(names[i] + " < 1: 0", e.getMessage());
    }
  }

  @Test
  void withersChangeOnlyTheirLimit() {
    AssetLimits d = AssetLimits.defaults();
    assertEquals(new AssetLimits(16 << 20, 7, 1 << 20, 256, 100, 1_000_000), d.withMaxNestingDepth(7));
    assertEquals(new AssetLimits(16 << 20, 64, 7, 256, 100, 1_000_000), d.withMaxStringLength(7));
    assertEquals(new AssetLimits(16 << 20, 64, 1 << 20, 7, 100, 1_000_000), d.withMaxNameLength(7));
    assertEquals(new AssetLimits(16 << 20, 64, 1 << 20, 256, 7, 1_000_000), d.withMaxNumberLength(7));
    assertEquals(new AssetLimits(16 << 20, 64, 1 << 20, 256, 100, 7), d.withMaxTokenCount(7));
    assertEquals(new AssetLimits(7, 64, 1 << 20, 256, 100, 1_000_000), d.withMaxDocumentBytes(7));
  }

  @Test
  void tooLargeNamesTheSizeEvenWhenZero() {
    AssetTooLargeException zero = new AssetTooLargeException("a.json", 0, 10);
    assertEquals("File \"a.json\" is 0 bytes; the largest accepted is 10 bytes (AssetLimits.maxDocumentBytes)", zero.getMessage());
    assertEquals(0, zero.size());
    AssetTooLargeException known = new AssetTooLargeException("a.json", 12, 10);
    assertEquals(12, known.size());
    assertEquals(10, known.limit());
    AssetTooLargeException unknown = new AssetTooLargeException("a.json", -1, 10);
    assertEquals("File \"a.json\" is larger than the limit; the largest accepted is 10 bytes (AssetLimits.maxDocumentBytes)",
        unknown.getMessage());
    assertEquals(-1, unknown.size());
  }

  @Test
  void rawAssetShowsItsBytesReadOnly() throws IOException {
    AssetPath path = AssetPath.parse("server/rules.bin");
    RawAsset raw = new RawAsset(path, "RULES".getBytes(StandardCharsets.UTF_8));
    assertEquals(path, raw.path());
    assertEquals(5, raw.size());
    ByteBuffer view = raw.bytes();
    assertTrue(view.isReadOnly());
    byte[] copy = new byte[view.remaining()];
    view.get(copy);
    assertArrayEquals("RULES".getBytes(StandardCharsets.UTF_8), copy);
    assertArrayEquals("RULES".getBytes(StandardCharsets.UTF_8), raw.open().readAllBytes());
    assertEquals("RawAsset[server/rules.bin, 5 bytes]", raw.toString());
  }

  @Test
  void pathsAndSoftReferencesBind() {
    Holder holder = bind("{ \"path\": \"maps/Arena.json\", \"icon\": \"/Other/icons/a.json\", \"icons\": [\"icons/b.json\"] }");
    assertEquals(AssetPath.parse("maps/Arena.json"), holder.path());
    assertEquals("Other", holder.icon().root());
    assertEquals(AssetPath.parse("icons/a.json"), holder.icon().path());
    assertEquals(TestAssets.Icon.class, holder.icon().type());
    assertEquals(1, holder.icons().length);
    assertEquals(ContentRoot.GAME, holder.icons()[0].root());
    assertEquals(TestAssets.Icon.class, holder.icons()[0].type());
  }

  @Test
  void aRootNameAloneIsRefused() {
    Problem problem = failure(json(AssetLimits.defaults()), "{ \"icon\": \"/Other\" }", Holder.class);
    assertEquals("Overture/InvalidPath", problem.id());
    assertTrue(problem.message().startsWith("Asset path \"/Other\" starts with '/'"), problem.message());
  }

  @Test
  void classesAndAssetsBind() {
    Holder holder = bind("{ \"body\": \"Knight\", \"bodyOrPawn\": \"Knight\" }");
    assertEquals(Knight.class, holder.body().type());
    assertEquals("Knight", holder.body().name());
    assertEquals(Knight.class, holder.bodyOrPawn().classRef().orElseThrow().type());
  }

  @Test
  void aColonFirstIsAnAssetIdNotAClass() {
    Problem problem = failure(json(AssetLimits.defaults()), "{ \"bodyOrPawn\": \":Knight\" }", Holder.class);
    assertEquals("Overture/InvalidReference", problem.id());
  }

  @Test
  void aLongNameIsLocatedAtItsObject() {
    AssetJson json = json(AssetLimits.defaults().withMaxNameLength(20));
    Problem problem = failure(json, "{ \"a\": { \"x\": 1, \"" + "n".repeat(30) + "\": 2 } }", java.util.Map.class);
    assertEquals("Overture/LimitExceeded", problem.id());
    assertEquals("/a", problem.location().orElseThrow().pointer());
  }

  @Test
  void theFirstLimitCrossedIsReported() {
    AssetJson json = json(AssetLimits.defaults().withMaxStringLength(10).withMaxNestingDepth(3));
    Problem problem = failure(json, "{ \"s\": \"" + "x".repeat(20) + "\",\n \"d\": [[[[[]]]]] }", java.util.Map.class);
    assertEquals("Overture/LimitExceeded", problem.id());
    assertTrue(problem.message().contains("AssetLimits.maxStringLength"), problem.message());
    assertEquals("/s", problem.location().orElseThrow().pointer());
  }
}
