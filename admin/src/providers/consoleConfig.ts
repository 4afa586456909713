import { useEffect, useState } from 'react';
import { useStaffApi } from '../components/api';
import type { ConsoleConfig } from './types';

let cached: Promise<ConsoleConfig> | undefined;

/** Run-time settings (Google client id, production flag), fetched once per page load. */
export function useConsoleConfig(): ConsoleConfig | undefined {
  const api = useStaffApi();
  const [config, setConfig] = useState<ConsoleConfig>();
  useEffect(() => {
    let current = true;
    cached ??= api.getConsoleConfig();
    cached.then((value) => current && setConfig(value));
    return () => {
      current = false;
    };
  }, [api]);
  return config;
}
