/**
 * The names a /vieworedit/{orgNameParam} path may stand for (spec section 2): the URL-encoded
 * reading first, then the base64-encoded one when the text is valid base64 of UTF-8 text.
 */
export function organizationNameCandidates(rawParam: string): string[] {
  const plain = safeDecode(rawParam);
  const candidates = [plain];
  const fromBase64 = decodeBase64(plain);
  if (fromBase64 && fromBase64 !== plain) candidates.push(fromBase64);
  return candidates.filter((name) => name.trim() !== '');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function decodeBase64(value: string): string | undefined {
  const normalized = value.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(normalized) || normalized.length % 4 === 1) return undefined;
  try {
    const binary = atob(normalized.padEnd(Math.ceil(normalized.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // Control characters mean the text was not a name.
    return [...text].some(isControl) ? undefined : text;
  } catch {
    return undefined;
  }
}

function isControl(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}
