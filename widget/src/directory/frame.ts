// The directory's one script, written into its page only when embed.js shows it in a host page's
// frame: it tells that page (and only that page's origin) that the list is ready, its height
// whenever it changes, and what a search found (counts only, never what was typed). The page
// works without it. A classic script of its own (widget/directory-frame.vite.config.ts).
import { readParentOrigin } from '../../../shared/embed-origin.js';
import { EMBED_EVENT_PREFIX, type TEmbedEvent } from '../embed/events.js';

((w: Window, d: Document) => {
  const parent = w.parent !== w ? readParentOrigin(location.search) : null;
  // Where the browser tells the real parent, a mismatching claim is dropped.
  const actual = location.ancestorOrigins?.[0];
  if (!parent || (actual && actual !== parent)) return;
  const post = (event: TEmbedEvent) =>
    w.parent.postMessage({ ...event, type: `${EMBED_EVENT_PREFIX}${event.type}` }, parent);
  const main = d.querySelector<HTMLElement>('main');
  const facts = main?.dataset ?? {};
  post({
    type: 'ready',
    orgName: facts.organization ?? '',
    language: d.documentElement.lang === 'es' ? 'es' : 'en',
    title: d.title,
  });
  if (facts.total !== undefined) {
    post({
      type: 'search',
      total: Number(facts.total),
      page: Number(facts.page),
      filtered: facts.filtered === 'true',
    });
  }
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(d.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    post({ type: 'resized', height });
  }).observe(d.body);
})(window, document);
