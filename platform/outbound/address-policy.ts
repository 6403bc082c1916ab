import { isIP } from 'node:net';

/**
 * Which network addresses the platform may call on someone's word (hook, validation, notification
 * and callback URLs, configuration `$schema`s). Decided on the address a name resolves to, never
 * on the name's text: `[::ffff:169.254.169.254]`, `0251.0376.0251.0376`, `metadata.google.internal.`
 * and a name whose DNS answers 169.254.169.254 are all the same cloud metadata endpoint.
 * See docs/outbound.md.
 */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

/** Classes never called, whatever the allow-list says: cloud credentials live there. */
const NEVER: ReadonlySet<AddressClass> = new Set(['link_local', 'metadata', 'unspecified', 'multicast', 'reserved']);

const CLASS_TEXT: Record<AddressClass, string> = {
  public: 'a public address',
  loopback: 'a loopback address',
  private: 'a private-network address',
  link_local: 'a link-local (cloud metadata) address',
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
};

/** Host names of cloud metadata services (compared lower-case, without a trailing dot). */
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal', 'metadata.azure.com']);

interface Range {
  bytes: Uint8Array;
  prefix: number;
}

/** One parsed address: 4 bytes (IPv4) or 16 (IPv6). */
type Bytes = Uint8Array;

const V4_RANGES: Array<[string, AddressClass]> = [
  ['0.0.0.0/8', 'unspecified'],
  ['127.0.0.0/8', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.100.100.200/32', 'metadata'], // Alibaba Cloud, inside the shared range below
  ['100.64.0.0/10', 'private'], // carrier-grade NAT, shared address space
  ['169.254.0.0/16', 'link_local'],
  ['192.0.0.0/24', 'reserved'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'], // 255.255.255.255 included
];

const V6_RANGES: Array<[string, AddressClass]> = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fd00:ec2::254/128', 'metadata'], // AWS over IPv6, inside the unique-local range below
  ['fe80::/10', 'link_local'],
  ['fec0::/10', 'private'], // deprecated site-local
  ['fc00::/7', 'private'], // unique local
  ['ff00::/8', 'multicast'],
];

/** IPv6 prefixes carrying an IPv4 address in their last 32 bits, judged as that IPv4 address. */
const V4_IN_V6 = ['::ffff:0:0/96', '64:ff9b::/96', '::/96'].map(parseRange);

const V4 = V4_RANGES.map(([cidr, kind]) => ({ range: parseRange(cidr), kind }));
const V6 = V6_RANGES.map(([cidr, kind]) => ({ range: parseRange(cidr), kind }));

/** The address's bytes, for IPv4 dotted quads and every IPv6 text form (zone ids dropped); undefined otherwise. */
export function parseAddress(text: string): Bytes | undefined {
  const address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const version = isIP(address.split('%')[0]!);
  if (version === 4) return Uint8Array.from(address.split('.').map(Number));
  if (version === 6) return parseV6(address.split('%')[0]!);
  return undefined;
}

function parseV6(text: string): Bytes {
  let head = text;
  const tail: number[] = [];
  // A trailing dotted quad (::ffff:1.2.3.4) is the last two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (quad) {
    const [a, b, c, d] = quad[1]!.split('.').map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    head = head.slice(0, -quad[1]!.length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const before = groups(left!);
  const after = [...(right === undefined ? [] : groups(right)), ...tail];
  const words = right === undefined ? [...before, ...tail] : [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
  const bytes = new Uint8Array(16);
  words.forEach((word, index) => {
    bytes[index * 2] = word >> 8;
    bytes[index * 2 + 1] = word & 0xff;
  });
  return bytes;
}

function parseRange(cidr: string): Range {
  const [address, prefix] = cidr.split('/') as [string, string | undefined];
  const bytes = parseAddress(address);
  if (!bytes) throw new Error(`${cidr} is not an address range`);
  const bits = prefix === undefined ? bytes.length * 8 : Number(prefix);
  if (!/^\d{1,3}$/.test(prefix ?? '0') || bits > bytes.length * 8) throw new Error(`${cidr} is not an address range`);
  return { bytes, prefix: bits };
}

function inRange(bytes: Bytes, range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const mask = range.prefix - bit >= 8 ? 0xff : (0xff << (8 - (range.prefix - bit))) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (range.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

/** The IPv4 address an IPv6 address carries (mapped, NAT64, compatible), judged in its place. */
function embeddedV4(bytes: Bytes): Bytes | undefined {
  if (bytes.length !== 16) return undefined;
  // :: and ::1 are IPv6's own unspecified and loopback, not IPv4-compatible addresses.
  if (bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15]! <= 1) return undefined;
  return V4_IN_V6.some((range) => inRange(bytes, range)) ? bytes.slice(12) : undefined;
}

/** The class of one address (bytes of parseAddress). */
export function classifyBytes(bytes: Bytes): AddressClass {
  const v4 = embeddedV4(bytes);
  if (v4) return classifyBytes(v4);
  const table = bytes.length === 4 ? V4 : V6;
  return table.find(({ range }) => inRange(bytes, range))?.kind ?? 'public';
}

/**
 * A URL host as the WHATWG parser reads it: lower case, IPv4 in any notation (octal, hex, one
 * number) turned into a dotted quad, IPv6 compressed; the trailing dot of a name dropped.
 */
export function canonicalHost(host: string): string {
  const bare = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  let hostname: string;
  try {
    hostname = new URL(`http://${bare}/`).hostname;
  } catch {
    return host.toLowerCase().replace(/\.+$/, '');
  }
  return hostname.replace(/\.+$/, '');
}

/** What a host is before any DNS: an address's class, a metadata name, or a name to resolve. */
export type HostKind = { kind: 'address'; address: string; class: AddressClass } | { kind: 'metadata_name'; name: string } | { kind: 'name'; name: string };

export function classifyHost(host: string): HostKind {
  const canonical = canonicalHost(host);
  const bytes = parseAddress(canonical);
  if (bytes) return { kind: 'address', address: canonical.replace(/^\[|\]$/g, ''), class: classifyBytes(bytes) };
  if (METADATA_NAMES.has(canonical)) return { kind: 'metadata_name', name: canonical };
  return { kind: 'name', name: canonical };
}

/** One allow-list entry (OUTBOUND_ALLOW): an address range, a host name, or `*.` and a domain. */
export type AllowEntry = { kind: 'range'; range: Range; text: string } | { kind: 'host'; name: string } | { kind: 'domain'; suffix: string };

/** Parses OUTBOUND_ALLOW (comma-separated); throws naming the first entry that is neither a range nor a host name. */
export function parseAllowList(text: string): AllowEntry[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry): AllowEntry => {
      if (/^[0-9a-f:.[\]]+(\/\d{1,3})?$/i.test(entry) && (entry.includes(':') || /^[\d.]+(\/\d+)?$/.test(entry))) {
        return { kind: 'range', range: parseRange(entry.replace(/^\[|\](?=\/|$)/g, '')), text: entry };
      }
      const wildcard = entry.startsWith('*.');
      const name = (wildcard ? entry.slice(2) : entry).toLowerCase().replace(/\.$/, '');
      if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(name)) throw new Error(`${entry} is neither an address range (CIDR) nor a host name`);
      return wildcard ? { kind: 'domain', suffix: `.${name}` } : { kind: 'host', name };
    });
}

export interface AddressPolicy {
  /** NODE_ENV=production: loopback and private networks only through the allow-list. */
  production: boolean;
  allow: AllowEntry[];
}

/** Why an address may not be called, or undefined when it may. `name` is the host it was reached by. */
export function refusalOf(address: string, policy: AddressPolicy, name?: string): string | undefined {
  const bytes = parseAddress(address);
  if (!bytes) return `${address} is not an address`;
  const kind = classifyBytes(bytes);
  const what = `${name && name !== address ? `${name} resolves to ${address}, ` : `${address} is `}${CLASS_TEXT[kind]}`;
  if (NEVER.has(kind)) return `${what}, never called`;
  if (kind === 'public' || !policy.production) return undefined;
  const allowed = policy.allow.some((entry) =>
    entry.kind === 'range' ? inRange(bytes, entry.range) || inRange(embeddedV4(bytes) ?? new Uint8Array(), entry.range)
    : entry.kind === 'host' ? entry.name === name
    : name !== undefined && name.endsWith(entry.suffix),
  );
  return allowed ? undefined : `${what}, not in OUTBOUND_ALLOW`;
}
