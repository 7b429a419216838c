package dev.overture.sample;

import java.io.PrintWriter;

/**
 * Shows load progress: a redrawn bar on a terminal, plain lines at each quarter otherwise (so logs
 * and pipes stay readable). Confined to the thread that prints.
 */
final class ProgressLine {

  private static final int WIDTH = 30;

  private final PrintWriter out;
  private final boolean terminal;
  private final String label;
  private int lastQuarter = -1;

  ProgressLine(PrintWriter out, boolean terminal, String label) {
    this.out = out;
    this.terminal = terminal;
    this.label = label;
  }

  void show(double progress) {
    int percent = (int) Math.floor(progress * 100);
    if (terminal) {
      int filled = (int) Math.floor(progress * WIDTH);
      out.printf("\r%s [%s%s] %3d%%", label, "#".repeat(filled), "-".repeat(WIDTH - filled), percent);
      if (progress >= 1.0) {
        out.println();
      }
    } else {
      int quarter = (int) Math.floor(progress * 4);
      if (quarter > lastQuarter) {
        lastQuarter = quarter;
        out.printf("%s %d%%%n", label, percent);
      }
    }
    out.flush();
  }
}
