import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document } from '../../../api/src/db/entities/index.js';
import { moveDocuments } from '../../../api/src/modules/uploads/move-documents.js';
import { createDocumentStorage } from '../../../api/src/modules/uploads/storage.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { type S3Server, startS3Server } from '../../helpers/s3.js';
import { readAll } from '../../helpers/streams.js';
import {
  createOrganization,
  JPEG,
  type OrganizationFixture,
  PDF,
  PNG,
  upload,
} from '../registration/fixtures.js';

// npm run documents:move: an installation that kept documents in its folder moves them to a
// bucket, each checked against the sha256 recorded when it was uploaded.

const BUCKET = 'moved-documents';
let s3: S3Server;
let t: TestApp;
let organization: OrganizationFixture;

beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  t = await createTestApp();
  organization = await createOrganization(t.app.orm.em.fork());
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function uploadedKey(content: Buffer, filename: string): Promise<string> {
  const response = await upload(t.app, organization.hash, { content, filename });
  const id = response.json().message.url;
  return (await t.app.orm.em.fork().findOneOrFail(Document, { id })).storageKey;
}

const fileOf = (key: string) => path.join(t.config.uploadsDir, key.slice(0, 2), key);

/** Runs the command as an operator would, against this test's database and folder. */
function runCommand(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/cli/move-documents.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: t.database.url,
      DATA_DIR: t.config.dataDir,
      JWT_SECRET: 'x'.repeat(40),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...s3.env(BUCKET, 'documents'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('moving documents from the folder to a bucket', () => {
  it('copies each document under its key, verified by sha256, and names the missing and the altered', async () => {
    const good = await uploadedKey(PDF, 'certificate.pdf');
    const missing = await uploadedKey(PNG, 'scan.png');
    const altered = await uploadedKey(JPEG, 'photo.jpg');
    await t.app.documentStorage.remove(missing);
    await writeFile(fileOf(altered), Buffer.concat([JPEG, Buffer.from('tampered')]));

    const bucket = createDocumentStorage(s3.storage(BUCKET, 'documents/'));
    try {
      const report = await moveDocuments(t.app.orm.em.fork(), t.app.documentStorage, bucket);
      expect(report).toEqual({ copied: 1, missing: [missing], mismatched: [altered] });
      const copied = await readAll(await bucket.open(good));
      expect(createHash('sha256').update(copied).digest('hex')).toBe(
        createHash('sha256').update(PDF).digest('hex'),
      );
      expect(await s3.keys(BUCKET)).toEqual([`documents/${good}`]);
      // The source keeps everything: switching STORAGE_URL is the operator's next step.
      expect((await readAll(await t.app.documentStorage.open(good))).equals(PDF)).toBe(true);
    } finally {
      bucket.close();
    }
  });

  it('as a command: exits 1 naming each problem, and 0 once every document verifies', async () => {
    const failing = await runCommand();
    expect(failing.code, failing.output).toBe(1);
    expect(failing.output).toMatch(/missing: [0-9a-f-]{36}/);
    expect(failing.output).toMatch(
      /Copied and verified 1; missing in the folder 1; sha256 differs 1\./,
    );

    // The operator deals with the two bad documents (here: their rows go), then runs it again.
    await t.app.orm.em
      .fork()
      .getConnection()
      .execute(
        `delete from documents where storage_key not in (select storage_key from documents order by created_at limit 1)`,
      );
    const clean = await runCommand();
    expect(clean.code, clean.output).toBe(0);
    expect(clean.output).toContain(
      'Copied and verified 1; missing in the folder 0; sha256 differs 0.',
    );
    expect(await s3.keys(BUCKET)).toHaveLength(1);
  });
});
