package dev.overture.feature;

import dev.overture.asset.AssetBundles;
import dev.overture.asset.ClassRef;
import dev.overture.asset.Required;
import dev.overture.asset.SoftRef;
import dev.overture.core.ProblemReporter;
import dev.overture.world.AbilitySystemComponent;
import dev.overture.world.Actor;
import dev.overture.world.ComponentManager;
import dev.overture.world.World;
import java.util.List;
import java.util.Objects;

/**
 * Grants abilities and attribute sets to every actor of a class while active: Lyra's {@code
 * GameFeatureAction_AddAbilities}. Server side (authority) only; an actor without an ability
 * system component gets one through a component request, removed when the action deactivates.
 *
 * <p>Immutable; applied on each world's game thread.
 *
 * @param abilitiesList per actor class, what to grant
 */
public record AddAbilities(List<Entry> abilitiesList) implements WorldActionBase {

  public AddAbilities {
    abilitiesList = abilitiesList == null ? List.of() : List.copyOf(abilitiesList);
  }

  /**
   * What one actor class gets.
   *
   * @param actorClass the actors (and subclasses)
   * @param grantedAbilities ability names
   * @param grantedAttributes attribute sets and their initial values
   * @param abilitySets ability sets to grant, loaded in the {@code server} bundle
   */
  public record Entry(
      @Required("name the actors that get the abilities") ClassRef<Actor> actorClass,
      List<String> grantedAbilities,
      List<AbilitySet.Attributes> grantedAttributes,
      @AssetBundles("server") List<SoftRef<AbilitySet>> abilitySets) {
    public Entry {
      Objects.requireNonNull(actorClass, "actorClass");
      grantedAbilities = grantedAbilities == null ? List.of() : List.copyOf(grantedAbilities);
      grantedAttributes = grantedAttributes == null ? List.of() : List.copyOf(grantedAttributes);
      abilitySets = abilitySets == null ? List.of() : List.copyOf(abilitySets);
    }
  }

  @Override
  public void addToWorld(World world, FeatureContext context) {
    if (!world.netMode().hasServer()) {
      return;
    }
    for (Entry entry : abilitiesList) {
      // Like Lyra's FindOrAddComponentForActor: a counted request, so the component goes with the action.
      context.keep(world.componentManager().addComponentRequest(
          entry.actorClass().type(), AbilitySystemComponent.class, ComponentManager.AddFlag.ADD_UNIQUE));
      PerActor given = new PerActor();
      context.keep(world.componentManager().addExtensionHandler(entry.actorClass().type(), (actor, event) -> {
        if (event.equals(ComponentManager.EXTENSION_ADDED)) {
          grant(actor, entry, context, given);
        } else if (event.equals(ComponentManager.EXTENSION_REMOVED)) {
          given.release(actor);
        }
      }));
      context.keepUndo(given::releaseAll);
    }
  }

  private static void grant(Actor actor, Entry entry, FeatureContext context, PerActor given) {
    AbilitySystemComponent abilities = actor.findComponent(AbilitySystemComponent.class).orElseThrow();
    for (String ability : entry.grantedAbilities()) {
      given.add(actor, abilities.grantAbility(ability));
    }
    for (AbilitySet.Attributes attributes : entry.grantedAttributes()) {
      given.add(actor, abilities.addAttributeSet(
          new AbilitySystemComponent.AttributeSet(attributes.attributeSet(), attributes.initialValues())));
    }
    for (SoftRef<AbilitySet> ref : entry.abilitySets()) {
      // The load has every set of the server bundle, but for one a newer engine saved: the load
      // warned (Overture/NewerAssetReference) that the reference is treated as null, so it grants nothing.
      AbilitySet set = context.assets().getAsset(ref).orElse(null);
      if (set == null) {
        continue;
      }
      for (String ability : set.grantedAbilities()) {
        given.add(actor, abilities.grantAbility(ability));
      }
      for (AbilitySet.Attributes attributes : set.grantedAttributes()) {
        given.add(actor, abilities.addAttributeSet(
            new AbilitySystemComponent.AttributeSet(attributes.attributeSet(), attributes.initialValues())));
      }
    }
  }

  @Override
  public void validate(ProblemReporter problems) {
    for (int i = 0; i < abilitiesList.size(); i++) {
      Entry entry = abilitiesList.get(i);
      if (entry.grantedAbilities().isEmpty() && entry.grantedAttributes().isEmpty() && entry.abilitySets().isEmpty()) {
        problems.warning("Overture/EntryNeverApplies", "/abilitiesList/" + i,
            "The entry for " + entry.actorClass() + " grants nothing");
      }
    }
  }
}
