import { resolveAddresses, type Resolved } from "./doh";

/**
 * The address rule: whether an address a user gave may be reached from the server (webhooks, chat
 * targets, the e-mail provider, upload by URL, external databases). Only public internet addresses.
 * Rules (the text, `isPublicAddress`):
 * - names: `localhost`, `*.localhost`, `*.local`, `*.localdomain`, `*.internal`, `*.lan`,
 *   `*.home.arpa` and names without a dot are private;
 * - IPv4: 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24, 192.168/16,
 *   198.18/15, 198.51.100/24, 203.0.113/24, 224/4 and above are not public; so are the short and
 *   numeric forms that mean them (`127.1`, `2130706433`, `0x7f.1`, `0177.0.0.1`, `0`: read as
 *   inet_aton reads them, since socket libraries do);
 * - IPv6: ::, ::1, fc00::/7, fe80::/10, ff00::/8 and 100::/64 (discard) are not public, nor the IETF
 *   range 2001::/23 (Teredo 2001::/32 hides an IPv4 address), 2001:db8::/32 (documentation) and the
 *   local-use NAT64 prefix 64:ff9b:1::/48; IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96),
 *   IPv4-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16) forms are judged
 *   by the IPv4 address inside;
 * - only http and https URLs, without credentials.
 * And, when reached (`refusedHost`, `checkUrl`): outside local mode a name is resolved (A and AAAA,
 * by DNS over HTTPS: a Worker has no DNS API) and refused unless every address it resolves to is
 * public, or when it resolves to none. Local mode allows private addresses.
 */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|lan|home\.arpa|localdomain)$/i;

/** An IPv4 literal in any inet_aton form (dotted, short, hex, octal) as 4 bytes; null if not one. */
function ipv4Bytes(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length < 1 || parts.length > 4 || parts.some((p) => p === "")) return null;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = parseInt(p.slice(2) || "0", 16);
    else if (/^0[0-7]+$/.test(p)) n = parseInt(p, 8);
    else if (/^\d+$/.test(p)) n = parseInt(p, 10);
    else return null;
    nums.push(n);
  }
  const last = nums.pop()!;
  if (nums.some((n) => n > 255) || last >= 256 ** (4 - nums.length)) return null;
  const tail: number[] = [];
  let rest = last;
  for (let i = 0; i < 4 - nums.length; i++) {
    tail.unshift(rest % 256);
    rest = Math.floor(rest / 256);
  }
  return [...nums, ...tail];
}

function isPublicIpv4([a, b, c]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127 || a! >= 224) return false;
  if (a === 100 && b! >= 64 && b! <= 127) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b! >= 16 && b! <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false;
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return false;
  if (a === 198 && (b === 18 || b === 19)) return false;
  return true;
}

/** An IPv6 literal (no brackets) as 8 groups; null if not one. */
function ipv6Groups(host: string): number[] | null {
  if (!host.includes(":")) return null;
  let text = host.split("%")[0]!.toLowerCase();
  const v4 = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const b = ipv4Bytes(v4[2]!);
    if (!b) return null;
    text = `${v4[1]}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => (s ? s.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)) : []);
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...head, ...tail].some(Number.isNaN)) return null;
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  return [...head, ...Array(fill).fill(0), ...tail];
}

function isPublicIpv6(g: number[]): boolean {
  if (g.every((x) => x === 0)) return false; // ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return false; // ::1
  if ((g[0]! & 0xfe00) === 0xfc00) return false; // fc00::/7
  if ((g[0]! & 0xffc0) === 0xfe80) return false; // fe80::/10
  if ((g[0]! & 0xff00) === 0xff00) return false; // multicast
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const mapped = zeros(0, 5) && (g[5] === 0xffff || g[5] === 0); // ::ffff:a.b.c.d, ::a.b.c.d
  const translated = zeros(0, 4) && g[4] === 0xffff && g[5] === 0; // ::ffff:0:a.b.c.d
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6);
  if (mapped || translated || nat64) return isPublicIpv4([g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255]);
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return false; // local-use NAT64
  if (g[0] === 0x100 && zeros(1, 4)) return false; // discard
  if (g[0] === 0x2001 && (g[1]! < 0x200 || g[1] === 0xdb8)) return false; // IETF (Teredo...), documentation
  if (g[0] === 0x2002) return isPublicIpv4([g[1]! >> 8, g[1]! & 255, g[2]! >> 8, g[2]! & 255]); // 6to4
  return true;
}

/** A host as written (IPv6 perhaps in brackets, a name perhaps ending in a dot) as compared. */
const normalise = (host: string) =>
  host
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();

const isLiteral = (h: string) => !!(ipv6Groups(h) ?? ipv4Bytes(h));

/** An address written as such (any of its forms), not a name to resolve. */
export const isAddressLiteral = (host: string) => isLiteral(normalise(host));

/** Whether a host (name or IP literal, IPv6 with or without brackets) is a public address. */
export function isPublicAddress(host: string): boolean {
  const h = normalise(host);
  if (!h) return false;
  const v6 = ipv6Groups(h);
  if (v6) return isPublicIpv6(v6);
  if (h.includes(":")) return false;
  const v4 = ipv4Bytes(h);
  if (v4) return isPublicIpv4(v4);
  if (/^[\d.x]+$/i.test(h)) return false; // looks numeric but is not a valid address
  if (!h.includes(".") || PRIVATE_NAME.test(h)) return false;
  return true;
}

type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** The URL, parsed, when it is an http(s) URL without credentials; otherwise a sentence saying why not. */
function httpUrl(url: string): UrlCheck {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, reason: `"${url}" is not a valid URL` };
  }
  if (u.protocol !== "http:" && u.protocol !== "https:")
    return { ok: false, reason: "Only http and https URLs are allowed" };
  if (u.username || u.password) return { ok: false, reason: "URLs with credentials are not allowed" };
  return { ok: true, url: u };
}

/** The URL, parsed, when it is an http(s) URL to a public address by its text; otherwise a sentence saying why not. */
export function checkPublicUrl(url: string): UrlCheck {
  const r = httpUrl(url);
  if (r.ok && !isPublicAddress(r.url.hostname))
    return { ok: false, reason: `${r.url.hostname} is not a public address` };
  return r;
}

/** Throws (an Error with the reason) unless the URL is http(s) to a public address. */
export function assertPublicUrl(url: string): URL {
  const r = checkPublicUrl(url);
  if (!r.ok) throw new Error(r.reason);
  return r.url;
}

/** How a caller applies the rule: its mode and how it resolves names. */
export interface AddressRule {
  /** Local mode: private addresses are allowed and nothing is resolved. */
  local: boolean;
  resolve: (name: string) => Promise<Resolved>;
}

export const DEFAULT_RESOLVER_URL = "https://cloudflare-dns.com/dns-query";

/** The rule of a Worker's settings: MODE, and DNS_RESOLVER_URL (default Cloudflare's resolver). */
export function addressRule(env: { MODE?: string; DNS_RESOLVER_URL?: string }): AddressRule {
  const resolverUrl = env.DNS_RESOLVER_URL || DEFAULT_RESOLVER_URL;
  return { local: env.MODE === "local", resolve: (name) => resolveAddresses(name, resolverUrl) };
}

/**
 * Null when the host may be reached under the rule; otherwise a sentence saying why not. A name
 * is resolved (the resolver is our own setting, not user input, so it is not itself checked).
 * Names are resolved again when connecting, so this narrows DNS rebinding but cannot close it.
 */
export async function refusedHost(host: string, rule: AddressRule): Promise<string | null> {
  if (rule.local) return null;
  const h = normalise(host);
  if (!isPublicAddress(h)) return `${host} is not a public address`;
  if (isLiteral(h)) return null;
  const found = await rule.resolve(h);
  if (!found.ok) return `${host} could not be resolved (${found.reason})`;
  if (!found.addresses.length) return `${host} does not resolve to any address`;
  // A record that is not an address at all is a broken answer: refused, never judged as a name.
  const hidden = found.addresses.find((a) => !isLiteral(normalise(a)) || !isPublicAddress(a));
  return hidden === undefined ? null : `${host} resolves to ${hidden}, which is not a public address`;
}

/** The URL, parsed, when the server may call it under the rule; otherwise a sentence saying why not. */
export async function checkUrl(url: string, rule: AddressRule): Promise<UrlCheck> {
  const r = httpUrl(url);
  if (!r.ok) return r;
  const refused = await refusedHost(r.url.hostname, rule);
  return refused ? { ok: false, reason: refused } : r;
}
