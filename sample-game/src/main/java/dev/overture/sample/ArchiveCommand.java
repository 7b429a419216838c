package dev.overture.sample;

import dev.overture.archive.ArchiveFormatException;
import dev.overture.archive.ArchiveHeader;
import dev.overture.archive.ArchiveReader;
import dev.overture.archive.IdArchives;
import dev.overture.internal.BoundedFiles;
import dev.overture.version.CustomVersionRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code overture archive inspect FILE | --hex HEX}: what a binary archive (a game.db blob) holds. */
@Command(addMethodSubcommands = false, name = "archive", mixinStandardHelpOptions = true, description = "Binary archive tools.", subcommands = {ArchiveCommand.Inspect.class, CommandLine.HelpCommand.class})
final class ArchiveCommand {

  /** Prints the header, the custom versions (named where registered) and the ids. */
  @Command(addMethodSubcommands = false, name = "inspect", mixinStandardHelpOptions = true, description = "Print an archive's header, custom versions and id values.")
  static final class Inspect implements Callable<Integer> {

    @Spec CommandSpec spec;

    @ArgGroup(multiplicity = "1")
    Source source;

    // The largest archive file read: a world store's property blobs are a few hundred bytes.
    @Option(names = "--max-bytes", paramLabel = "N", defaultValue = "16777216",
        description = "The largest archive read, from FILE or --hex, in bytes (default: ${DEFAULT-VALUE}).")
    long maxBytes;

    /** The archive: a file, or hex digits. */
    static final class Source {
      @Parameters(paramLabel = "FILE", description = "A file holding the archive's bytes.")
      Path file;

      @Option(names = "--hex", paramLabel = "HEX", description = "The archive's bytes as hex digits (spaces allowed).")
      String hex;
    }

    @Override
    public Integer call() throws IOException {
      byte[] bytes;
      if (maxBytes < 0 || maxBytes > Integer.MAX_VALUE - 8) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--max-bytes: 0 to " + (Integer.MAX_VALUE - 8) + ", not " + maxBytes);
      }
      if (source.file != null) {
        try {
          bytes = BoundedFiles.read(source.file, maxBytes, "archive inspect --max-bytes");
        } catch (NoSuchFileException e) {
          throw new IllegalArgumentException(source.file + ": no such file"
              + "; give an archive file (a world store's property blob saved to a file, for example) or --hex");
        } catch (IOException e) {
          // NotARegularFileException and FileTooLargeException name the file and say what is wrong.
          throw new IllegalArgumentException(e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null
              ? e.getMessage() : source.file + ": cannot be read (" + e.getMessage() + ")");
        }
      } else {
        String digits = source.hex.replaceAll("\\s", "");
        for (int i = 0; i < digits.length(); i++) {
          char c = digits.charAt(i);
          boolean hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); // ASCII only, as HexFormat reads
          if (!hex) {
            // Said by its place among the digits (spaces not counted), not in the JDK's words ("= 122").
            throw new CommandLine.ParameterException(spec.commandLine(), "--hex: '" + digits.charAt(i) + "' at digit " + (i + 1)
                + " is not a hex digit; give pairs of 0-9 and a-f (spaces between them are ignored)");
          }
        }
        if (digits.length() % 2 != 0) {
          throw new CommandLine.ParameterException(spec.commandLine(), "--hex: " + digits.length() + " digits, an odd count;"
              + " give whole bytes, two digits each");
        }
        bytes = HexFormat.of().parseHex(digits);
        if (bytes.length > maxBytes) { // the same limit as a file's
          throw new IllegalArgumentException("--hex holds " + bytes.length + " bytes; the largest accepted is " + maxBytes
              + " bytes (archive inspect --max-bytes)");
        }
      }
      CustomVersionRegistry registry = VersionCommand.registry();
      PrintWriter out = spec.commandLine().getOut();
      ArchiveHeader header;
      try {
        header = ArchiveHeader.read(new ArchiveReader(bytes));
      } catch (ArchiveFormatException e) {
        throw new IllegalArgumentException(what() + " is not an archive: " + e.getMessage());
      }
      out.printf("%d bytes%n", bytes.length);
      ArchiveHeader.FileVersions newest = ArchiveHeader.FileVersions.CURRENT;
      out.printf("Package versions: UE4 %d%s, UE5 %d%s, licensee %d%s%n",
          header.fileVersionUE4(), newer(header.fileVersionUE4(), newest.ue4()),
          header.fileVersionUE5(), newer(header.fileVersionUE5(), newest.ue5()),
          header.fileVersionLicensee(), newer(header.fileVersionLicensee(), newest.licensee()));
      List<String> custom = header.describe(registry);
      out.printf("Custom versions (%d)%s%n", custom.size(), custom.isEmpty() ? "" : ":");
      custom.forEach(line -> out.println("  " + line));
      out.flush();
      if (IdArchives.holdsIds(header)) {
        IdArchives.Decoded decoded;
        try {
          decoded = IdArchives.decode(bytes);
        } catch (ArchiveFormatException e) {
          throw new IllegalArgumentException(what() + ": " + e.getMessage());
        }
        out.printf("Layout: %s%s%n", switch (decoded.layout()) {
          case LEGACY_V2 -> "UniqueID v2 (legacy)";
          case LEGACY_V3 -> "UniqueID v3";
          case STABLE_ID -> "StableId v0";
        }, decoded.carriesBoth() ? ", with the StableId custom version too" : "");
        out.printf("Ids (%d):%n", decoded.values().size());
        for (IdArchives.Value id : decoded.values()) {
          // A legacy 0 is a real id (only StableId uses 0 for none), so it is printed as a value.
          out.println(id.isNull() ? "  none" : String.format("  %d (0x%016X)", id.value(), id.value()));
        }
      } else {
        out.println("Holds no ids.");
      }
      out.flush();
      return 0;
    }

    /** The archive as the user gave it, for messages: its file, or the hex given. */
    private String what() {
      return source.file != null ? source.file.toString() : "the --hex bytes";
    }

    private static String newer(int value, int newest) {
      return value > newest ? " (newer than this build's " + newest + ")" : "";
    }
  }
}
