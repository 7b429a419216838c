package dev.overture.world;

/**
 * A task handed to a world's executor that wants to hear if the world closes before running it
 * ({@link World#droppable}): {@code onDropped} runs, on the closing thread, in its place.
 * Immutable.
 */
record DroppableTask(Runnable task, Runnable onDropped) implements Runnable {
  @Override
  public void run() {
    task.run();
  }
}
