import { createContext, type Dispatch, useContext } from 'react';
import type { TPublicOrgInfo } from '../org/org-info.js';
import type { TDocumentTarget, TWizardAction, TWizardState } from './state.js';

export interface TWizardContext {
  state: TWizardState;
  dispatch: Dispatch<TWizardAction>;
  hash: string;
  org: TPublicOrgInfo;
  /** Chosen files by block key (File objects cannot live in the serializable state). */
  files: Map<string, File>;
  reportUnreachable(): void;
}

export const WizardContext = createContext<TWizardContext | null>(null);

export function useWizard(): TWizardContext {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard must be used inside the wizard');
  return value;
}

export function documentKey(state: TWizardState, target: TDocumentTarget): string | undefined {
  return target.kind === 'kit'
    ? state.testKits[target.kit]?.key
    : state.testers[target.tester]?.userCerts[target.cert]?.key;
}
