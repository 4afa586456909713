import { createContext, useContext } from 'react';
import type { TPublicOrgInfo } from './org-info.js';

export interface TFormContext {
  hash: string;
  org: TPublicOrgInfo;
  /** Any network failure in the flow replaces the page with the server-unreachable screen. */
  reportUnreachable(): void;
}

export const FormContext = createContext<TFormContext | null>(null);

export function useForm(): TFormContext {
  const value = useContext(FormContext);
  if (!value) throw new Error('useForm must be used inside a /form/{hash} page');
  return value;
}
