package dev.overture.testing;

import dev.overture.inject.Overture;
import dev.overture.inject.RuntimeSetup;
import dev.overture.world.NetMode;
import java.util.Objects;
import java.util.function.Consumer;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit Jupiter extension that gives each test a fresh {@link TestRuntime} over the same content
 * and closes it after the test (worlds, plugins, loads, the temporary folder).
 *
 * <pre>{@code
 * class ArenaTest {
 *   @RegisterExtension
 *   final OvertureExtension overture = OvertureExtension.withContent(Content.of()
 *           .file("experiences/Arena.json", "{ \"gameFeaturesToEnable\": [\"Combat\"] }")
 *           .file("plugins/Combat/plugin.json", "{ \"version\": \"1.0.0\" }"))
 *       .component("Score", Score.class);
 *
 *   @Test
 *   void arenaActivatesCombat() {
 *     TestWorld world = overture.world("Match").load("Arena").assertLoaded();
 *     assertEquals(List.of(PluginId.of("Combat")), world.activePlugins());
 *   }
 * }
 * }</pre>
 *
 * Register it on an instance field (one runtime per test). It is configured in the vocabulary every
 * Overture builder shares ({@link RuntimeSetup}). The methods other than the configuring ones are
 * for the test's thread, during a test.
 */
public final class OvertureExtension implements BeforeEachCallback, AfterEachCallback, RuntimeSetup<OvertureExtension> {

  private final Content content;
  private final TestRuntime.Builder template;
  private TestRuntime runtime;

  private OvertureExtension(Content content) {
    this.content = Objects.requireNonNull(content, "content");
    this.template = TestRuntime.builder(content);
  }

  /** An extension whose runtimes read {@code content}. */
  public static OvertureExtension withContent(Content content) {
    return new OvertureExtension(content);
  }

  /**
   * Keeps {@code step}, to apply to the builder of every runtime: what the shared vocabulary
   * ({@link RuntimeSetup}: kinds, custom versions, validators...) says goes through here. Repeatable.
   */
  @Override
  public OvertureExtension overture(Consumer<Overture.Builder> step) {
    template.overture(step);
    return this;
  }

  /** The same as {@link #overture}: configures every runtime further. Repeatable. */
  public OvertureExtension configure(Consumer<Overture.Builder> step) {
    return overture(step);
  }

  /** Writes the content to a temporary folder for each test, instead of keeping it in memory. */
  public OvertureExtension onDisk() {
    template.onDisk();
    return this;
  }

  /** The content; a test may add files before it first asks for the runtime. */
  public Content content() {
    return content;
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    runtime = null; // built on first use, so a test can add content first
  }

  @Override
  public void afterEach(ExtensionContext context) {
    if (runtime != null) {
      try {
        runtime.close();
      } finally {
        runtime = null;
      }
    }
  }

  /** This test's runtime, built on first use. */
  public TestRuntime runtime() {
    if (runtime == null) {
      runtime = template.build();
    }
    return runtime;
  }

  /** This test's Overture. */
  public Overture overture() {
    return runtime().overture();
  }

  /** A new standalone world in this test's runtime. */
  public TestWorld world(String name) {
    return runtime().world(name);
  }

  /** A new world of {@code mode} in this test's runtime. */
  public TestWorld world(String name, NetMode mode) {
    return runtime().world(name, mode);
  }

  /** Runs the queued work until there is none. */
  public int pump() {
    return runtime().pump();
  }
}
