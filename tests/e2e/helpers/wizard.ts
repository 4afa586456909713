/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';

export type Surface = Page | Frame;

/** Waits until the wizard shows the page with this heading. */
export async function expectStep(surface: Surface, title: string) {
  await surface.getByRole('heading', { level: 1, name: title }).waitFor();
}

/** Get Started on the organization home, then the wizard's first page. */
export async function getStarted(surface: Surface) {
  await surface.getByRole('button', { name: 'Get Started' }).first().click();
  await expectStep(surface, 'User Type');
}

export async function next(surface: Surface) {
  await surface.getByRole('button', { name: /^(Next|Submit)$/ }).click();
}

export interface CompanyData {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone?: string;
}

export async function fillCompany(surface: Surface, company: CompanyData) {
  await surface.getByLabel('Company Name', { exact: true }).fill(company.name);
  if (company.phone) await surface.getByLabel('Company Phone', { exact: true }).fill(company.phone);
  await surface.getByLabel('Company Address', { exact: true }).fill(company.address);
  await surface.getByLabel('City', { exact: true }).fill(company.city);
  await surface.getByLabel('State', { exact: true }).selectOption(company.state);
  await surface.getByLabel('Postal Code', { exact: true }).fill(company.zip);
}

export interface PersonData {
  first: string;
  last: string;
  email: string;
  phone?: string;
}

/** Fills the person fields inside the block (fieldset) whose legend is `block`. */
export async function fillPerson(surface: Surface, block: string, person: PersonData) {
  const group = surface.getByRole('group', { name: block, exact: true });
  await group.getByLabel('First Name', { exact: true }).fill(person.first);
  await group.getByLabel('Last Name', { exact: true }).fill(person.last);
  await group.getByLabel('Email', { exact: true }).fill(person.email);
  if (person.phone) await group.getByLabel('Phone', { exact: true }).fill(person.phone);
}

export async function expectTitle(page: Page, pattern: RegExp) {
  await expect.poll(() => page.title()).toMatch(pattern);
}

/** Presses Tab until the focused button (or field) is labelled `name`; fails after 60 presses. */
export async function tabToElement(page: Page, name: RegExp, role: 'button' | 'field' = 'button') {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const matches = await page.evaluate(
      ({ source, role }) => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return false;
        const tag = el.tagName.toLowerCase();
        const label =
          el.getAttribute('aria-label') ??
          (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
          el.textContent ??
          '';
        const isRole = role === 'button' ? tag === 'button' : ['input', 'select'].includes(tag);
        return isRole && new RegExp(source).test(label.trim());
      },
      { source: name.source, role },
    );
    if (matches) return;
  }
  throw new Error(`could not reach ${name} with Tab`);
}
