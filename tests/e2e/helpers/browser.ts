/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const here = path.dirname(fileURLToPath(import.meta.url));
/** Screenshots and other artifacts (git-ignored). */
export const ARTIFACTS = path.resolve(here, '../../../test-results/e2e');

export interface TestBrowser {
  context: BrowserContext;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Debian's Chromium with a fresh profile; install it with `apt-get install -y chromium`.
 * `locale` sets the browser's language (navigator.languages, Accept-Language).
 */
export async function launchBrowser(options: { locale?: string } = {}): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get update && apt-get install -y chromium`);
  }
  const profile = await mkdtemp(path.join(os.tmpdir(), 'backflow-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    ...(options.locale ? { locale: options.locale } : {}),
  });
  return {
    context,
    async newPage() {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      return page;
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** A page of the site with no language chosen earlier on it (the switch remembers its choice). */
export async function freshPage(browser: TestBrowser, siteUrl: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${siteUrl}/`);
  await page.evaluate(() => localStorage.clear());
  return page;
}

export async function screenshot(page: Page, name: string) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * Presses a control from the keyboard, as a keyboard-only person does. (A mouse click can land
 * in an inline PDF viewer's frame in headless Chromium once the page has scrolled.)
 */
export async function press(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press('Enter');
}

/** The focused element, as its tag and text. */
export const focused = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName}: ${document.activeElement?.textContent}`);

/**
 * Tabs forward until the control has focus, as a keyboard-only person does (bounded, so a
 * control that is never reached fails instead of looping: a form's longest run of controls,
 * the webhook events' 21 checkboxes, fits).
 */
export async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const active = document.activeElement as HTMLInputElement | null;
      return active?.labels?.[0]?.textContent ?? active?.textContent ?? '';
    });
    if (label.trim() === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}
