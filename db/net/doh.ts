/**
 * Resolves a name to its IPv4 and IPv6 addresses through a DNS-over-HTTPS resolver's JSON API
 * (`?name=&type=A|AAAA`, `accept: application/dns-json`; Cloudflare's and Google's speak it), since
 * a Worker has no DNS API. Rules:
 * - A and AAAA are asked together; CNAME links in the answer are followed by the resolver, so only
 *   A (1) and AAAA (28) records count;
 * - NXDOMAIN (status 3) or no records: resolved to no address; any other failure (status, network,
 *   a 5-second time limit, an answer that is not the JSON API's) is a failure with a reason;
 * - answers are kept for their TTL, at most a minute, so a busy webhook does not ask every time.
 */
export type Resolved = { ok: true; addresses: string[] } | { ok: false; reason: string };

const TIMEOUT_MS = 5_000;
const MAX_KEEP_MS = 60_000;
const MAX_ENTRIES = 500;
const TYPES = { A: 1, AAAA: 28 } as const;

interface DohAnswer {
  Status?: unknown;
  Answer?: { type?: unknown; data?: unknown; TTL?: unknown }[];
}

/** A failure this module names (others are the network's, reported as unreachable). */
class ResolverFailure extends Error {}

const kept = new Map<string, { until: number; addresses: string[] }>();

async function ask(name: string, type: keyof typeof TYPES, resolverUrl: string) {
  const url = new URL(resolverUrl);
  url.searchParams.set("name", name);
  url.searchParams.set("type", type);
  const res = await fetch(url, {
    headers: { accept: "application/dns-json" },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new ResolverFailure(`the DNS resolver answered HTTP ${res.status}`);
  const body = (await res.json().catch(() => null)) as DohAnswer | null;
  if (!body || typeof body.Status !== "number")
    throw new ResolverFailure("the DNS resolver's answer could not be read");
  if (body.Status === 3) return { addresses: [], ttl: MAX_KEEP_MS / 1000 };
  if (body.Status !== 0) throw new ResolverFailure(`the DNS resolver answered status ${body.Status}`);
  const records = (Array.isArray(body.Answer) ? body.Answer : []).filter(
    (r) => r.type === TYPES[type] && typeof r.data === "string",
  );
  return {
    addresses: records.map((r) => r.data as string),
    ttl: Math.min(...records.map((r) => (typeof r.TTL === "number" ? r.TTL : 0)), MAX_KEEP_MS / 1000),
  };
}

/** The addresses a name resolves to (A and AAAA), or why it could not be resolved. */
export async function resolveAddresses(name: string, resolverUrl: string): Promise<Resolved> {
  const key = `${resolverUrl} ${name}`;
  const hit = kept.get(key);
  if (hit && hit.until > Date.now()) return { ok: true, addresses: hit.addresses };
  try {
    const [v4, v6] = await Promise.all([ask(name, "A", resolverUrl), ask(name, "AAAA", resolverUrl)]);
    const addresses = [...v4.addresses, ...v6.addresses];
    if (kept.size >= MAX_ENTRIES) kept.clear();
    kept.set(key, { until: Date.now() + Math.min(v4.ttl, v6.ttl) * 1000, addresses });
    return { ok: true, addresses };
  } catch (err) {
    if (err instanceof ResolverFailure) return { ok: false, reason: err.message };
    const timedOut = err instanceof Error && err.name === "TimeoutError";
    return { ok: false, reason: `the DNS resolver ${timedOut ? "did not answer in time" : "could not be reached"}` };
  }
}
