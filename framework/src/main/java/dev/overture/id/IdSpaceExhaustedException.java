package dev.overture.id;

/**
 * No more ids can be handed out: the next free one plus a block would pass {@link Long#MAX_VALUE},
 * the largest id. Nothing was reserved, and no id was handed out twice or wrapped round to a
 * negative one. The message names where, the next free id and the block size.
 */
public final class IdSpaceExhaustedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  IdSpaceExhaustedException(String message) {
    super(message);
  }
}
