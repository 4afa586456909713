import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

// The test form's service worker, registered from My registrations and the test form with the
// scope /account (My registrations and the test form; no other page of the site is under it).
// It keeps the code of those pages (the build's precache list: the site's entry, My
// registrations', the test form's and the Spanish words) and the page itself, so the test form
// opens without signal; pages are asked of the network first, and the kept page answers when
// the network does not within a few seconds. The calls to /api are never answered from here:
// the test form keeps its data in IndexedDB and says plainly what waits to be sent.

interface TWorkerScope {
  __WB_MANIFEST: { url: string; revision: string | null }[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: () => void): void;
}
declare const self: TWorkerScope;

/**
 * The page every address under the scope opens with when the network does not answer (the
 * site's one page, with its head), kept under an address no link opens, so the precache never
 * answers a navigation the network could.
 */
const SHELL = '/account/test?offline=1';
/** How long a page waits for the network before the kept one answers. */
const NETWORK_WAIT_MS = 4_000;

self.addEventListener('install', () => {
  void self.skipWaiting();
});
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

async function page({ request }: { request: Request }): Promise<Response> {
  const network = fetch(request).catch(() => null);
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), NETWORK_WAIT_MS));
  const answered = await Promise.race([network, late]);
  if (answered) return answered;
  return (await matchPrecache(SHELL)) ?? (await network) ?? Response.error();
}

registerRoute(new NavigationRoute(page, { allowlist: [/^\/account(\/|$|\?)/] }));
