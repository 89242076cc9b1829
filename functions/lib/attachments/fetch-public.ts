import { refusedHost, type AddressRule } from "../../../db/net/public-address";

/**
 * Downloads a file a user named by URL (upload-by-url). Rules:
 * - http and https only, no user name or password in the URL;
 * - outside local mode every hop must be a public address (public-address.ts: a name is resolved
 *   and every address it resolves to must be public): redirects are followed by hand, at most
 *   MAX_REDIRECTS, each target checked before it is asked;
 * - the whole download has a time limit and a size cap; a declared length above the cap is
 *   refused before the body is read, and a body growing past it is cut off.
 */
export const MAX_REDIRECTS = 3;

export class FetchRefused extends Error {}

export interface FetchPublicOptions {
  fetch: typeof fetch;
  /** The address rule (local mode allows private addresses). */
  rule: AddressRule;
  maxBytes: number;
  timeoutMs: number;
}

export interface Fetched {
  bytes: Uint8Array;
  contentType: string;
  url: URL;
}

async function checkTarget(url: URL, rule: AddressRule) {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new FetchRefused(`${url.protocol} links cannot be fetched (use http or https)`);
  if (url.username || url.password) throw new FetchRefused("Links with a user name or password cannot be fetched");
  const refused = await refusedHost(url.hostname, rule);
  if (refused) throw new FetchRefused(refused);
}

async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) throw new FetchRefused(`The file is larger than ${maxBytes} bytes`);
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new FetchRefused(`The file is larger than ${maxBytes} bytes`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

export async function fetchPublic(link: string, opts: FetchPublicOptions): Promise<Fetched> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new FetchRefused(`${link} is not a valid URL`);
  }
  const signal = AbortSignal.timeout(opts.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      await checkTarget(url, opts.rule);
      const res = await opts.fetch(url.toString(), { redirect: "manual", signal });
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw new FetchRefused(`${link} redirects too many times`);
        url = new URL(location, url);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new FetchRefused(`${url.host} answered ${res.status}`);
      }
      const bytes = await readCapped(res, opts.maxBytes);
      return { bytes, contentType: (res.headers.get("content-type") ?? "").split(";")[0]!.trim(), url };
    }
  } catch (err) {
    if (err instanceof FetchRefused) throw err;
    if (signal.aborted) throw new FetchRefused(`${link} took longer than ${Math.round(opts.timeoutMs / 1000)} s`);
    throw new FetchRefused(`${link} could not be fetched`);
  }
}
