import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// Redocly's recommended rules over an OpenAPI document (the @redocly/cli devDependency), for
// the tests of /api/docs and /api/v1/openapi.json.

const here = path.dirname(fileURLToPath(import.meta.url));
const REDOCLY = path.resolve(here, '../../node_modules/.bin/redocly');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/** The document's problems under `redocly lint --extends recommended`, one line each. */
export async function lintOpenApi(
  document: unknown,
): Promise<{ errors: string[]; warnings: string[] }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'backflow-openapi-'));
  const file = path.join(folder, 'openapi.json');
  try {
    await writeFile(file, JSON.stringify(document));
    const args = ['lint', file, '--extends', 'recommended', '--format', 'json'];
    // Exit code 1 when there are errors; the report is on stdout either way.
    const { stdout } = await promisify(execFile)(REDOCLY, args, {
      cwd: folder,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const { problems } = JSON.parse(stdout) as { problems: LintProblem[] };
    const line = (problem: LintProblem) =>
      `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`;
    return {
      errors: problems.filter((problem) => problem.severity === 'error').map(line),
      warnings: problems.filter((problem) => problem.severity === 'warn').map(line),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
