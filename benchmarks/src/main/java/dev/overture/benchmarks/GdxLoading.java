package dev.overture.benchmarks;

import com.badlogic.gdx.ApplicationAdapter;
import com.badlogic.gdx.assets.AssetDescriptor;
import com.badlogic.gdx.assets.AssetLoaderParameters;
import com.badlogic.gdx.assets.AssetManager;
import com.badlogic.gdx.assets.loaders.AsynchronousAssetLoader;
import com.badlogic.gdx.assets.loaders.FileHandleResolver;
import com.badlogic.gdx.assets.loaders.resolvers.AbsoluteFileHandleResolver;
import com.badlogic.gdx.backends.headless.HeadlessApplication;
import com.badlogic.gdx.backends.headless.HeadlessApplicationConfiguration;
import com.badlogic.gdx.files.FileHandle;
import com.badlogic.gdx.utils.Array;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.ObjectMapper;

/**
 * The libGDX way of loading the same files: a headless libGDX application whose {@code
 * AssetManager} loads every item with an asynchronous loader (read and bind on the manager's
 * loader thread, hand over on the thread that calls {@code update()}), driven by the caller, who
 * plays the render thread, with {@code finishLoading()} (libGDX's own loop of {@code update()}
 * until done), then {@code clear()}ed so the next round reads every file again. Binding uses the same Jackson mapper and record as the
 * other variants, so only the loading machinery differs.
 *
 * <p>Not thread-safe: one caller at a time. {@link #close()} stops the application.
 */
final class GdxLoading implements AutoCloseable {

  /** Reads and binds one item on libGDX's loader thread; hands it over on the render thread. */
  static final class ItemLoader extends AsynchronousAssetLoader<GeneratedContent.Item, ItemLoader.Parameters> {

    /** No options. */
    static final class Parameters extends AssetLoaderParameters<GeneratedContent.Item> {}

    private final ObjectMapper mapper;
    // libGDX calls loadAsync then loadSync for one asset at a time, so one slot is enough (its own
    // loaders keep their result in a field the same way).
    private volatile GeneratedContent.Item pending;

    ItemLoader(FileHandleResolver resolver, ObjectMapper mapper) {
      super(resolver);
      this.mapper = mapper;
    }

    @Override
    public void loadAsync(AssetManager manager, String fileName, FileHandle file, Parameters parameter) {
      pending = mapper.readValue(file.readBytes(), GeneratedContent.Item.class);
    }

    @Override
    public GeneratedContent.Item loadSync(AssetManager manager, String fileName, FileHandle file, Parameters parameter) {
      GeneratedContent.Item item = pending;
      pending = null;
      return item;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Array<AssetDescriptor> getDependencies(String fileName, FileHandle file, Parameters parameter) {
      return null;
    }
  }

  private final HeadlessApplication application;
  private final AssetManager manager;
  private final List<String> files;

  GdxLoading(List<Path> items, ObjectMapper mapper) {
    HeadlessApplicationConfiguration config = new HeadlessApplicationConfiguration();
    // The application provides Gdx.files and Gdx.app; its own loop never renders, since the
    // caller's thread plays the render thread.
    config.updatesPerSecond = -1;
    application = new HeadlessApplication(new ApplicationAdapter() {}, config);
    FileHandleResolver resolver = new AbsoluteFileHandleResolver();
    manager = new AssetManager(resolver, false);
    manager.setLoader(GeneratedContent.Item.class, new ItemLoader(resolver, mapper));
    files = new ArrayList<>(items.size());
    for (Path item : items) {
      files.add(item.toAbsolutePath().toString());
    }
  }

  /**
   * Queues every item, runs {@code update()} until done ({@code finishLoading()}), checks that
   * each was loaded, clears the manager and returns the sum of the items' levels.
   */
  long load() {
    for (String file : files) {
      manager.load(file, GeneratedContent.Item.class);
    }
    manager.finishLoading();
    if (manager.getLoadedAssets() != files.size()) {
      throw new IllegalStateException("libGDX loaded " + manager.getLoadedAssets() + " of " + files.size());
    }
    long sum = 0;
    for (String file : files) {
      sum += manager.get(file, GeneratedContent.Item.class).level();
    }
    manager.clear();
    return sum;
  }

  @Override
  public void close() {
    manager.dispose();
    application.exit();
  }
}
