import { find } from 'linkifyjs';

/** One piece of a formatted banner: plain text, a web link, or a line break. */
export type TBannerPiece =
  | { kind: 'text'; text: string; bold: boolean }
  | { kind: 'link'; text: string; href: string; bold: boolean }
  | { kind: 'break' };

const BOLD_MARKER = '-b';

/**
 * Splits banner text into pieces: text between two -b markers is bold (an unpaired marker stays
 * as typed), web links become links, line breaks are kept. Never produces HTML.
 */
export function formatBanner(text: string): TBannerPiece[] {
  const pieces: TBannerPiece[] = [];
  const parts = text.split(BOLD_MARKER);
  // With an even number of parts the last marker has no partner: rejoin it as text.
  if (parts.length % 2 === 0) {
    const last = parts.pop() ?? '';
    parts[parts.length - 1] += BOLD_MARKER + last;
  }
  parts.forEach((part, index) => {
    const bold = index % 2 === 1;
    const lines = part.split(/\r\n|\r|\n/);
    lines.forEach((line, lineIndex) => {
      if (lineIndex > 0) pieces.push({ kind: 'break' });
      pushLinked(pieces, line, bold);
    });
  });
  return pieces;
}

function pushLinked(pieces: TBannerPiece[], line: string, bold: boolean) {
  let position = 0;
  for (const match of find(line, 'url')) {
    if (!/^https?:\/\//i.test(match.href)) continue;
    if (match.start > position) {
      pieces.push({ kind: 'text', text: line.slice(position, match.start), bold });
    }
    pieces.push({ kind: 'link', text: match.value, href: match.href, bold });
    position = match.end;
  }
  if (position < line.length) pieces.push({ kind: 'text', text: line.slice(position), bold });
}
