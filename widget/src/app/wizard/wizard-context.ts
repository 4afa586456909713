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

/** The key of the block whose document the target names (chosen files are kept by it). */
export function documentKey(state: TWizardState, target: TDocumentTarget): string | undefined {
  if (target.kind === 'kit') return state.testKits[target.kit]?.key;
  if (target.kind === 'cert') return state.testers[target.tester]?.userCerts[target.cert]?.key;
  // A credential is its holder's, one per type: the company's, or a tester block's.
  const holder = target.owner === 'company' ? 'company' : state.testers[target.owner]?.key;
  return holder === undefined ? undefined : `${holder}.credentials.${target.typeId}`;
}
