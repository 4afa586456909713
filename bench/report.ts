import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { Figure } from './context.js';

// The run's output: a table on stdout and a JSON file with the machine and every figure.

export interface Machine {
  cores: number;
  cpu: string;
  memoryGb: number;
  node: string;
  postgres: string;
  os: string;
  /** 1-minute load average when the run started and ended: other work on the machine. */
  loadAverage: { start: number; end?: number };
}

export async function describeMachine(db: pg.Pool): Promise<Machine> {
  const { rows } = await db.query<{ version: string }>(
    "select current_setting('server_version') as version",
  );
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    postgres: rows[0]?.version ?? 'unknown',
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: { start: os.loadavg()[0] ?? 0 },
  };
}

function shown(figure: Figure): string {
  return figure.value === null ? 'n/a' : `${figure.value}${figure.unit ? ` ${figure.unit}` : ''}`;
}

/** A Markdown table: readable in a terminal and pasted as is into docs/BENCHMARKS.md. */
export function table(figures: Figure[]): string {
  const rows = figures.map((figure) => [
    figure.case,
    figure.measure,
    figure.scale ?? '',
    shown(figure),
    figure.target ? `${figure.target.op} ${figure.target.value} ${figure.unit}`.trim() : '',
    figure.met === undefined ? '' : figure.met ? 'met' : 'MISSED',
  ]);
  const header = ['Case', 'Measure', 'Scale', 'Value', 'Target', ''];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export async function saveResults(
  folder: string,
  results: {
    mode: string;
    startedAt: Date;
    machine: Machine;
    figures: Figure[];
    failures: string[];
  },
): Promise<string> {
  await mkdir(folder, { recursive: true });
  const stamp = results.startedAt.toISOString().slice(0, 19).replace(/:/g, '-');
  const file = path.join(folder, `${stamp}${results.mode === 'quick' ? '-quick' : ''}.json`);
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
