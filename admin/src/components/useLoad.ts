import { type DependencyList, useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/** Runs a load on mount and whenever deps change; stale answers are dropped. */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({
    loading: true,
  });
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's.
  const run = useCallback(load, deps);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger.
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    run().then(
      (data) => current && setState({ data, loading: false }),
      (error) => current && setState({ error: error ?? new Error('failed'), loading: false }),
    );
    return () => {
      current = false;
    };
  }, [run, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
