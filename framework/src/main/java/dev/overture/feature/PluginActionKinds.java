package dev.overture.feature;

import dev.overture.asset.AssetExtension;
import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.core.Problem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The kinds a plugin's own {@code actions} use, held to what it may see: the game's, its own and
 * those of the plugins it depends on, which always register before it. Another plugin's kind is
 * refused whether or not that plugin's code happens to have registered already (a race between
 * plugins that do not depend on each other), with {@code Overture/UndeclaredDependency} naming
 * the plugin and the dependency to add; and a kind nobody provides lists only the kinds the
 * plugin may see, so the same descriptor draws the same words in every run. Serial executor only.
 */
final class PluginActionKinds {

  private final AssetManager assets;
  private final PluginCatalog catalog;
  private final Plugin plugin;
  private final AssetExtension own;
  private final AssetSource source;
  private final java.util.Set<PluginId> visible;
  private JsonNode tree;

  PluginActionKinds(AssetManager assets, PluginCatalog catalog, Plugin plugin, AssetExtension own, AssetSource source) {
    this.assets = assets;
    this.catalog = catalog;
    this.plugin = plugin;
    this.own = own;
    this.source = source;
    this.visible = catalog.dependenciesOf(plugin.id);
  }

  /** The plugin that provides kind {@code name} of {@code sort} and that this one may not use. */
  private java.util.Optional<PluginId> invisibleOwner(Contribution.Kind sort, String name) {
    if (own.names(sort == null ? null : sort.base(), name)) {
      return java.util.Optional.empty();
    }
    java.util.Optional<PluginId> owner = catalog.registeredContributorOf(sort, name);
    if (owner.isEmpty() && !registeredByTheGame(sort, name)) {
      owner = catalog.declaredContributorOf(sort, name); // a plugin whose code has not registered yet
    }
    return owner.filter(other -> !other.equals(plugin.id) && !visible.contains(other));
  }

  /** Whether {@code name} is registered and no plugin's code registered it: the game's own. */
  private boolean registeredByTheGame(Contribution.Kind sort, String name) {
    List<Contribution.Kind> sorts = sort != null ? List.of(sort) : List.of(Contribution.Kind.values());
    return sorts.stream().anyMatch(each -> assets.tools().kind(each.base(), name).isPresent());
  }

  private Problem undeclared(Contribution.Kind sort, String name, PluginId owner) {
    return Problem.error("Overture/UndeclaredDependency", "Plugin " + plugin.id + " uses " + sort.toString().toLowerCase(
            java.util.Locale.ROOT) + " \"" + name + "\" of plugin " + owner + ", which it does not depend on; add"
            + " { \"name\": \"" + owner + "\" } to its \"dependencies\"");
  }

  /** The uses, by bound actions, of kinds of plugins this one does not depend on. */
  List<Problem> undeclared(List<GameFeatureAction> actions) {
    List<Problem> problems = new ArrayList<>();
    for (int i = 0; i < actions.size(); i++) {
      GameFeatureAction action = actions.get(i);
      if (action == null) {
        continue;
      }
      List<Contribution> uses = new ArrayList<>();
      assets.tools().kindName(action.getClass()).ifPresent(kind -> uses.add(new Contribution(Contribution.Kind.ACTION, kind, "")));
      uses.addAll(action.contributions());
      for (Contribution use : uses) {
        String pointer = "/actions/" + i + use.pointer();
        invisibleOwner(use.kind(), use.name()).ifPresent(owner -> problems.add(
            undeclared(use.kind(), use.name(), owner).at(catalog.locateInDescriptor(plugin, pointer))));
      }
    }
    return problems;
  }

  /**
   * The binding's problems with each unknown kind or class that another plugin provides turned
   * into {@code Overture/UndeclaredDependency}, and the choices of the others cut to what this
   * plugin may see.
   */
  List<Problem> unknownKinds(List<Problem> problems) {
    List<Problem> result = new ArrayList<>();
    for (Problem problem : problems) {
      boolean kind = problem.id().equals("Overture/UnknownKind");
      if (!kind && !problem.id().equals("Overture/UnknownClass") || problem.location().isEmpty()) {
        result.add(problem);
        continue;
      }
      String pointer = problem.location().get().pointer();
      JsonNode named = descriptorTree().at(pointer);
      if (named.isObject()) {
        named = named.path("action");
      }
      List<Contribution.Kind> sorts = kind ? List.of(Contribution.Kind.ACTION)
          : List.of(Contribution.Kind.COMPONENT, Contribution.Kind.ACTOR, Contribution.Kind.ACTION);
      Problem undeclared = null;
      for (Contribution.Kind sort : sorts) {
        java.util.Optional<PluginId> owner = named.isString() ? invisibleOwner(sort, named.asString()) : java.util.Optional.empty();
        if (owner.isPresent()) {
          undeclared = undeclared(sort, named.asString(), owner.get()).at(problem.location().get());
          break;
        }
      }
      result.add(undeclared != null ? undeclared : visibleChoices(problem, kind ? "known kinds" : "registered"));
    }
    return result;
  }

  /** {@code problem} listing only the choices this plugin may use (the others' change with the order plugins register in). */
  private Problem visibleChoices(Problem problem, String label) {
    List<String> visibleChoices = problem.choices().stream()
        .filter(choice -> invisibleOwner(null, choice).isEmpty())
        .toList();
    String suffix = " (" + label + ": ";
    int start = problem.message().lastIndexOf(suffix);
    if (visibleChoices.size() == problem.choices().size() || start < 0 || problem.message().contains(" more)")) {
      return problem;
    }
    return new Problem(problem.severity(), problem.id(), problem.message().substring(0, start), problem.asset(),
        problem.location(), List.of()).withChoices(label, visibleChoices);
  }

  private JsonNode descriptorTree() {
    if (tree == null) {
      try {
        tree = DescriptorReader.MAPPER.readTree(source.read(PluginOrigin.DESCRIPTOR, dev.overture.asset.AssetLimits.defaults().maxDocumentBytes()));
      } catch (IOException | RuntimeException e) {
        tree = tools.jackson.databind.node.MissingNode.getInstance();
      }
    }
    return tree;
  }

  /** Reads a descriptor as a tree, built only when an unknown-kind problem first needs it (not at start-up). */
  private static final class DescriptorReader {
    static final ObjectMapper MAPPER = dev.overture.internal.JsonMappers.builder().build();
  }
}
