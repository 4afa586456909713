/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA plus best practices) on the page and expects no
 * violations. axe is evaluated as a string: the site's CSP forbids inline scripts, and
 * page.evaluate is exempt from it.
 */
export async function expectNoAxeViolations(target: Page | Frame, screen: string) {
  await target.evaluate(AXE_SOURCE);
  const violations = (await target.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(c: unknown, o: unknown): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return result.violations;
  })) as AxeViolation[];
  const readable = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(readable, `axe violations on ${screen}`).toEqual([]);
}
