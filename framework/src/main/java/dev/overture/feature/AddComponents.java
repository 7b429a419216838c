package dev.overture.feature;

import dev.overture.asset.ClassRef;
import dev.overture.asset.Required;
import dev.overture.core.ProblemReporter;
import dev.overture.world.Actor;
import dev.overture.world.ActorComponent;
import dev.overture.world.ComponentManager;
import dev.overture.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Adds components to every actor of a class, present and future, while active: Lyra's
 * {@code GameFeatureAction_AddComponents}. A client component is added where the world has a
 * client (standalone, listen server, client), a server component where it has a server
 * (standalone, listen server, dedicated server); a listen server gets both.
 *
 * <pre>{@code
 * { "action": "AddComponents",
 *   "componentList": [ { "actorClass": "Pawn", "componentClass": "ScoreComponent", "server": true, "client": false } ] }
 * }</pre>
 *
 * <p>Immutable; applied on each world's game thread.
 *
 * @param componentList the components to add
 */
public record AddComponents(List<Entry> componentList) implements WorldActionBase {

  public AddComponents {
    componentList = componentList == null ? List.of() : List.copyOf(componentList);
  }

  /**
   * One component for one actor class.
   *
   * @param actorClass the actors that get it (and their subclasses)
   * @param componentClass the component
   * @param client whether clients get it (default true)
   * @param server whether servers get it (default true)
   * @param addUnique whether to skip actors that already have one (default false)
   */
  public record Entry(
      @Required("name the actors that get the component") ClassRef<Actor> actorClass,
      @Required("name the component to add") ClassRef<ActorComponent> componentClass,
      Boolean client,
      Boolean server,
      Boolean addUnique) {
    public Entry {
      Objects.requireNonNull(actorClass, "actorClass");
      Objects.requireNonNull(componentClass, "componentClass");
      client = client == null || client;
      server = server == null || server;
      addUnique = addUnique != null && addUnique;
    }
  }

  @Override
  public void addToWorld(World world, FeatureContext context) {
    ComponentManager components = world.componentManager();
    for (Entry entry : componentList) {
      boolean wanted = (entry.client() && world.netMode().hasClient()) || (entry.server() && world.netMode().hasServer());
      if (wanted) {
        ComponentManager.AddFlag[] flags =
            entry.addUnique() ? new ComponentManager.AddFlag[] {ComponentManager.AddFlag.ADD_UNIQUE} : new ComponentManager.AddFlag[0];
        context.keep(components.addComponentRequest(entry.actorClass().type(), entry.componentClass().type(), flags));
      }
    }
  }

  /** The actor class and the component of each entry. */
  @Override
  public List<Contribution> contributions() {
    List<Contribution> components = new ArrayList<>();
    for (int i = 0; i < componentList.size(); i++) {
      components.add(Contribution.actor(componentList.get(i).actorClass().name(), "/componentList/" + i + "/actorClass"));
      components.add(Contribution.component(componentList.get(i).componentClass().name(), "/componentList/" + i + "/componentClass"));
    }
    return components;
  }

  @Override
  public void validate(ProblemReporter problems) {
    if (componentList.isEmpty()) {
      problems.warning("Overture/EmptyAction", "/componentList", "AddComponents adds nothing: its componentList is empty");
    }
    for (int i = 0; i < componentList.size(); i++) {
      Entry entry = componentList.get(i);
      if (!entry.client() && !entry.server()) {
        problems.warning(
            "Overture/EntryNeverApplies", "/componentList/" + i,
            "Component " + entry.componentClass() + " is neither a client nor a server component: it is never added");
      }
    }
  }
}
