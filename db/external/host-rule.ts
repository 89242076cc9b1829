/**
 * The host rule (SPEC 5): outside local mode a connection may not name this machine or a private
 * network. Refused: localhost (and *.localhost), 127/8, 0/8, 10/8, 172.16/12, 192.168/16,
 * 169.254/16 (link-local, cloud metadata), 100.64/10 (carrier NAT), ::1, ::, fc00::/7, fe80::/10
 * and IPv4-mapped forms of those. A DNS name is judged by its text only: the platform's outgoing
 * sockets cannot reach private ranges from a Worker anyway; this check gives the clear message.
 */
import { bad } from "../errors";

function v4Private(ip: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

export function isPrivateHost(hostRaw: string): boolean {
  const host = hostRaw
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (host === "" || host === "localhost" || host.endsWith(".localhost")) return true;
  if (v4Private(host)) return true;
  if (host.includes(":")) {
    if (host === "::1" || host === "::" || /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host))
      return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return v4Private(mapped[1]!);
  }
  return false;
}

/** Throws `ipNotAllowed` (SPEC 8 key; the message says what it means) unless local mode. */
export function assertHostAllowed(host: string | undefined, local: boolean) {
  if (local || host === undefined) return;
  if (isPrivateHost(host)) throw bad(`ipNotAllowed: ${host} is a private or local address; connect to a public host`);
}
