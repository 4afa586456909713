import { parseArgs } from 'node:util';

// The command lines of `npm run bench` and `npm run bench:seed`, parsed in one place so a test
// can run every documented invocation through them (docs/BENCHMARKS.md).

export interface BenchOptions {
  quick: boolean;
  /** Full scale; growth is measured from a tenth of it. */
  users: number;
  /** Whether the results are written to bench/results. */
  save: boolean;
  /** Case-name prefixes to run; undefined runs every case. */
  only: string[] | undefined;
  profile: string | undefined;
  statements: boolean;
}

/** Parses `npm run bench -- …`; throws with a message for a bad flag or value. */
export function parseBenchOptions(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    allowNegative: true,
    strict: true,
    options: {
      quick: { type: 'boolean', default: false },
      users: { type: 'string' },
      save: { type: 'boolean' },
      only: { type: 'string' },
      profile: { type: 'string' },
      statements: { type: 'boolean', default: false },
    },
  });
  const quick = values.quick ?? false;
  const users = Number(values.users ?? (quick ? 2000 : 100_000));
  if (!Number.isInteger(users) || users < 500) {
    throw new Error('--users must be a whole number of at least 500');
  }
  const only = values.only
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return {
    quick,
    users,
    // Quick runs and chosen cases are not comparable with a full run, so they are not saved.
    save: values.save ?? (!quick && !only),
    only,
    profile: values.profile,
    statements: values.statements ?? false,
  };
}

export interface SeedOptions {
  users: number;
  /** Leave a throwaway database running until Ctrl-C. */
  keep: boolean;
}

/** Parses `npm run bench:seed -- …`; throws with a message for a bad flag or value. */
export function parseSeedOptions(args: string[]): SeedOptions {
  const { values } = parseArgs({
    args,
    allowNegative: true,
    strict: true,
    options: {
      users: { type: 'string', default: '100000' },
      keep: { type: 'boolean', default: false },
    },
  });
  const users = Number(values.users);
  if (!Number.isInteger(users) || users < 10) {
    throw new Error('--users must be a whole number of at least 10');
  }
  return { users, keep: values.keep ?? false };
}

/** Parses the process's arguments, or prints the problem and exits. */
export function fromCommandLine<T>(parse: (args: string[]) => T): T {
  try {
    return parse(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
