package dev.overture.experience;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** The tests that run each case in a fresh {@link ExperienceFixture} in a temporary folder, closed after it. */
abstract class WithExperienceFixture {

  @TempDir Path temp;
  ExperienceFixture game;

  @BeforeEach
  void openFixture() {
    game = new ExperienceFixture(temp);
  }

  @AfterEach
  void closeFixture() {
    game.close();
  }
}
