package dev.overture.asset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.core.Problem;
import dev.overture.version.AssetVersions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Kinds registered under an interface that inherits its {@code @JsonTypeInfo} from an interface it
 * extends: bound by the inherited property, and named by it in every problem.
 */
class KindsFromInterfacesTest {

  /** Inherits {@code property = "action"} from {@link TestAssets.Action}. */
  interface Move extends TestAssets.Action {}

  record Walk(int steps) implements Move {}

  record Route(List<Move> moves) {}

  private final AssetJson json = json();

  private static AssetJson json() {
    KindRegistry kinds = new KindRegistry();
    kinds.register(Move.class, "Walk", Walk.class);
    return new AssetJson(AssetLimits.defaults(), kinds, AssetVersions.builder().build());
  }

  private Route bind(String document) {
    BindContext context = new BindContext(ContentRoot.GAME, "assets/routes/Home.json", "Route:Home");
    return json.bind(document.getBytes(StandardCharsets.UTF_8), Route.class, context);
  }

  private Problem problem(String document) {
    return assertThrows(AssetLoadException.class, () -> bind(document)).problems().get(0);
  }

  @Test
  void aKindUnderAnInterfaceThatInheritsTheTypeInfo_binds() {
    assertEquals(new Route(List.of(new Walk(2))), bind("{\"moves\": [{\"action\": \"Walk\", \"steps\": 2}]}"));
    assertEquals("action", KindRegistry.kindProperty(Move.class));
    assertEquals("action", KindRegistry.kindProperty(Walk.class));
  }

  @Test
  void problemsNameTheInheritedProperty() {
    Problem unknown = problem("{\"moves\": [{\"action\": \"Run\", \"steps\": 2}]}");
    Problem missing = problem("{\"moves\": [{\"steps\": 2}]}");

    assertEquals("[Overture/UnknownKind] Unknown action \"Run\" for Move (known kinds: \"Walk\")"
        + " at assets/routes/Home.json:1:23 (/moves/0)", unknown.toString());
    assertEquals("[Overture/MissingKind] Missing \"action\": name the kind of Move (known kinds: \"Walk\")"
        + " at assets/routes/Home.json:1:23 (/moves/0)", missing.toString());
  }
}
