import { PREFILL_FIELDS, type TPrefillField } from '../../embed/events.js';

// Fields a host page (the embed's prefill option) or a link (the form's address) fills in
// advance. Read once at start-up, before the wizard's first move drops the address's query;
// checked by the same rules as typed input before the wizard takes them (prefill-check.ts).

export type TPrefill = Partial<Record<TPrefillField, string>>;

let captured: TPrefill | null = null;

export function capturePrefill(search: string) {
  const address = new URLSearchParams(search);
  const prefill: TPrefill = {};
  for (const field of PREFILL_FIELDS) {
    const value = address.get(field);
    if (value?.trim()) prefill[field] = value;
  }
  captured = Object.keys(prefill).length ? prefill : null;
}

/** The prefill of this page load, handed over once (to the wizard's first page). */
export function takePrefill(): TPrefill | null {
  const prefill = captured;
  captured = null;
  return prefill;
}
