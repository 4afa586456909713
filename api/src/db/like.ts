/** Text to match literally inside a LIKE / ILIKE pattern (the default escape is a backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
