package dev.overture.experience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overture.asset.AssetManager;
import dev.overture.asset.AssetSource;
import dev.overture.asset.PrimaryAssetId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A map may carry a tile grid for games played on one; maps without one still load. */
class MapDefinitionTest {

  @TempDir Path temp;

  private MapDefinition load(String json) throws Exception {
    Files.createDirectories(temp.resolve("maps"));
    Files.writeString(temp.resolve("maps/Yard.json"), json);
    try (AssetManager assets = Experiences.register(AssetManager.builder()).contentRoot(AssetSource.directory(temp)).build()) {
      return assets.loadSynchronously(PrimaryAssetId.parse("Map:Yard"), MapDefinition.class);
    }
  }

  @Test
  void tiles_loadAsRows_topFirst() throws Exception {
    MapDefinition map = load("{ \"title\": \"Yard\", \"tiles\": [\"###\", \"#.#\", \"###\"] }");

    assertEquals(List.of("###", "#.#", "###"), map.tiles());
  }

  @Test
  void aMapWithoutTiles_hasNone_andTheRowsCannotBeChanged() throws Exception {
    MapDefinition map = load("{ \"title\": \"Menu\" }");

    assertEquals(List.of(), map.tiles());
    List<String> rows = new ArrayList<>(List.of("#"));
    MapDefinition copy = new MapDefinition("t", "d", rows);
    rows.add("changed");
    assertEquals(List.of("#"), copy.tiles());
    assertThrows(UnsupportedOperationException.class, () -> copy.tiles().add("x"));
  }
}
