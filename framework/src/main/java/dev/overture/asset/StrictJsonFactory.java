package dev.overture.asset;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import tools.jackson.core.JsonEncoding;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.core.io.IOContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.json.JsonFactoryBuilder;
import tools.jackson.core.json.JsonReadContext;
import tools.jackson.core.json.UTF8StreamJsonParser;

/**
 * Jackson's JSON factory with a cheaper check for duplicate property names in the files we read
 * most (plain UTF-8 bytes): the same failure, at the same place, as {@link
 * StreamReadFeature#STRICT_DUPLICATE_DETECTION}, which stays enabled for every other input.
 *
 * <p>Why: Jackson's own check ({@code DupDetector}) fills a new {@code HashSet} for every object
 * of three properties or more; binding a bundle of small items spent a twelfth of its time there.
 * Here each level of nesting keeps its names in a reused array, with a 64-bit filter of their
 * hashes (cached in the canonical name strings) so that a new name is usually accepted after one
 * bit test; objects of many properties switch to a set.
 *
 * <p>Immutable and thread-safe, like the factory it extends; each parser is used by one thread.
 */
final class StrictJsonFactory extends JsonFactory {

  private static final long serialVersionUID = 1L;

  StrictJsonFactory(JsonFactoryBuilder builder) {
    super(builder);
  }

  private StrictJsonFactory(StrictJsonFactory base) {
    super(base);
  }

  @Override
  public JsonFactory copy() {
    return new StrictJsonFactory(this);
  }

  @Override
  protected JsonParser _createParser(ObjectReadContext readContext, IOContext io, byte[] data, int offset, int length) {
    int features = readContext.getStreamReadFeatures(_streamReadFeatures);
    if (!StreamReadFeature.STRICT_DUPLICATE_DETECTION.enabledIn(features)
        || !TokenStreamFactory.Feature.CANONICALIZE_PROPERTY_NAMES.enabledIn(_factoryFeatures)
        || !plainUtf8(data, offset, length)) {
      return super._createParser(readContext, io, data, offset, length);
    }
    // What Jackson's byte source bootstrapper does for UTF-8 without a byte order mark.
    _checkRangeBoundsForByteArray(data, offset, length);
    _streamReadConstraints.validateDocumentLength(length);
    io.setEncoding(JsonEncoding.UTF8);
    return new Parser(
        readContext,
        io,
        features & ~StreamReadFeature.STRICT_DUPLICATE_DETECTION.getMask(),
        readContext.getFormatReadFeatures(_formatReadFeatures),
        _byteSymbolCanonicalizer.makeChild(_factoryFeatures),
        data,
        offset,
        offset + length);
  }

  /**
   * Whether Jackson would read these bytes as UTF-8 with nothing to skip: no byte order mark and
   * no zero byte among the first four (its sign of UTF-16 or UTF-32).
   */
  static boolean plainUtf8(byte[] data, int offset, int length) {
    if (length == 0) {
      return false;
    }
    int first = data[offset] & 0xff;
    if (first == 0xEF || first == 0xFE || first == 0xFF) {
      return false;
    }
    for (int i = offset; i < offset + Math.min(4, length); i++) {
      if (data[i] == 0) {
        return false;
      }
    }
    return true;
  }

  /** Jackson's UTF-8 parser with a read context that checks names itself. */
  private static final class Parser extends UTF8StreamJsonParser {
    Parser(
        ObjectReadContext readContext,
        IOContext io,
        int streamFeatures,
        int formatFeatures,
        tools.jackson.core.sym.ByteQuadsCanonicalizer symbols,
        byte[] data,
        int start,
        int end) {
      super(readContext, io, streamFeatures, formatFeatures, null, symbols, data, start, end, 0, false);
      _streamReadContext = NameCheck.root(this);
    }
  }

  /**
   * A read context that refuses a property name its object already has, with the exception
   * Jackson's own check throws. Contexts are reused level by level (as Jackson's are), and so are
   * their arrays of names.
   */
  private static final class NameCheck extends JsonReadContext {
    /** Beyond this many names an object's names go into a set. */
    private static final int SCANNED = 16;

    private final JsonParser parser;
    private String[] names;
    private int count;
    private long seenHashes;
    private Set<String> many;

    private NameCheck(NameCheck parent, int depth, int type, int line, int column, JsonParser parser) {
      super(parent, depth, null, type, line, column);
      this.parser = parser;
    }

    /** The root context of {@code parser}, as Jackson creates its own. */
    static NameCheck root(JsonParser parser) {
      return new NameCheck(null, 0, TYPE_ROOT, 1, 0, parser);
    }

    @Override
    public JsonReadContext createChildArrayContext(int line, int column) {
      return child(TYPE_ARRAY, line, column);
    }

    @Override
    public JsonReadContext createChildObjectContext(int line, int column) {
      return child(TYPE_OBJECT, line, column);
    }

    private JsonReadContext child(int type, int line, int column) {
      JsonReadContext child = _child;
      if (child == null) {
        child = new NameCheck(this, _nestingDepth + 1, type, line, column, parser);
        _child = child;
        return child;
      }
      return child.reset(type, line, column);
    }

    @Override
    public JsonReadContext reset(int type, int line, int column) {
      count = 0;
      seenHashes = 0;
      many = null;
      return super.reset(type, line, column);
    }

    @Override
    public void setCurrentName(String name) {
      _currentName = name;
      if (isDuplicate(name)) {
        throw new StreamReadException(parser, "Duplicate Object property \"" + name + "\"");
      }
    }

    private boolean isDuplicate(String name) {
      if (many != null) {
        return !many.add(name);
      }
      long bit = 1L << name.hashCode(); // the shift uses the low six bits
      if ((seenHashes & bit) != 0) {
        for (int i = 0; i < count; i++) {
          if (names[i].equals(name)) {
            return true;
          }
        }
      }
      seenHashes |= bit;
      if (count == SCANNED) {
        many = new HashSet<>(Arrays.asList(names));
        many.add(name);
        return false;
      }
      if (names == null) {
        names = new String[SCANNED];
      }
      names[count++] = name;
      return false;
    }
  }
}
