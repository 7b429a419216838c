package dev.overture.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Ctrl+C that arrives before {@code play} starts watching for it: the JVM is already stopping and
 * refuses the hook ("Shutdown in progress"), which reached the user as {@code overture: Shutdown in
 * progress}. The command is asked to stop instead, as the hook would have asked it.
 */
class InterruptionTest {

  @Test
  void aHookTheStoppingJvmRefuses_asksTheCommandToStop_insteadOfFailingIt() {
    try (Interruption interruption = Interruption.watch(hook -> {
      throw new IllegalStateException("Shutdown in progress");
    })) {
      assertTrue(interruption.requested(), "the command stops at once");
    }
  }

  @Test
  void aHookTheJvmTakes_waitsForTheSignal() {
    List<Thread> hooks = new ArrayList<>();
    try (Interruption interruption = Interruption.watch(hooks::add)) {
      assertFalse(interruption.requested());
      assertEquals(1, hooks.size(), "one hook, the stop");
      assertEquals("overture-stop", hooks.get(0).getName());
    }
  }
}
