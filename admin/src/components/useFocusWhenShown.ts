import { useEffect, useRef } from 'react';

/** A ref that takes focus when `shown` becomes true, so a screen reader reads what appeared. */
export function useFocusWhenShown<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}
