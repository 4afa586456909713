import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// An endpoint URL is an administrator's input that makes our servers send requests: without
// these checks it reaches the cloud's metadata service or anything on the private network.
// Only public unicast addresses pass; the local flag (development and tests) lets loopback and
// private networks pass too, never the metadata services.

/** Cloud instance metadata and platform services, refused even with the local flag. */
const METADATA_ADDRESSES = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean instance metadata
  '169.254.170.2', // AWS ECS task metadata
  '169.254.169.253', // AWS VPC DNS resolver
  '168.63.129.16', // Azure WireServer (a public address)
  '100.100.100.200', // Alibaba Cloud metadata
  '192.0.0.192', // Oracle Cloud metadata
  'fd00:ec2::254', // AWS metadata over IPv6
  'fd00:ec2::253', // AWS VPC DNS resolver over IPv6
]);

/** Ranges (ipaddr.js's names) that only the local flag lets through. */
const LOCAL_RANGES = new Set([
  'loopback',
  'private',
  'linkLocal',
  'uniqueLocal',
  'carrierGradeNat',
]);

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

export type TEndpointRefusal = 'invalid_url' | 'scheme' | 'credentials' | 'address' | 'dns';

export class EndpointRefusedError extends Error {
  override name = 'EndpointRefusedError';
  constructor(
    readonly reason: TEndpointRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface EndpointPolicy {
  /** Development and tests: allow http:// and loopback or private receivers. */
  allowLocal: boolean;
  /** How host names are resolved; dns.promises.lookup unless a test stands in for DNS. */
  resolve?: (host: string) => Promise<LookupAddress[]>;
}

/** An endpoint whose every address was checked: connect only to these. */
export interface ResolvedEndpoint {
  url: URL;
  addresses: LookupAddress[];
}

/**
 * Why an address is refused ('loopback', 'private', 'cloud metadata' …), or undefined when a
 * request may go there. IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
 */
export function addressRefusal(address: string, allowLocal: boolean): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const ip = ipaddr.process(address);
  // toString() is the compact form (RFC 5952) the list uses, with any %zone after it.
  if (METADATA_ADDRESSES.has(ip.toString().replace(/%.*$/, ''))) return 'cloud metadata';
  const range = ip.range();
  if (range === 'unicast') {
    // Outside 2000::/3 "unicast" is only ipaddr.js's default name (IPv4-compatible, unassigned).
    return ip.kind() === 'ipv6' && !ip.match(GLOBAL_UNICAST_V6) ? 'not global unicast' : undefined;
  }
  return allowLocal && LOCAL_RANGES.has(range) ? undefined : range;
}

/** Checks what can be checked without DNS: a URL, https (http only with the local flag). */
export function parseEndpointUrl(value: string, policy: Pick<EndpointPolicy, 'allowLocal'>): URL {
  if (!URL.canParse(value)) throw new EndpointRefusedError('invalid_url', 'not a URL');
  const url = new URL(value);
  const schemes = policy.allowLocal ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw new EndpointRefusedError('scheme', `${url.protocol} is not allowed; use https://`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new EndpointRefusedError('credentials', 'a user name or password in the URL');
  }
  if (url.hostname === '') throw new EndpointRefusedError('invalid_url', 'no host');
  return url;
}

/**
 * Resolves the endpoint's host and refuses it when any of its addresses is refused (a name with
 * one public and one private address could otherwise be steered to the private one). Runs when
 * an endpoint is saved and again before every delivery attempt.
 */
export async function resolveEndpoint(
  value: string,
  policy: EndpointPolicy,
): Promise<ResolvedEndpoint> {
  const url = parseEndpointUrl(value, policy);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const resolve = policy.resolve ?? ((name: string) => lookup(name, { all: true }));
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'lookup failed';
    throw new EndpointRefusedError('dns', `${host} does not resolve (${code})`);
  }
  if (addresses.length === 0) throw new EndpointRefusedError('dns', `${host} has no address`);
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, policy.allowLocal);
    if (refusal !== undefined) {
      throw new EndpointRefusedError('address', `${host} resolves to ${address} (${refusal})`);
    }
  }
  return { url, addresses };
}

/**
 * A socket lookup that answers only the checked addresses, whatever the host name: the
 * connection goes where the check looked, so DNS cannot change between the check and the
 * request. TLS still verifies the certificate against the URL's host name.
 */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname: string, options: LookupOptions, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const matching = addresses.filter((a) => !family || a.family === family);
    const [first] = matching;
    if (first === undefined) {
      const error: NodeJS.ErrnoException = new Error('no checked address of that family');
      error.code = 'ENOTFOUND';
      callback(error, '');
    } else if (options.all) {
      callback(null, matching);
    } else {
      callback(null, first.address, first.family);
    }
  };
}
