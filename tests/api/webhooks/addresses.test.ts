import { describe, expect, it } from 'vitest';
import {
  addressRefusal,
  type EndpointPolicy,
  EndpointRefusedError,
  pinnedLookup,
  resolveEndpoint,
} from '../../../api/src/modules/webhooks/addresses.js';

const production: EndpointPolicy = { allowLocal: false };
const local: EndpointPolicy = { allowLocal: true };

async function refusal(url: string, policy: EndpointPolicy = production) {
  const error = await resolveEndpoint(url, policy).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `${url} should be refused`).toBeInstanceOf(EndpointRefusedError);
  return { reason: (error as EndpointRefusedError).reason, message: (error as Error).message };
}

describe('endpoint address checks', () => {
  it.each([
    ['https://127.0.0.1/hooks', 'loopback'],
    ['https://127.8.9.10/hooks', 'loopback'],
    ['https://10.20.30.40/hooks', 'private'],
    ['https://192.168.1.10/hooks', 'private'],
    ['https://172.16.0.1/hooks', 'private'],
    ['https://172.31.255.254/hooks', 'private'],
    ['https://100.64.0.1/hooks', 'carrierGradeNat'],
    ['https://169.254.10.20/hooks', 'linkLocal'],
    ['https://169.254.169.254/latest/meta-data/', 'cloud metadata'],
    ['https://0.0.0.0/hooks', 'unspecified'],
    ['https://224.0.0.1/hooks', 'multicast'],
    ['https://255.255.255.255/hooks', 'broadcast'],
    ['https://2130706433/hooks', 'loopback'],
    ['https://[::1]/hooks', 'loopback'],
    ['https://[::]/hooks', 'unspecified'],
    ['https://[fc00::1]/hooks', 'uniqueLocal'],
    ['https://[fdff:ffff::1]/hooks', 'uniqueLocal'],
    ['https://[fd00:ec2::254]/latest/meta-data/', 'cloud metadata'],
    ['https://[fe80::1]/hooks', 'linkLocal'],
    ['https://[ff02::1]/hooks', 'multicast'],
    ['https://[::ffff:10.0.0.1]/hooks', 'private'],
    ['https://[::ffff:169.254.169.254]/hooks', 'cloud metadata'],
    ['https://[64:ff9b::a00:1]/hooks', 'rfc6052'],
    ['https://[2002:a00:1::]/hooks', '6to4'],
    ['https://[::7f00:1]/hooks', 'not global unicast'],
  ])('refuses %s (%s)', async (url, kind) => {
    const refused = await refusal(url);
    expect(refused.reason).toBe('address');
    expect(refused.message).toContain(`(${kind})`);
  });

  it('refuses a host name that resolves to a loopback address', async () => {
    const refused = await refusal('https://localhost/hooks');
    expect(refused.reason).toBe('address');
    expect(refused.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1) \(loopback\)$/);
  });

  it('refuses a name when any one of its addresses is refused', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const refused = await refusal('https://hooks.example.com/', { ...production, resolve });
    expect(refused).toEqual({
      reason: 'address',
      message: 'hooks.example.com resolves to 10.0.0.7 (private)',
    });
  });

  it('accepts public addresses over https', async () => {
    const v4 = await resolveEndpoint('https://93.184.216.34/hooks', production);
    const v6 = await resolveEndpoint('https://[2606:4700:4700::1111]:8443/hooks', production);
    expect(v4.addresses).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(v6.addresses).toEqual([{ address: '2606:4700:4700::1111', family: 6 }]);
    expect(v6.url.port).toBe('8443');
    expect(addressRefusal('8.8.8.8', false)).toBeUndefined();
  });

  it('refuses http:// without the local flag, even to a public address', async () => {
    expect(await refusal('http://93.184.216.34/hooks')).toMatchObject({ reason: 'scheme' });
    expect(await refusal('ftp://93.184.216.34/hooks', local)).toMatchObject({ reason: 'scheme' });
  });

  it('refuses what is not a URL, and credentials inside one', async () => {
    expect(await refusal('hooks.example.com/path')).toMatchObject({ reason: 'invalid_url' });
    expect(await refusal('https://user:pw@93.184.216.34/')).toMatchObject({
      reason: 'credentials',
    });
  });

  it('answers a name that does not resolve as a DNS failure', async () => {
    expect(await refusal('https://no-such-host.invalid/')).toMatchObject({ reason: 'dns' });
  });

  it('with the local flag, lets http:// and loopback and private receivers through', async () => {
    const loopback = await resolveEndpoint('http://127.0.0.1:8080/hooks', local);
    const named = await resolveEndpoint('http://localhost:8080/hooks', local);
    expect(loopback.addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(named.addresses.length).toBeGreaterThan(0);
    for (const address of ['10.1.2.3', '192.168.0.9', '172.20.0.2', '::1', 'fd12:3456::1']) {
      expect(addressRefusal(address, true), address).toBeUndefined();
    }
  });

  it('with the local flag, still refuses cloud metadata and addresses no receiver has', async () => {
    expect(await refusal('http://169.254.169.254/', local)).toMatchObject({ reason: 'address' });
    expect(await refusal('http://[fd00:ec2::254]/', local)).toMatchObject({ reason: 'address' });
    expect(addressRefusal('168.63.129.16', true)).toBe('cloud metadata');
    expect(addressRefusal('0.0.0.0', true)).toBe('unspecified');
    expect(addressRefusal('239.1.2.3', true)).toBe('multicast');
  });
});

describe('the pinned lookup', () => {
  const addresses = [
    { address: '203.0.113.9', family: 4 },
    { address: '2001:db8::9', family: 6 },
  ];

  it('answers the checked addresses whatever name it is asked for', async () => {
    const lookup = pinnedLookup(addresses);
    const all = await new Promise((resolve, reject) =>
      lookup('elsewhere.example', { all: true }, (error, found) =>
        error ? reject(error) : resolve(found),
      ),
    );
    const one = await new Promise((resolve, reject) =>
      lookup('elsewhere.example', { family: 6 }, (error, address, family) =>
        error ? reject(error) : resolve([address, family]),
      ),
    );
    expect(all).toEqual(addresses);
    expect(one).toEqual(['2001:db8::9', 6]);
  });

  it('fails rather than look elsewhere when no checked address has the family asked for', async () => {
    const lookup = pinnedLookup([{ address: '203.0.113.9', family: 4 }]);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('elsewhere.example', { family: 6 }, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('ENOTFOUND');
  });
});
