import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../../../shared/codes.js';
import type { TChangeFormProps } from './change.js';
import type { TChoicesLookup } from './changes-api.js';

/**
 * The choices of an add form, looked up once when it opens (null until they are here), whatever
 * the record re-renders meanwhile; a session that ended, or a failure, is the record's to show.
 */
export function useChoices<T>(
  props: TChangeFormProps,
  lookUp: () => Promise<TChoicesLookup<T>>,
): T | null {
  const [choices, setChoices] = useState<T | null>(null);
  const latest = useRef({ props, lookUp });
  latest.current = { props, lookUp };
  useEffect(() => {
    let current = true;
    latest.current.lookUp().then((lookup) => {
      if (!current) return;
      const { props } = latest.current;
      if (lookup.kind === 'found') setChoices(lookup.choices);
      else if (lookup.kind === 'signedOut') props.sessionEnded(lookup.message);
      else props.problem(lookup.errors.general[0] ?? MESSAGES.serverUnreachable);
    });
    return () => {
      current = false;
    };
  }, []);
  return choices;
}
