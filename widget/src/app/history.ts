import { useSyncExternalStore } from 'react';
import { languageSearch } from './i18n/language.js';

// The address bar as the app's state, in place of a router library (the site has four
// addresses). Each entry the app adds records its position in history.state.idx, so the
// wizard's Back can tell whether the previous entry is still the form.

const listeners = new Set<() => void>();

function recordedIndex(): number | undefined {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}

/** This entry's position among the app's own entries: 0 where the site was opened. */
export function historyIndex(): number {
  return recordedIndex() ?? 0;
}

/** Marks the entry the site was opened at (a reload keeps the mark it had). */
export function startHistory() {
  if (recordedIndex() === undefined) window.history.replaceState({ idx: 0 }, '');
}

/**
 * Shows another address of the site: a new history entry, or in place of this one. The
 * address's language (?lang=) goes along, so a reload keeps it.
 */
export function navigate(path: string, options: { replace?: boolean } = {}) {
  const idx = historyIndex();
  const target = `${path}${languageSearch()}`;
  if (options.replace) window.history.replaceState({ idx }, '', target);
  else window.history.pushState({ idx: idx + 1 }, '', target);
  for (const listener of listeners) listener();
}

/** The browser's Back; the address changes when the browser has moved. */
export function goBack() {
  window.history.back();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const currentPath = () => window.location.pathname;

/** The address's path, re-rendering on navigate() and on Back/Forward. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, currentPath);
}
