/**
 * Text the database can hold. PostgreSQL text cannot hold U+0000, so a NUL is refused; a lone UTF-16
 * surrogate (JSON can carry "\ud800") is replaced with U+FFFD, as a UTF-8 decoder does with a broken
 * byte: PostgreSQL's json refuses its escape, and PGlite miscounts such text and cuts what follows.
 */
export const NUL_MESSAGE = 'Text must not contain NUL characters.';

export const containsNul = (text: string): boolean => text.includes('\u0000');

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text with every lone surrogate replaced by U+FFFD; the same string when there is none. */
export function wellFormed(text: string): string {
  return /[\ud800-\udfff]/.test(text) ? text.replace(LONE_SURROGATE, '\ufffd') : text;
}
