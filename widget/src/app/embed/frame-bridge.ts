// The form's side of the embed: when shown inside a city's page by embed.js, it reports its
// height and its progress to that page, and only to that page's origin (never '*').
import { readParentOrigin } from '../../../../shared/embed-origin.js';
import { EMBED_EVENT_PREFIX, type TEmbedEvent } from '../../embed/events.js';

const STORAGE_KEY = 'backflow.embedOrigin';

let parentOrigin: string | null = null;

/** Whether the site is shown inside another page's frame (the embed, or any other). */
export function framed(): boolean {
  // The server renders the organization home only for pages that are not framed.
  if (typeof window === 'undefined') return false;
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
    emitEmbedEvent({ type: 'resized', height });
  });
  observer.observe(root);
}

/** Tells the host page (when there is one) what happened, as `backflow:<type>`. */
export function emitEmbedEvent(event: TEmbedEvent) {
  if (!parentOrigin) return;
  window.parent.postMessage({ ...event, type: `${EMBED_EVENT_PREFIX}${event.type}` }, parentOrigin);
}
