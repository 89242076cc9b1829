/**
 * Whether an address a user gave may be fetched from the server: only public internet addresses.
 * Rules (checked on the URL's host as written; the platform does not let a Worker resolve names):
 * - names: `localhost`, `*.localhost`, `*.local`, `*.internal`, `*.lan`, `*.home.arpa` and names
 *   without a dot are private;
 * - IPv4: 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24, 192.168/16,
 *   198.18/15, 198.51.100/24, 203.0.113/24, 224/4 and above are not public; so are the short and numeric forms that mean them (`127.1`,
 *   `2130706433`, `0x7f.1`);
 * - IPv6: ::, ::1, fc00::/7, fe80::/10, ff00::/8, and IPv4-mapped/compatible and NAT64
 *   (64:ff9b::/96) and 6to4 (2002::/16) forms of a private IPv4 address are not public, nor is the
 *   documentation range 2001:db8::/32;
 * - only http and https URLs, without credentials.
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
  const mapped = g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (mapped || nat64) return isPublicIpv4([g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255]);
  if (g[0] === 0x2001 && g[1] === 0xdb8) return false; // documentation
  if (g[0] === 0x2002) return isPublicIpv4([g[1]! >> 8, g[1]! & 255, g[2]! >> 8, g[2]! & 255]); // 6to4
  return true;
}

/** Whether a host (name or IP literal, IPv6 with or without brackets) is a public address. */
export function isPublicAddress(host: string): boolean {
  const h = host
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
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

/** The URL, parsed, when it is an http(s) URL to a public address; otherwise a sentence saying why not. */
export function checkPublicUrl(url: string): { ok: true; url: URL } | { ok: false; reason: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, reason: `"${url}" is not a valid URL` };
  }
  if (u.protocol !== "http:" && u.protocol !== "https:")
    return { ok: false, reason: "Only http and https URLs are allowed" };
  if (u.username || u.password) return { ok: false, reason: "URLs with credentials are not allowed" };
  if (!isPublicAddress(u.hostname)) return { ok: false, reason: `${u.hostname} is not a public address` };
  return { ok: true, url: u };
}

/** Throws (an Error with the reason) unless the URL is http(s) to a public address. */
export function assertPublicUrl(url: string): URL {
  const r = checkPublicUrl(url);
  if (!r.ok) throw new Error(r.reason);
  return r.url;
}
