import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRenderer } from '../../api/src/plugins/server-render.js';
import type { TOrgInfo } from '../../shared/registration.js';

// The server's side of the organization home written into its page: when it renders, what it
// writes where, and when it leaves the page to the browser. The site's real renderer is
// exercised by the browser tests (tests/e2e/widget/server-written.test.ts); here a stand-in
// renderer answers its arguments so the page's assembly can be read exactly.

const PAGE = [
  '<!doctype html><html lang="en"><head><title>Backflow Tester Registration</title>',
  '<link rel="stylesheet" crossorigin href="/assets/site-Ab12Cd34.css">',
  '</head><body><div id="root"></div></body></html>',
].join('');

const ORG: TOrgInfo = {
  org_name: 'Springfield $& Water',
  org_banner: '',
  number_of_certs: 1,
  org_associated_certs: {},
  homePageBanner: '',
  accept_expired_certs: false,
  program_date: '2026-11-26',
};

let webRoot: string;
let bare: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'server-render-'));
  bare = await mkdtemp(path.join(os.tmpdir(), 'server-render-bare-'));
  await mkdir(path.join(webRoot, 'widget-server'));
  await mkdir(path.join(webRoot, 'widget', 'assets'), { recursive: true });
  await writeFile(
    path.join(webRoot, 'widget-server', 'entry-server.js'),
    `export function renderOrgHome(input) {
       return {
         body: '<main>' + input.org.org_name + ' ' + input.language + '</main>',
         title: 'Title of ' + input.org.org_name,
         data: '<script type="application/json" id="first-screen-data">{}</script>',
       };
     }`,
  );
  await writeFile(path.join(webRoot, 'widget', 'assets', 'site-Ab12Cd34.css'), 'main{color:red}');
});

afterAll(async () => {
  await rm(webRoot, { recursive: true, force: true });
  await rm(bare, { recursive: true, force: true });
});

const request = (headers: Record<string, string> = {}) => ({ headers }) as FastifyRequest;
const links = { support: 'mailto:help@example.com', knowledgeBase: 'https://kb.example.com' };

describe('the organization home written by the server', () => {
  it('writes the screen, its title, its data and its stylesheet into the page', async () => {
    const render = serverRenderer({ webRoot, links, orgInfo: async () => ORG });
    const html = await render(request(), PAGE, { hash: 'h', search: '', language: 'es' });
    expect(html).toBe(
      [
        '<!doctype html><html lang="en"><head><title>Title of Springfield $& Water</title>',
        '<style>main{color:red}</style>',
        '</head><body><div id="root"><main>Springfield $& Water es</main></div>',
        '<script type="application/json" id="first-screen-data">{}</script></body></html>',
      ].join(''),
    );
  });

  it('leaves the page to the browser in a frame, for a link that opens no form, and without the build', async () => {
    const found = serverRenderer({ webRoot, links, orgInfo: async () => ORG });
    const page = { hash: 'h', search: '', language: 'en' as const };
    expect(await found(request({ 'sec-fetch-dest': 'iframe' }), PAGE, page)).toBeNull();
    expect(
      await found(request(), PAGE, { ...page, search: 'embed=https%3A%2F%2Fcity.example' }),
    ).toBeNull();
    const none = serverRenderer({ webRoot, links, orgInfo: async () => null });
    expect(await none(request(), PAGE, page)).toBeNull();
    const unbuilt = serverRenderer({ webRoot: bare, links, orgInfo: async () => ORG });
    expect(await unbuilt(request(), PAGE, page)).toBeNull();
  });
});
