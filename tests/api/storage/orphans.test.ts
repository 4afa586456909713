import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document } from '../../../api/src/db/entities/index.js';
import { sweepOrphanedObjects } from '../../../api/src/modules/uploads/sweep.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { type S3Server, startS3Server } from '../../helpers/s3.js';
import { createOrganization, upload } from '../registration/fixtures.js';

// An instance that dies between storing an upload and recording it leaves an object no row
// names; the daily sweep removes such objects once they are a day old, on either driver.

let s3: S3Server;
const apps: Record<'folder' | 's3', TestApp | undefined> = { folder: undefined, s3: undefined };

beforeAll(async () => {
  s3 = await startS3Server(['orphans']);
  apps.folder = await createTestApp();
  apps.s3 = await createTestApp({ env: s3.env('orphans') });
});
afterAll(async () => {
  await apps.folder?.close();
  await apps.s3?.close();
  await s3?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(['folder', 's3'] as const)(
  'the sweep of stored objects on the %s driver',
  (driver) => {
    it('removes objects no row names once a day old, and keeps every document’s', async () => {
      const t = apps[driver] as TestApp;
      const organization = await createOrganization(t.app.orm.em.fork());
      const uploaded = await upload(t.app, organization.hash);
      const document = await t.app.orm.em
        .fork()
        .findOneOrFail(Document, { id: uploaded.json().message.url });
      const orphan = randomUUID();
      await t.app.documentStorage.write(orphan, Readable.from([Buffer.from('%PDF-1.4 left')]));
      const keys = async () => {
        const found: string[] = [];
        for await (const object of t.app.documentStorage.list()) found.push(object.key);
        return found;
      };

      // Today the orphan may still be an upload about to be recorded.
      expect(await sweepOrphanedObjects(t.app.orm.em.fork(), t.app.documentStorage)).toBe(0);
      expect(await keys()).toContain(orphan);

      const tomorrow = new Date(Date.now() + DAY_MS + 60_000);
      expect(
        await sweepOrphanedObjects(t.app.orm.em.fork(), t.app.documentStorage, { now: tomorrow }),
      ).toBe(1);
      const left = await keys();
      expect(left).not.toContain(orphan);
      expect(left).toContain(document.storageKey);
    });
  },
);
