/**
 * Whether a host a user gave is a public Internet address, for fetches made on their behalf
 * (upload-by-url). Rules:
 * - The host is first read the way a browser reads a URL, so numeric tricks (`0x7f.1`,
 *   `2130706433`, `017700000001`) become dotted IPv4 and IPv6 is compressed.
 * - Refused: loopback, private (RFC 1918, fc00::/7), carrier-grade NAT, link-local (including
 *   169.254.169.254 metadata), "this network", documentation, benchmarking, multicast and
 *   reserved ranges; IPv4 inside IPv6 (mapped, compatible, NAT64, 6to4) is judged as the IPv4.
 * - Names: `localhost` and names under `.localhost`, `.local`, `.internal`, `.home.arpa`, and
 *   single-label names (`metadata`), which only a local resolver answers.
 * A public name may still resolve to a private address; a Worker cannot resolve names itself,
 * and Cloudflare's edge does not route to private ranges, which closes that path in production.
 */

const V4_BLOCKS: Array<[string, number]> = [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16],
  ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16],
  ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
];

const v4Number = (ip: string) => ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);

function isPublicV4(ip: string): boolean {
  const n = v4Number(ip);
  return !V4_BLOCKS.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(v4Number(base) / 2 ** (32 - bits)));
}

/** Eight 16-bit groups of an IPv6 address (already canonical from the URL parser). */
function v6Groups(ip: string): number[] | null {
  let text = ip;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = v4Number(v4[1]!);
    text = text.slice(0, -v4[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const a = part(head);
  const b = part(tail);
  const groups = tail === undefined ? a : [...a, ...Array(8 - a.length - b.length).fill(0), ...b];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const embeddedV4 = (g: number[], at: number) => `${g[at]! >> 8}.${g[at]! & 255}.${g[at + 1]! >> 8}.${g[at + 1]! & 255}`;

function isPublicV6(ip: string): boolean {
  const g = v6Groups(ip);
  if (!g) return false;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(8)) return false; // ::
  if (zeros(7) && g[7] === 1) return false; // ::1
  if (zeros(5) && g[5] === 0xffff) return isPublicV4(embeddedV4(g, 6)); // ::ffff:a.b.c.d
  if (zeros(6)) return isPublicV4(embeddedV4(g, 6)); // ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b) return isPublicV4(embeddedV4(g, 6)); // NAT64
  if (g[0] === 0x2002) return isPublicV4(embeddedV4(g, 1)); // 6to4
  if ((g[0]! & 0xfe00) === 0xfc00) return false; // unique local
  if ((g[0]! & 0xffc0) === 0xfe80 || (g[0]! & 0xffc0) === 0xfec0) return false; // link-local, site-local
  if ((g[0]! & 0xff00) === 0xff00) return false; // multicast
  if (g[0] === 0x2001 && g[1] === 0xdb8) return false; // documentation
  if (g[0] === 0x100 && zeros(4)) return false; // discard
  return true;
}

const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".localdomain"];

/** The host as a URL parser reads it, or null when it is not a valid host. */
export function canonicalHost(host: string): string | null {
  try {
    return new URL(`http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}/`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export function isPublicHost(host: string): boolean {
  const h = canonicalHost(host);
  if (!h) return false;
  if (h.startsWith("[")) return isPublicV6(h.slice(1, -1));
  if (/^\d+\.\d+\.\d+\.\d+$/.test(h)) return isPublicV4(h);
  const name = h.replace(/\.$/, "");
  if (name === "localhost" || LOCAL_SUFFIXES.some((s) => name.endsWith(s))) return false;
  return name.includes(".");
}
