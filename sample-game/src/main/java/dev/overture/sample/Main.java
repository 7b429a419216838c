package dev.overture.sample;

import picocli.CommandLine;

/** Entry point of {@code overture.jar}: runs the command line and exits with its code. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    System.exit(OvertureCommand.commandLine(args).execute(args));
  }
}
