package dev.overture.example;

import dev.overture.object.ObjectInitializer;
import dev.overture.object.Property;
import dev.overture.world.Pawn;

/** A runner: how fast it runs and how far it must go come from its archetype. Game thread only. */
public class Runner extends Pawn {

  @Property double speed = 5;
  @Property double goal = 100;
  /** Saved with the race, so a server can read the last result. */
  @Property double distance;

  /** Built by the object factory. */
  public Runner(ObjectInitializer initializer) {}

  /** Metres per second on an average stride. */
  public double speed() {
    return speed;
  }

  /** The distance to run, metres. */
  public double goal() {
    return goal;
  }

  /** The distance run so far, metres. */
  public double distance() {
    return distance;
  }

  void run(double metres) {
    distance = Math.min(goal, distance + metres);
  }
}
