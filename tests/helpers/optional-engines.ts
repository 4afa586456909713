import { spawnSync } from 'node:child_process';

// Tests of an optional engine (a server the product can use but does not need, such as Redis for
// the shared counters) run when the engine's server is installed. On a machine without it they
// are not run, and the run says so in one line (tests/setup/optional-engines.ts); CI names the
// engines it installed in REQUIRE_OPTIONAL_ENGINES, and then a missing server fails the run
// instead of skipping its tests.

export interface OptionalEngine {
  /** Its name in REQUIRE_OPTIONAL_ENGINES. */
  name: string;
  /** The server program the tests start. */
  command: string;
  /** Which tests need it. */
  tests: string;
  /** How to get it on a Debian or Ubuntu machine. */
  install: string;
}

export const OPTIONAL_ENGINES = {
  redis: {
    name: 'redis',
    command: 'redis-server',
    tests:
      'the Redis store of the shared counters and of the batched limits (tests/api/shared-counters.test.ts, tests/api/limit-batches.test.ts)',
    install: 'apt-get install -y redis-server',
  },
} as const satisfies Record<string, OptionalEngine>;

export type TOptionalEngineName = keyof typeof OPTIONAL_ENGINES;

/** The engines a run must test (comma-separated names, or "all"). */
export function requiredEngines(value = process.env.REQUIRE_OPTIONAL_ENGINES ?? ''): string[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.includes('all') ? Object.keys(OPTIONAL_ENGINES) : names;
}

const found = new Map<string, boolean>();

/** Whether the engine's server program is on PATH. */
export function isInstalled(engine: OptionalEngine): boolean {
  let installed = found.get(engine.command);
  if (installed === undefined) {
    installed = spawnSync('sh', ['-c', 'command -v "$0"', engine.command]).status === 0;
    found.set(engine.command, installed);
  }
  return installed;
}

/**
 * Whether an engine's tests run here: yes when its server is installed; when it is missing, no,
 * unless the run requires the engine, which is an error.
 */
export function engineTestsRun(name: TOptionalEngineName): boolean {
  const engine = OPTIONAL_ENGINES[name];
  if (isInstalled(engine)) return true;
  if (requiredEngines().includes(name)) throw new Error(missingRequired(engine));
  return false;
}

export const missingRequired = (engine: OptionalEngine) =>
  `${engine.command} is not installed, but REQUIRE_OPTIONAL_ENGINES names ${engine.name}: ` +
  `install it (${engine.install}) so that ${engine.tests} run.`;

export const notRunLine = (engine: OptionalEngine) =>
  `Not run: ${engine.tests}; ${engine.command} is not installed. ` +
  `To run them: ${engine.install}, then npm test.`;
