import { highlightSegments, type Range } from '../../../domain/search';

/**
 * `text` with the stretches the search matched in <mark> (decision 0064). The ranges come from the
 * server as numbers; the text stays text, so nothing from the database is ever read as HTML.
 */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  if (ranges.length === 0) return text;
  return highlightSegments(text, ranges).map((piece, i) =>
    piece.mark ? (
      <mark key={i} className="rounded-sm bg-maple/20 px-0.5 text-inherit">
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}
