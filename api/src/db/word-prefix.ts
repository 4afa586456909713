/**
 * A to_tsquery('simple', …) text asking that every typed word start a word of the searched
 * text ("ann smi" → "ann:* & smi:*"); undefined when nothing searchable was typed. The words are
 * letters and digits only, so no tsquery syntax gets through.
 */
export function wordPrefixQuery(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words.map((word) => `${word}:*`).join(' & ');
}
