import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import {
  acceptedCertification,
  certificationFor,
  companyInput,
  type OrganizationFixture,
  person,
  randomAddress,
  submit,
  testKitFor,
  uploadedLink,
} from '../registration/fixtures.js';

// My registrations' calls as the site makes them (from the site's own origin), and registrants
// registered through the public form.

export const SITE = 'http://localhost:3000';

type Headers = Record<string, string>;

/** The calls on the app `current` answers (tests build it in beforeAll). */
export function accountCalls(current: () => TestApp) {
  const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    current().app.orm.em.fork().getConnection().execute<T[]>(text, params);
  const post = (url: string, payload: object, headers: Headers = {}) =>
    current().app.inject({
      method: 'POST',
      url: `/api/account${url}`,
      remoteAddress: randomAddress(),
      headers: { origin: SITE, ...headers },
      payload,
    });
  const get = (url: string, headers: Headers = {}) =>
    current().app.inject({ method: 'GET', url: `/api/account${url}`, headers });
  const askForLink = (address: string, headers: Headers = {}) =>
    post('/sign-in-link', { email: address }, headers);

  /** The token of the latest sign-in email sent to this address. */
  async function linkToken(address: string): Promise<string> {
    const [message] = await sql<{ text_body: string }>(
      `select text_body from email_outbox
        where kind = 'account_sign_in' and ? = any(recipients) order by id desc limit 1`,
      [address],
    );
    const token = /\/account\/sign-in\?lang=\w+#([A-Za-z0-9_-]{43})/.exec(message?.text_body ?? '');
    if (!token?.[1]) throw new Error(`no sign-in link for ${address}`);
    return token[1];
  }

  /** Signs in through an emailed link; answers the cookie header to send. */
  async function signIn(address: string): Promise<Headers> {
    expect((await askForLink(address)).statusCode).toBe(200);
    const started = await post('/session', { token: await linkToken(address) });
    expect(started.statusCode, started.body).toBe(200);
    const cookie = started.cookies.find((c) => c.name === 'bf_account');
    if (!cookie) throw new Error('no session cookie');
    return { cookie: `bf_account=${cookie.value}` };
  }

  /** Uploads a PNG as the signed-in person; answers its reference. */
  async function upload(cookie: Headers): Promise<string> {
    const boundary = 'account-upload-boundary';
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="renewed.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await current().app.inject({
      method: 'POST',
      url: '/api/account/uploads',
      headers: {
        origin: SITE,
        ...cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().message.url;
  }

  return { sql, post, get, askForLink, linkToken, signIn, upload };
}

/** The same agency and type, as another organization names them (they accept the same). */
function acceptedIn(organization: OrganizationFixture) {
  const [agencyId, agency] = Object.entries(organization.agencies)[0] ?? [];
  const [typeId] = Object.keys(agency?.types ?? {});
  return { certAgency: agencyId, certType: typeId };
}

/**
 * A tester registered with each organization (the first's registration first) with the same
 * certification and test kit, each organization's own uploads.
 */
export async function registerTester(
  t: TestApp,
  organizations: OrganizationFixture[],
  options: { certExp?: string } = {},
) {
  const tester = person({ userType: 'tester' });
  const company = companyInput();
  const [first] = organizations as [OrganizationFixture];
  const certification = await certificationFor(t.app, first, {
    certExp: options.certExp ?? '2030-06-30',
  });
  const kit = await testKitFor(t.app, first);
  for (const organization of organizations) {
    const own = organization === first;
    const answer = await submit(t.app, {
      hashValue: organization.hash,
      companyInfo: [company],
      userInfo: [
        {
          ...tester,
          userCerts: [
            {
              ...certification,
              ...(own ? {} : acceptedIn(organization)),
              certDocLink: own
                ? certification.certDocLink
                : (await certificationFor(t.app, organization)).certDocLink,
            },
          ],
        },
      ],
      testKitInfo: [
        {
          ...kit,
          kitCalibDocLink: own
            ? kit.kitCalibDocLink
            : (await testKitFor(t.app, organization)).kitCalibDocLink,
        },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  return { email: tester.userEmail as string, certification, kit };
}

type Extra = (organization: OrganizationFixture) => Promise<Record<string, unknown>>;
const nothing: Extra = async () => ({});

/**
 * A company registered with each organization in turn (the same company): its admin and one
 * tester with a certification, each organization's own upload. `body` adds to each submit's body
 * (the company's credentials), `tester` to the tester's (theirs).
 */
export async function registerCompany(
  t: TestApp,
  organizations: OrganizationFixture[],
  more: { body?: Extra; tester?: Extra } = {},
) {
  const admin = person({ userType: 'admin' });
  const tester = person({ userType: 'tester' });
  let companyId: number | undefined;
  for (const organization of organizations) {
    const answer = await submit(t.app, {
      hashValue: organization.hash,
      companyInfo: [companyInput(companyId ? { companyID: companyId } : {})],
      userInfo: [
        admin,
        {
          ...tester,
          userCerts: [
            {
              certNum: `C-${tester.userEmail}`,
              certExp: '2030-06-30',
              ...acceptedCertification(organization),
              certDocLink: await uploadedLink(t.app, organization.hash),
            },
          ],
          ...(await (more.tester ?? nothing)(organization)),
        },
      ],
      testKitInfo: [],
      ...(await (more.body ?? nothing)(organization)),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await t.app.orm.em
      .fork()
      .getConnection()
      .execute<{ company_id: number }[]>(
        `select uc.company_id from user_companies uc join users u on u.id = uc.user_id
          where u.email = ?`,
        [admin.userEmail],
      );
    companyId = row?.company_id;
  }
  return {
    admin: admin.userEmail as string,
    tester: tester.userEmail as string,
    companyId: companyId as number,
  };
}
