package dev.overture.internal;

import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.cfg.MapperBuilderState;
import tools.jackson.databind.cfg.ModuleContextBase;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where Overture's JSON mappers come from: {@link JsonMapper#builder()}'s builder, except that
 * Jackson's {@code java.time} support is set up the first time a mapper meets a {@code java.time}
 * type rather than when the mapper is built.
 *
 * <p>Jackson 3 registers its {@code java.time} handlers in every mapper it builds, and creating them
 * initializes {@code java.time}'s formatters (the ISO formatters and their builder's tables): about
 * 10-25 ms of a command's start-up on two cores, for a type no asset, setting or file of Overture's
 * own uses. A mapper from here reads and writes {@code java.time} values exactly as one from {@link
 * JsonMapper#builder()} does (same handlers, in the same place among the modules'), so a game's asset
 * class with an {@code Instant} in it works unchanged; the handlers are only made later, once per
 * mapper. {@code JsonMappersTest} checks both, type by type.
 *
 * <p>A mapper {@link JsonMapper#rebuild() rebuilt} from one of these is an ordinary one again
 * (Jackson's rebuild makes its own builder); it behaves the same, only without the deferral.
 * Stateless; thread-safe.
 */
public final class JsonMappers {

  private JsonMappers() {}

  /** A builder of a mapper over a default {@link JsonFactory}. */
  public static JsonMapper.Builder builder() {
    return builder(new JsonFactory());
  }

  /** A builder of a mapper over {@code factory}. */
  public static JsonMapper.Builder builder(JsonFactory factory) {
    return new DeferredJavaTimeBuilder(factory, new LazyJavaTime());
  }

  /** A builder whose mapper defers to {@code javaTime}, for tests that look at it. */
  static JsonMapper.Builder builder(LazyJavaTime javaTime) {
    return new DeferredJavaTimeBuilder(new JsonFactory(), javaTime);
  }

  /**
   * Jackson's builder with its one step that sets up {@code java.time} support replaced by {@link
   * LazyJavaTime}'s: the rest of {@code saveStateApplyModules} is Jackson's own, in its order (save
   * the state, java.time's handlers first, then the modules added to the builder, so a module's
   * handlers still win over java.time's).
   */
  private static final class DeferredJavaTimeBuilder extends JsonMapper.Builder {
    private final LazyJavaTime javaTime;

    DeferredJavaTimeBuilder(JsonFactory factory, LazyJavaTime javaTime) {
      super(factory);
      this.javaTime = javaTime;
    }

    @Override
    public MapperBuilderState saveStateApplyModules() {
      if (_savedState == null) {
        _savedState = _saveState();
        ModuleContextBase context = _constructModuleContext();
        javaTime.setupModule(context);
        if (_modules != null) {
          _modules.values().forEach(module -> module.setupModule(context));
          context.applyChanges(this);
        }
      }
      return _savedState;
    }
  }
}
