import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registration, StatusToken, User } from '../../api/src/db/entities/index.js';
import {
  LANGUAGE_MODULES,
  SCREEN_MODULES,
  type TManifest,
} from '../../api/src/plugins/first-screen.js';
import { directoryOrganization, tester } from '../api/directory/helpers.js';
import { createStaff, registerTester, staffToken } from './admin/helpers.js';
import { CHROMIUM, CHROMIUM_ARGS } from './helpers/browser.js';
import { describeLoad, loadFirstScreen } from './helpers/first-screen.js';
import {
  changesRequestedStatusPath,
  FIRST_SCREENS,
  type FirstScreen,
  type FirstScreenPaths,
} from './helpers/first-screens.js';
import { createOrganization, type TestOrganization } from './helpers/fixtures.js';
import { DIST, type RunningServer, startServer } from './helpers/server.js';

// The browser budget: each public first screen opened cold in Chromium, in English and Spanish,
// counting every script requested before its first control is usable (gzip) and the longest
// chain of requests that waited on one another. Sizes and chains, never timings: the time a
// phone waits is `npm run bench`'s (docs/BENCHMARKS.md).

const KB = 1024;

let server: RunningServer;
let browser: Browser;
let paths: FirstScreenPaths;

beforeAll(async () => {
  server = await startServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const organization = await createOrganization(server, { requiredCerts: 1 });
  paths = {
    formHash: organization.hash,
    statusPath: await changesRequested(organization),
    directoryPath: await publishedDirectory(),
  };
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** An organization's published directory with a page of testers. */
async function publishedDirectory() {
  const organization = await directoryOrganization(server.app.orm.em.fork());
  for (let i = 0; i < 25; i++) await tester(server.app.orm.em.fork(), { organization });
  return `/testers/${organization.directorySlug}`;
}

/** A registration whose certificate staff rejected: its status page asks for the correction. */
async function changesRequested(organization: TestOrganization) {
  const tester = await registerTester(server, organization);
  const em = server.app.orm.em.fork();
  const user = await em.findOneOrFail(User, { email: tester.email });
  const registration = await em.findOneOrFail(Registration, { user: user.id });
  return changesRequestedStatusPath({
    baseUrl: server.url,
    staffToken: await staffToken(server, await createStaff(server)),
    registrationId: registration.id,
    formHash: organization.hash,
    store: (row) => {
      em.create(StatusToken, {
        registration: row.registrationId,
        tokenHash: row.tokenHash,
        expiresAt: row.expiresAt,
        usedAt: null,
      });
      return em.flush();
    },
  });
}

/** The public site's build manifest: each module's file. */
let manifest: TManifest | undefined;
async function builtManifest(): Promise<TManifest> {
  manifest ??= JSON.parse(
    await readFile(path.join(DIST, 'widget', '.vite', 'manifest.json'), 'utf8'),
  ) as TManifest;
  return manifest;
}

describe('the first screens stay within the browser budget', () => {
  it.each(FIRST_SCREENS.map((screen) => [screen.name, screen] as const))(
    '%s',
    async (_name, screen: FirstScreen) => {
      const load = await loadFirstScreen(
        browser,
        `${server.url}${screen.path(paths)}`,
        screen.control,
        {
          locale: screen.locale,
        },
      );
      const report = `${screen.name}\n${describeLoad(load)}`;
      console.log(report);
      // The document and what it asked for; a page the server writes whole asks for no script.
      if (screen.scriptless) expect(load.bytes.script, report).toBe(0);
      else expect(load.resources.length, report).toBeGreaterThan(1);
      // Nothing is asked for twice (a layout mounted again would look its organization up again).
      const urls = load.resources.map((resource) => resource.url);
      expect(
        urls.filter((url, index) => urls.indexOf(url) !== index),
        report,
      ).toEqual([]);
      // What the screen fetches once it is usable, and other pages' code, is not fetched before.
      const built = Object.values(await builtManifest()).map((chunk) => chunk.file);
      for (const name of [...(screen.later ?? []), ...(screen.foreign ?? [])]) {
        const chunk = new RegExp(`assets/${name}-[\\w-]+\\.js$`);
        expect(
          built.filter((file) => chunk.test(file)),
          `${name} in the build`,
        ).toHaveLength(1);
        expect(
          urls.filter((url) => chunk.test(url)),
          `${name}\n${report}`,
        ).toEqual([]);
      }
      expect(load.bytes.script, report).toBeLessThanOrEqual(screen.budget.scriptKb * KB);
      expect(load.chain.length, report).toBeLessThanOrEqual(screen.budget.chain);
      // The page speaks its language from the first response: its words are on the first screen.
      expect(load.language, report).toBe(screen.language);
    },
  );
});

describe("the server's first-screen hints", () => {
  it('name modules the build has (a renamed screen cannot silently lose its preload)', async () => {
    const manifest = await builtManifest();
    const named = [...Object.values(SCREEN_MODULES).flat(), ...Object.values(LANGUAGE_MODULES)];
    expect(named.length).toBeGreaterThan(4);
    for (const module of named) expect(manifest[module]?.file, module).toMatch(/\.js$/);
  });
});
