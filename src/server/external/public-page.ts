import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ApiError } from '../http/api-error';
import { externalServiceError, MAX_EXTERNAL_REPLY_BYTES } from './external-json';

/**
 * Addresses a page typed by a user may not lead to: the server's own machine and networks
 * (loopback, private, link-local, carrier-grade NAT, unique-local), and what is no host at all
 * (unspecified, multicast, reserved). Asking them would let anyone with a form probe or call the
 * services behind the firewall (SSRF).
 */
const internalAddresses = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  internalAddresses.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internalAddresses.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is on the server's own machine or networks, or no public host. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internalAddresses.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return internalAddresses.check(mapped, 'ipv4');
  if (/^::ffff:/i.test(address)) return true;
  return internalAddresses.check(address, 'ipv6');
}

/**
 * host:port pairs that may be asked although internal: for tests and a developer's machine only
 * (`EXTERNAL_ALLOWED_PRIVATE_HOSTS=127.0.0.1:8081`), read at each call; empty in production.
 */
function allowedInternalHosts(): Set<string> {
  return new Set(
    (process.env.EXTERNAL_ALLOWED_PRIVATE_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ''),
  );
}

/** The refusal of an address on the server's own network: a 400, nothing asked. */
const internalRefusal = () => new ApiError(400, 'errors.external_service.internal_address');

/**
 * Name resolution that refuses any internal address, so the connection goes to the very address
 * checked (a name answering a public address when checked and an internal one when connecting
 * cannot pass).
 */
function publicLookup(allowInternal: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const addresses = found as LookupAddress[];
      if (!allowInternal && addresses.some(({ address }) => isInternalAddress(address))) {
        return callback(Object.assign(new Error('internal address'), { code: 'EINTERNAL' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

/** Redirects followed at most: each new address is checked as the first. */
const MAX_REDIRECTS = 3;

/** A page's body, its content type and the address it was read at (after redirects). */
export interface PublicPage {
  url: URL;
  contentType: string;
  body: Buffer;
}

/**
 * GETs a page a user named (an article's link), within `timeoutMs` for the whole call, redirects
 * included, and `maxBytes` of body: the external services' timeout and size limit. Never an
 * address of the server's own networks (a 400 "…réseau interne…", before any connection), nor
 * anything but http and https. Whatever else goes wrong is the external-service 502 of its kind.
 */
export async function fetchPublicPage(
  url: URL,
  timeoutMs: number,
  accept: string,
  maxBytes = MAX_EXTERNAL_REPLY_BYTES,
): Promise<PublicPage> {
  const deadline = AbortSignal.timeout(timeoutMs);
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const response = await requestOnce(current, deadline, accept);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      if (redirects >= MAX_REDIRECTS) throw externalServiceError('status', { status });
      current = new URL(location, current);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw externalServiceError('status', { status });
    }
    const body = await readAtMost(response, maxBytes, deadline);
    return { url: current, contentType: String(response.headers['content-type'] ?? ''), body };
  }
}

/** One request, its address checked first; its response once the headers came. */
function requestOnce(url: URL, deadline: AbortSignal, accept: string): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(externalServiceError('unreachable'));
  const allowInternal = allowedInternalHosts().has(`${url.hostname}:${url.port || defaultPort(url)}`.toLowerCase());
  // An address written out is never resolved, so it is checked here.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowInternal && (isIP(literal) !== 0 ? isInternalAddress(literal) : literal.toLowerCase() === 'localhost')) {
    return Promise.reject(internalRefusal());
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: 'GET',
      headers: { accept, 'user-agent': 'Mozilla/5.0 (compatible; back-office veille-media)' },
      lookup: publicLookup(allowInternal),
      signal: deadline,
    });
    request.on('response', resolve);
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EINTERNAL') reject(internalRefusal());
      else reject(externalServiceError(deadline.aborted ? 'timeout' : 'unreachable'));
    });
    request.end();
  });
}

const defaultPort = (url: URL) => (url.protocol === 'https:' ? '443' : '80');

/** The body, refused (and its transfer stopped) as soon as it goes past `limit` bytes. */
function readAtMost(response: IncomingMessage, limit: number, deadline: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        response.destroy();
        reject(externalServiceError('too_large'));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', () => reject(externalServiceError(deadline.aborted ? 'timeout' : 'invalid')));
    response.on('aborted', () => reject(externalServiceError(deadline.aborted ? 'timeout' : 'invalid')));
  });
}
