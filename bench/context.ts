import type pg from 'pg';
import { type LoadResult, round, type ServerProcess } from './harness.js';

// What every case receives, and how it reports its figures.

export interface Target {
  /** The figure must be at most (<=) or at least (>=) the value. */
  op: '<=' | '>=';
  value: number;
}

export interface Figure {
  case: string;
  measure: string;
  value: number | null;
  unit: string;
  /** Data size the figure was measured at, e.g. "100k users". */
  scale?: string;
  target?: Target;
  met?: boolean;
}

export class Recorder {
  readonly figures: Figure[] = [];
  /** Cases that broke (errors, 5xx, wrong answers): the run exits non-zero. */
  readonly failures: string[] = [];

  record(figure: Omit<Figure, 'met'>): void {
    const met =
      figure.target && figure.value !== null
        ? figure.target.op === '<='
          ? figure.value <= figure.target.value
          : figure.value >= figure.target.value
        : undefined;
    this.figures.push(met === undefined ? figure : { ...figure, met });
  }

  fail(caseName: string, problem: string): void {
    this.failures.push(`${caseName}: ${problem}`);
  }

  find(caseName: string, measure: string, scale?: string): Figure | undefined {
    return this.figures.find(
      (f) =>
        f.case === caseName && f.measure === measure && (scale === undefined || f.scale === scale),
    );
  }
}

export interface BenchContext {
  quick: boolean;
  /** Seconds of load per autocannon run. */
  loadSeconds: number;
  server: ServerProcess;
  /** Another instance of the same server, on the same database and folder (scale-out case). */
  startInstance(): Promise<ServerProcess>;
  /** A pool on the benchmark database, for fixtures (never for measured work). */
  db: pg.Pool;
  /** The server's document storage folder. */
  uploadsDir: string;
  /** A staff bearer token. */
  token: string;
  recorder: Recorder;
  /** Scratch folder of this run (removed at the end). */
  workDir: string;
}

/** Fails the case when a call answered something other than expected. */
export async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new Error(`${what}: HTTP ${response.status} ${body.slice(0, 300)}`);
  }
  return response;
}

export function staffHeaders(context: BenchContext): Record<string, string> {
  return { authorization: `Bearer ${context.token}` };
}

/** "10k users", "2k users", "100k users". */
export function scaleLabel(users: number, noun = 'users'): string {
  return users >= 1000 ? `${Math.round(users / 1000)}k ${noun}` : `${users} ${noun}`;
}

/**
 * A load run's figures under `label`: its rate, p50 and p99 (against `p99Target`). A run with
 * connection errors, answers other than 2xx or no answer at all breaks the case.
 */
export function recordLoad(
  context: BenchContext,
  caseName: string,
  label: string,
  result: LoadResult,
  p99Target?: Target,
): void {
  if (result.errors || result.non2xx || result.total === 0) {
    context.recorder.fail(
      caseName,
      `${label}: ${result.errors} errors, ${result.non2xx} non-2xx of ${result.total}`,
    );
  }
  const { recorder } = context;
  recorder.record({
    case: caseName,
    measure: `${label} req/s`,
    value: round(result.requestsPerSecond, 0),
    unit: 'req/s',
  });
  recorder.record({ case: caseName, measure: `${label} p50`, value: result.p50, unit: 'ms' });
  recorder.record({
    case: caseName,
    measure: `${label} p99`,
    value: result.p99,
    unit: 'ms',
    target: p99Target,
  });
}
