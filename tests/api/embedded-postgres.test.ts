import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closedToOthers } from '../../api/src/db/embedded-postgres.js';

// As root the embedded PostgreSQL runs as the postgres user: it must be able to traverse the
// folders that hold its data and its programs. closedToOthers names the first that it cannot.

const made: string[] = [];
afterAll(async () => {
  for (const folder of made) await rm(folder, { recursive: true, force: true });
});

describe('folders the postgres user must traverse', () => {
  it('names the first folder closed to other users, and nothing when all are open', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'closed-'));
    made.push(root);
    const inner = path.join(root, 'checkout', 'node_modules');
    await mkdir(inner, { recursive: true });
    await chmod(root, 0o755);
    await chmod(path.join(root, 'checkout'), 0o755);
    await chmod(inner, 0o755);
    expect(closedToOthers(inner)).toBeNull();
    await chmod(path.join(root, 'checkout'), 0o700);
    expect(closedToOthers(inner)).toBe(path.join(root, 'checkout'));
    await chmod(root, 0o700);
    expect(closedToOthers(inner)).toBe(path.join(root, 'checkout'));
    // A folder not made yet is judged by the parents that exist.
    expect(closedToOthers(path.join(root, 'not-yet', 'pg'))).toBe(root);
  });
});
