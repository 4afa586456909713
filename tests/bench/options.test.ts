import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseBenchOptions, parseSeedOptions } from '../../bench/options.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every `npm run bench[:seed] -- …` command the docs show, as [script, arguments]. */
function documentedCommands(): [string, string[]][] {
  const commands: [string, string[]][] = [];
  for (const file of ['docs/BENCHMARKS.md', 'README.md', 'docs/deploy.md']) {
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(/npm run (bench(?::seed)?)(?: -- ([^#`\n|]*))?/g)) {
      const args = (match[2] ?? '').trim().split(/\s+/).filter(Boolean);
      commands.push([match[1] as string, args]);
    }
  }
  return commands;
}

describe('benchmark command lines', () => {
  it('parses every command the docs show, flags included', () => {
    const commands = documentedCommands();
    expect(commands.some(([, args]) => args.includes('--no-save'))).toBe(true);
    expect(commands.filter(([script]) => script === 'bench:seed').length).toBeGreaterThan(0);
    for (const [script, args] of commands) {
      const parse = script === 'bench' ? parseBenchOptions : parseSeedOptions;
      expect(() => parse(args), `npm run ${script} -- ${args.join(' ')}`).not.toThrow();
    }
  });

  it('--no-save and --save override the default for the run', () => {
    expect(parseBenchOptions([]).save).toBe(true);
    expect(parseBenchOptions(['--no-save']).save).toBe(false);
    expect(parseBenchOptions(['--quick']).save).toBe(false);
    expect(parseBenchOptions(['--quick', '--save']).save).toBe(true);
    expect(parseBenchOptions(['--only', 'submit, lookup']).only).toEqual(['submit', 'lookup']);
  });

  it('refuses unknown flags and too few users with a message', () => {
    expect(() => parseBenchOptions(['--fast'])).toThrow(/Unknown option '--fast'/);
    expect(() => parseBenchOptions(['--users', '100'])).toThrow(/at least 500/);
    expect(() => parseSeedOptions(['--users', 'many'])).toThrow(/at least 10/);
  });
});
