import { createHash } from 'node:crypto';
import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document } from '../../../api/src/db/entities/index.js';
import { sweepUnattachedUploads } from '../../../api/src/modules/uploads/sweep.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { type S3Server, startS3Server } from '../../helpers/s3.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
import { unzip } from '../../helpers/streams.js';
import {
  certificationFor,
  companyInput,
  createOrganization,
  type OrganizationFixture,
  PDF,
  PNG,
  person,
  submit,
  upload,
} from '../registration/fixtures.js';
import { bearer, signIn } from '../staff/helpers.js';

// The whole app with STORAGE_URL naming a bucket of a real S3-protocol server: every path that
// writes or reads documents (upload, console download, IE bundle downloaded and emailed, sweep).

const BUCKET = 'app-documents';
let s3: S3Server;
let smtp: SmtpReceiver;
let t: TestApp;
let token: string;
let organization: OrganizationFixture;

beforeAll(async () => {
  [s3, smtp] = await Promise.all([startS3Server([BUCKET]), startSmtpReceiver()]);
  t = await createTestApp({ env: { ...s3.env(BUCKET, 'documents'), SMTP_URL: smtp.url } });
  token = (await signIn(t)).token;
  organization = await createOrganization(t.app.orm.em.fork());
});
afterAll(async () => {
  await t?.close();
  await Promise.all([s3?.close(), smtp?.close()]);
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const objects = () => s3.keys(BUCKET);
const rowCount = () => t.app.orm.em.fork().count(Document, {});

async function uploaded(content: Buffer, filename: string) {
  const response = await upload(t.app, organization.hash, { content, filename });
  expect(response.statusCode, response.body).toBe(200);
  return t.app.orm.em.fork().findOneOrFail(Document, { id: response.json().message.url });
}

describe('documents in an S3-compatible bucket', () => {
  it('stores an upload as one object under its key, with its sha256, and the console downloads it', async () => {
    const document = await uploaded(PDF, 'certificate.pdf');
    expect(document.sha256).toBe(sha256(PDF));
    expect(await objects()).toContain(`documents/${document.storageKey}`);
    const download = await t.app.inject({
      url: `/api/documents/${document.id}`,
      headers: bearer(token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
  });

  it('keeps no object for a refused upload: too large, the wrong type, an unknown link', async () => {
    const before = await objects();
    const rowsBefore = await rowCount();
    const tooLarge = path.join(t.config.dataDir, 'too-large.pdf');
    await writeFile(tooLarge, PDF);
    await truncate(tooLarge, 10_000_001);
    const large = await upload(t.app, organization.hash, {
      content: { path: tooLarge },
      filename: 'too-large.pdf',
    });
    expect(large.statusCode).toBe(413);
    const wrongType = await upload(t.app, organization.hash, {
      content: Buffer.from('<!doctype html><p>not a certificate</p>'),
      filename: 'certificate.pdf',
    });
    expect(wrongType.statusCode).toBe(415);
    const unknownLink = await upload(t.app, 'x'.repeat(43), { content: PNG });
    expect(unknownLink.statusCode).toBe(404);
    expect(await objects()).toEqual(before);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('answers 404 for a document whose object is gone', async () => {
    const document = await uploaded(PNG, 'scan.png');
    await t.app.documentStorage.remove(document.storageKey);
    const download = await t.app.inject({
      url: `/api/documents/${document.id}`,
      headers: bearer(token),
    });
    expect(download.statusCode).toBe(404);
  });

  it('zips the submitted documents into the IE bundle, downloaded and emailed', async () => {
    const certification = await certificationFor(t.app, organization);
    const registered = await submit(t.app, {
      hashValue: organization.hash,
      companyInfo: [companyInput()],
      userInfo: [{ ...person(), userType: 'tester', userCerts: [certification] }],
      testKitInfo: [],
    });
    expect(registered.json().code).toBe('SUCCESS');
    const bundleRequest = {
      range: 'All Time',
      reportType: 'Implementation Integration Files',
    };
    const download = await t.app.inject({
      method: 'POST',
      url: `/api/sc/get/get_reports/${organization.id}`,
      headers: bearer(token),
      payload: { ...bundleRequest, deliveryMethod: 'Download' },
    });
    expect(download.statusCode).toBe(200);
    const pngs = (entries: Map<string, Buffer>) =>
      [...entries.entries()].filter(([name]) => name.startsWith('documents/'));
    const downloaded = pngs(await unzip(download.rawPayload));
    expect(downloaded).toHaveLength(1);
    expect(downloaded[0]?.[1].equals(PNG)).toBe(true);

    const emailed = await t.app.inject({
      method: 'POST',
      url: `/api/sc/get/get_reports/${organization.id}`,
      headers: bearer(token),
      payload: {
        ...bundleRequest,
        deliveryMethod: 'Email',
        recipientEmail: 'bundle@city.example.gov',
      },
    });
    expect(emailed.statusCode).toBe(200);
    await t.app.outbox.deliver();
    const message = (await smtp.waitForMessages(1)).find((each) =>
      JSON.stringify(each.to).includes('bundle@city.example.gov'),
    );
    const attachment = message?.attachments[0]?.content as Buffer;
    const attached = pngs(await unzip(attachment));
    expect(attached.map(([, bytes]) => sha256(bytes))).toEqual([sha256(PNG)]);
  });

  it('sweeps unattached uploads older than a day: rows and objects', async () => {
    const old = await uploaded(PNG, 'old.png');
    const recent = await uploaded(PNG, 'recent.png');
    await t.app.orm.em
      .fork()
      .getConnection()
      .execute(`update documents set created_at = now() - interval '25 hours' where id = ?`, [
        old.id,
      ]);
    expect(await sweepUnattachedUploads(t.app.orm.em.fork(), t.app.documentStorage)).toBe(1);
    const keys = await objects();
    expect(keys).not.toContain(`documents/${old.storageKey}`);
    expect(keys).toContain(`documents/${recent.storageKey}`);
  });
});
