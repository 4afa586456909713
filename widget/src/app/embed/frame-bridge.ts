// The form's side of the embed: when shown inside a city's page by embed.js, it reports its
// height and its progress to that page, and only to that page's origin (never '*').

/** Events the host page receives (see docs/embed-example.html). */
export type TEmbedEvent =
  | { type: 'ready'; orgName: string }
  | { type: 'step'; page: number; title: string }
  | { type: 'submitted' }
  | { type: 'error'; code: string };

export const EMBED_MESSAGE_PREFIX = 'backflow:';
const STORAGE_KEY = 'backflow.embedOrigin';

let parentOrigin: string | null = null;

/** The origin embed.js passed in the frame's address (?embed=<origin>), if it is a real origin. */
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

function framed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/** Called once at start-up: remembers the parent's origin and starts reporting the height. */
export function startFrameBridge(root: HTMLElement) {
  if (!framed()) return;
  parentOrigin = readParentOrigin(window.location.search);
  try {
    if (parentOrigin) sessionStorage.setItem(STORAGE_KEY, parentOrigin);
    else parentOrigin = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage may be blocked in third-party frames; the address still carried the origin.
  }
  // Where the browser tells us the real parent, a mismatching claim is dropped.
  const actual = window.location.ancestorOrigins?.[0];
  if (actual && parentOrigin && actual !== parentOrigin) parentOrigin = null;
  if (!parentOrigin) return;
  document.documentElement.classList.add('embedded');
  let lastHeight = 0;
  const observer = new ResizeObserver(() => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    post({ type: 'resize', height });
  });
  observer.observe(root);
}

function post(message: { type: string } & Record<string, unknown>) {
  if (!parentOrigin) return;
  window.parent.postMessage(
    { ...message, type: `${EMBED_MESSAGE_PREFIX}${message.type}` },
    parentOrigin,
  );
}

export function emitEmbedEvent(event: TEmbedEvent) {
  post(event);
}
