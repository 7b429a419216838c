package dev.overture.world;

/**
 * A piece of behaviour or data attached to an {@link Actor}. Components are created by the world
 * ({@link Actor#addComponent}, or by a component request of the {@link ComponentManager}); they
 * begin play when their actor has, and end play when removed or when the actor ends.
 *
 * <p>Confined to the world's game thread, like the actor.
 */
public abstract class ActorComponent {

  private Actor owner;
  private boolean playing;

  protected ActorComponent() {}

  final void attach(Actor actor) {
    if (owner != null) {
      throw new IllegalStateException(this + " already belongs to " + owner);
    }
    owner = actor;
  }

  /** The actor this component belongs to. */
  public final Actor owner() {
    if (owner == null) {
      throw new IllegalStateException(getClass().getSimpleName() + " belongs to no actor yet");
    }
    return owner;
  }

  /** The world of its actor. */
  public final World world() {
    return owner().world();
  }

  /** Whether the component has begun and not ended play. */
  public final boolean isPlaying() {
    return playing;
  }

  final void startPlay() {
    if (!playing) {
      playing = true;
      beginPlay();
    }
  }

  final void stopPlay(EndPlayReason reason) {
    if (playing) {
      playing = false;
      endPlay(reason);
    }
  }

  /** Called once when the component starts playing. */
  protected void beginPlay() {}

  /** Called once when the component stops playing. */
  protected void endPlay(EndPlayReason reason) {}

  /** Called every tick while playing, if {@link #wantsTick()}. */
  protected void tick(double deltaSeconds) {}

  /** Whether {@link #tick} should be called; false by default. */
  protected boolean wantsTick() {
    return false;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + (owner == null ? "" : " of " + owner.name());
  }
}
