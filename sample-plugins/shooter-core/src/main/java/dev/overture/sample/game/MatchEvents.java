package dev.overture.sample.game;

import dev.overture.world.Handle;
import dev.overture.world.WorldSubsystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A world's feed of {@link MatchEvent}s: the match's rules publish each kill, capture and pickup as
 * it happens, during the world's tick, and every subscriber hears it at once, in the order they
 * subscribed. A subsystem of the world rather than of the match, so a subscriber (the {@code play}
 * command, an inspector) can subscribe before any experience has loaded and keeps hearing the
 * matches of the experiences that follow.
 *
 * <pre>{@code
 * Handle handle = world.subsystem(MatchEvents.class).subscribe(event -> out.println(event.line()));
 * }</pre>
 *
 * <p>Confined to the world's game thread: subscribe, release and hear events there. A subscriber
 * that throws is logged and skipped, so the match goes on as if it had not listened.
 */
public final class MatchEvents implements WorldSubsystem {

  private static final Logger log = LoggerFactory.getLogger(MatchEvents.class);

  private final List<Consumer<? super MatchEvent>> subscribers = new ArrayList<>();

  /** Built by the world. */
  public MatchEvents() {}

  /** Calls {@code subscriber} with every event from now until the handle is released. */
  public Handle subscribe(Consumer<? super MatchEvent> subscriber) {
    Objects.requireNonNull(subscriber, "subscriber");
    Subscription subscription = new Subscription(subscriber);
    subscribers.add(subscription);
    return subscription;
  }

  /** Hands {@code event} to every subscriber (a copy of the list: they may subscribe or release meanwhile). */
  void publish(MatchEvent event) {
    for (Consumer<? super MatchEvent> subscriber : List.copyOf(subscribers)) {
      try {
        subscriber.accept(event);
      } catch (RuntimeException e) {
        log.warn("A match event subscriber failed on {}", event.line(), e);
      }
    }
  }

  @Override
  public void deinitialize() {
    subscribers.clear();
  }

  /** A subscriber and its handle in one. */
  private final class Subscription implements Consumer<MatchEvent>, Handle {
    private final Consumer<? super MatchEvent> subscriber;
    private boolean released;

    Subscription(Consumer<? super MatchEvent> subscriber) {
      this.subscriber = subscriber;
    }

    @Override
    public void accept(MatchEvent event) {
      if (!released) {
        subscriber.accept(event);
      }
    }

    @Override
    public void release() {
      if (!released) {
        released = true;
        subscribers.remove(this);
      }
    }

    @Override
    public boolean isReleased() {
      return released;
    }
  }
}
