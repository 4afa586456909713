import type { TWizardState } from './state.js';

// A reload keeps the wizard where it was: the state lives in sessionStorage (per tab), keyed by
// the form's hash. Chosen files cannot be stored; uploaded links can.

function storageKey(hash: string): string {
  return `backflow.wizard.${hash}`;
}

export function loadWizardState(hash: string): TWizardState | null {
  try {
    const text = sessionStorage.getItem(storageKey(hash));
    if (!text) return null;
    const state = JSON.parse(text) as TWizardState;
    return Array.isArray(state?.path) && typeof state.runId === 'string' ? state : null;
  } catch {
    return null;
  }
}

export function saveWizardState(hash: string, state: TWizardState) {
  try {
    sessionStorage.setItem(storageKey(hash), JSON.stringify(state));
  } catch {
    // Storage full or blocked: the wizard still works, it just does not survive a reload.
  }
}

export function clearWizardState(hash: string) {
  try {
    sessionStorage.removeItem(storageKey(hash));
  } catch {
    // Nothing to clear.
  }
}

export function newRunId(): string {
  return crypto.randomUUID();
}
