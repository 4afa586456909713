// The host page a frame was shown in, as embed.js names it in the frame's address
// (?embed=<origin>): read by the form's frame bridge and by the directory's server. No imports.

/** The origin in `?embed=`, when it is a real http(s) origin written as browsers write one. */
export function readParentOrigin(search: string): string | null {
  const claimed = new URLSearchParams(search).get('embed');
  if (!claimed) return null;
  try {
    const url = new URL(claimed);
    return url.origin === claimed && /^https?:$/.test(url.protocol) ? claimed : null;
  } catch {
    return null;
  }
}
