package dev.overture.experience;

import dev.overture.asset.AssetManager;
import dev.overture.asset.LoadHandle;
import dev.overture.asset.LoadResult;
import dev.overture.asset.PrimaryAssetId;
import dev.overture.asset.PrimaryAssetType;
import dev.overture.core.Problem;
import dev.overture.core.ProblemException;
import dev.overture.internal.Choices;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Picks the experience a world starts with, in Lyra's order of precedence: an explicit option
 * ({@code ?Experience=Name} in the travel URL), a developer override, the command line ({@code
 * -Experience=Name}), the map's default, and last the user-facing experience marked {@code
 * isDefaultExperience}. The first source that names one wins; an id that is not indexed is an
 * error naming the known experiences, never a silent fallback to the next source.
 *
 * <p>Messages name a source as the host's user knows it: a host that takes the experience from an
 * option of its own says so with {@link Builder#describe} ({@code describe(Source.URL_OPTION,
 * "--experience")}), and {@link #describe(Source)} gives the same words for its own output.
 *
 * <p>Immutable once built; {@link #select} may be called from any thread.
 */
public final class ExperienceSelection {

  private static final PrimaryAssetType EXPERIENCE = Experiences.EXPERIENCE;
  private static final PrimaryAssetType TILE = Experiences.USER_FACING_EXPERIENCE;

  /** Where a selection came from, highest precedence first. */
  public enum Source {
    URL_OPTION("the URL option"),
    DEVELOPER_OVERRIDE("the developer override"),
    COMMAND_LINE("the command line"),
    MAP_DEFAULT("the map's default"),
    DEFAULT_USER_FACING_EXPERIENCE("the default user-facing experience");

    private final String description;

    Source(String description) {
      this.description = description;
    }

    @Override
    public String toString() {
      return description;
    }
  }

  /**
   * The experience picked and the source that named it.
   *
   * @param id the experience
   * @param source where it came from
   */
  public record Selected(PrimaryAssetId id, Source source) {}

  /** What a source named: text to parse, or an id a host parsed itself. */
  private record Candidate(Source source, String text, PrimaryAssetId id) {
    boolean isEmpty() {
      return id == null && (text == null || text.isBlank());
    }
  }

  private final List<Candidate> candidates;
  /** How the host's messages call each source it described; the others go by their own words. */
  private final java.util.Map<Source, String> descriptions;

  private ExperienceSelection(List<Candidate> candidates, java.util.Map<Source, String> descriptions) {
    this.candidates = List.copyOf(candidates);
    this.descriptions = java.util.Collections.unmodifiableMap(new java.util.EnumMap<>(descriptions));
  }

  /**
   * How messages call {@code source}: the words the host gave it with {@link Builder#describe}
   * ({@code "--experience"}), else its own ({@code "the URL option"}).
   */
  public String describe(Source source) {
    return descriptions.getOrDefault(Objects.requireNonNull(source, "source"), source.toString());
  }

  /** The sources a user can name an experience with, as messages call them: those the host described, else the four. */
  private String givenSources() {
    if (!descriptions.isEmpty()) {
      return String.join(", ", descriptions.values());
    }
    return "URL option, developer override, command line, map default";
  }

  /** A selection with no source set yet. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The experience to start, checked against {@code assets}' index. When no explicit source names
   * one, the user-facing experiences are loaded (asynchronously) to find the default.
   *
   * @return the selection, or a failure ({@link ProblemException}) naming what was wrong
   */
  public CompletableFuture<Selected> select(AssetManager assets) {
    for (Candidate candidate : candidates) {
      if (candidate.isEmpty()) {
        continue;
      }
      try {
        PrimaryAssetId id = candidate.id != null ? candidate.id : PrimaryAssetId.parse(candidate.text.trim(), EXPERIENCE);
        return CompletableFuture.completedFuture(new Selected(check(assets, id, describe(candidate.source)), candidate.source));
      } catch (ProblemException | IllegalArgumentException e) {
        return CompletableFuture.failedFuture(e);
      }
    }
    return loadTiles(assets, 2).thenApply(loaded -> {
      List<PrimaryAssetId> tiles = loaded.tiles();
      LoadResult result = loaded.result();
      LoadHandle handle = loaded.handle();
      try {
        List<UserFacingExperience> defaults = new ArrayList<>();
        List<String> named = new ArrayList<>();
        for (PrimaryAssetId tile : tiles) {
          UserFacingExperience experience = result.get(tile, UserFacingExperience.class);
          if (experience.isDefaultExperience()) {
            defaults.add(experience);
            named.add(tile.toString());
          }
        }
        if (defaults.isEmpty()) {
          throw new ProblemException("No experience was selected", List.of(Problem.error(
                  "Overture/NoExperienceSelected",
                  "No source names an experience (" + givenSources() + ")"
                      + " and no user-facing experience is marked isDefaultExperience")
              .withChoices("experiences", experienceNames(assets, ""))));
        }
        if (defaults.size() > 1) {
          // The fault validate reports (BuiltInChecks), in its id and words, at each tile marked.
          List<Problem> problems = new ArrayList<>();
          for (String tile : named) {
            String file = assets.index().find(PrimaryAssetId.parse(tile)).map(entry -> entry.file()).orElse(tile);
            problems.add(Problem.error("Overture/TwoDefaultExperiences", named.size() + " user-facing experiences are marked the"
                    + " default (" + String.join(", ", named) + "); at most one may be")
                .withAsset(tile).at(dev.overture.core.SourceLocation.at(file, "/isDefaultExperience")));
          }
          throw new ProblemException("No experience was selected", problems);
        }
        PrimaryAssetId id = defaults.get(0).experienceId();
        try {
          check(assets, id, describe(Source.DEFAULT_USER_FACING_EXPERIENCE));
        } catch (ProblemException unknown) {
          String tile = named.get(0);
          String file = assets.index().find(PrimaryAssetId.parse(tile)).map(entry -> entry.file()).orElse(tile);
          Problem problem = unknown.problems().get(0).withAsset(tile);
          // An experience a newer engine saved is located in its own file; an unknown one at the tile that names it.
          throw new ProblemException("No experience was selected", List.of(problem.location().isPresent() ? problem
              : problem.at(dev.overture.core.SourceLocation.at(file, "/experienceId"))));
        }
        return new Selected(id, Source.DEFAULT_USER_FACING_EXPERIENCE);
      } finally {
        handle.release();
      }
    });
  }

  /** The listed tiles, loaded, and the handle that pins them (the caller releases it). */
  private record TileLoad(List<PrimaryAssetId> tiles, LoadHandle handle, LoadResult result) {}

  /**
   * Loads the tiles the index lists. Reading a tile a newer engine saved takes it out of the index
   * (it is not listed, as the seed's content browser does not show it), so a load that failed while
   * the list changed is tried again, once, without it.
   */
  private static CompletableFuture<TileLoad> loadTiles(AssetManager assets, int attempts) {
    List<PrimaryAssetId> tiles = assets.index().ids(TILE);
    LoadHandle handle = assets.loadPrimaryAssets(tiles, List.of());
    return handle.future().handle((result, error) -> {
      if (error == null) {
        return CompletableFuture.completedFuture(new TileLoad(tiles, handle, result));
      }
      handle.release();
      if (attempts > 1 && !assets.index().ids(TILE).equals(tiles)) {
        return loadTiles(assets, attempts - 1);
      }
      return CompletableFuture.<TileLoad>failedFuture(
          error instanceof CompletionException && error.getCause() != null ? error.getCause() : error);
    }).thenCompose(next -> next);
  }

  private static PrimaryAssetId check(AssetManager assets, PrimaryAssetId id, String source) {
    Problem newer = assets.index().newerAssets().get(id);
    if (newer != null) {
      // Not listed, but asked for by id: it needs a newer engine, which is what the user must hear.
      throw new ProblemException("No experience was selected", List.of(newer));
    }
    if (!id.type().equals(EXPERIENCE) || assets.index().find(id).isEmpty()) {
      throw new ProblemException("No experience was selected", List.of(Problem.error(
              "Overture/UnknownExperience",
              notAnExperience(assets, id) + " (named by " + source + ")" + didYouMean(assets, id))
          .withChoices("experiences", experienceNames(assets, id.toString()))));
    }
    return id;
  }

  /**
   * Why {@code id} names no experience: {@code "Map:Arena is an asset of type Map, not an experience"} when it
   * names an indexed asset of another type, else {@code "No experience Map:Arena is indexed"}.
   */
  public static String notAnExperience(AssetManager assets, PrimaryAssetId id) {
    return !id.type().equals(EXPERIENCE) && assets.index().find(id).isPresent()
        ? id + " is an asset of type " + id.type() + ", not an experience"
        : "No experience " + id + " is indexed";
  }

  /** {@code "; did you mean Experience:Elimination?"} when one experience's name is a typo away from {@code id}'s. */
  static String didYouMean(AssetManager assets, PrimaryAssetId id) {
    List<PrimaryAssetId> experiences = assets.index().ids(EXPERIENCE);
    Optional<String> guess = Choices.didYouMean(id.name(), experiences.stream().map(PrimaryAssetId::name).toList())
        .map(name -> EXPERIENCE + ":" + name);
    if (guess.isEmpty() && !id.type().equals(EXPERIENCE)) {
      // A typo in the type ("Experiance:Elimination") rather than in the name.
      guess = Choices.didYouMean(id.toString(), experiences.stream().map(PrimaryAssetId::toString).toList());
    }
    return guess.map(name -> "; did you mean " + name + "?").orElse("");
  }

  private static List<String> experienceNames(AssetManager assets, String wanted) {
    List<String> names = assets.index().ids(EXPERIENCE).stream().map(PrimaryAssetId::toString).toList();
    return Choices.closest(wanted, names);
  }

  /** Collects the sources. Not thread-safe. */
  public static final class Builder {
    private String urlOption;
    private String developerOverride;
    private String commandLine;
    private String mapDefault;
    private final java.util.Map<Source, PrimaryAssetId> ids = new java.util.EnumMap<>(Source.class);
    private final java.util.Map<Source, String> descriptions = new java.util.EnumMap<>(Source.class);

    private Builder() {}

    /**
     * How messages call {@code source}, in the words of the host's user: the option they typed
     * ({@code "--experience"}) rather than Lyra's {@code "the URL option"}. "No experience ... is
     * indexed (named by --experience)"; and when no source names one, the sources listed are those
     * described (a host describes the sources it has), or all four when none is.
     *
     * @throws IllegalArgumentException when {@code words} is blank
     * @throws IllegalStateException when {@code source} was described already
     */
    public Builder describe(Source source, String words) {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(words, "words");
      if (words.isBlank()) {
        throw new IllegalArgumentException("the words for " + source.name() + " are blank");
      }
      if (descriptions.containsKey(source)) {
        throw new IllegalStateException(source.name() + " was already described as \"" + descriptions.get(source) + "\"");
      }
      descriptions.put(source, words);
      return this;
    }

    /**
     * The experience {@code source} names, as an id the host has already read (from its own options,
     * say): nothing is parsed. It takes the place of the text that source was given, if any.
     *
     * @throws IllegalArgumentException for {@link Source#DEFAULT_USER_FACING_EXPERIENCE}, which is
     *     found, not given
     */
    public Builder named(Source source, PrimaryAssetId experience) {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(experience, "experience");
      if (source == Source.DEFAULT_USER_FACING_EXPERIENCE) {
        throw new IllegalArgumentException("the default user-facing experience is found, not given: name another source");
      }
      ids.put(source, experience);
      return this;
    }

    /**
     * The travel URL's options, like {@code ?Experience=Elimination&Bots=3} (or the part after
     * {@code ?}); the {@code Experience} option is used.
     */
    public Builder urlOptions(String options) {
      this.urlOption = option(Objects.requireNonNull(options, "options"), "Experience");
      return this;
    }

    /** A developer's override, from their local settings. */
    public Builder developerOverride(String experience) {
      this.developerOverride = experience;
      return this;
    }

    /** The process arguments; {@code -Experience=Name} (or {@code Experience=Name}) is used. */
    public Builder commandLine(List<String> args) {
      for (String arg : args) {
        String trimmed = arg.startsWith("-") ? arg.substring(1) : arg;
        if (trimmed.regionMatches(true, 0, "Experience=", 0, "Experience=".length())) {
          commandLine = trimmed.substring("Experience=".length());
        }
      }
      return this;
    }

    /** The default experience of the map being played, if it has one. */
    public Builder mapDefault(String experience) {
      this.mapDefault = experience;
      return this;
    }

    /** The selection. */
    public ExperienceSelection build() {
      return new ExperienceSelection(List.of(
          new Candidate(Source.URL_OPTION, urlOption, ids.get(Source.URL_OPTION)),
          new Candidate(Source.DEVELOPER_OVERRIDE, developerOverride, ids.get(Source.DEVELOPER_OVERRIDE)),
          new Candidate(Source.COMMAND_LINE, commandLine, ids.get(Source.COMMAND_LINE)),
          new Candidate(Source.MAP_DEFAULT, mapDefault, ids.get(Source.MAP_DEFAULT))), descriptions);
    }

    private static String option(String options, String key) {
      String query = options.startsWith("?") ? options.substring(1) : options;
      for (String pair : query.split("[?&]")) {
        int equals = pair.indexOf('=');
        if (equals > 0 && pair.substring(0, equals).equalsIgnoreCase(key)) {
          return java.net.URLDecoder.decode(pair.substring(equals + 1), java.nio.charset.StandardCharsets.UTF_8);
        }
      }
      return null;
    }
  }
}
