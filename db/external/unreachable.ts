/**
 * Why a database could not be reached. The platform's socket says "proxy request failed, cannot
 * connect to the specified address" for an unknown host and a closed port alike (Node's drivers
 * say ENOTFOUND / ECONNREFUSED). Rules, for such a refusal only (any other message is the
 * database's own and stays as it is):
 * - an address written as such: nothing accepted a connection at host:port;
 * - a name the resolver knows no address for: the host is unknown (check its spelling);
 * - a name with addresses: it resolved (to the first one) but did not accept a connection on the port;
 * - a name the resolver could not be asked about: the first message, and why the name was not checked.
 */
import type { Resolved } from "../net/doh";
import { isAddressLiteral } from "../net/public-address";
import type { SourceConfig } from "./config";
import { SourceError, sourceError } from "./driver";

const CONNECT_FAILURE = /cannot connect to the specified address|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|getaddrinfo/i;

export async function explainUnreachable(
  err: unknown,
  cfg: Pick<SourceConfig, "host" | "port" | "url">,
  resolve: (name: string) => Promise<Resolved>,
): Promise<SourceError> {
  const first = sourceError(err);
  const host = cfg.host?.replace(/^\[|\]$/g, "");
  if (!host || !CONNECT_FAILURE.test(first.message)) return first;
  const port = cfg.port ?? (cfg.url ? new URL(cfg.url).port : "");
  const at = port ? `${host}:${port}` : host;
  if (isAddressLiteral(host))
    return new SourceError(
      `Nothing accepted a connection at ${at}: check the host and port, and that the database listens there`,
      "UNREACHABLE",
    );
  const found = await resolve(host).catch((e: unknown) => ({ ok: false as const, reason: String(e) }));
  if (!found.ok)
    return new SourceError(`${first.message} (the name ${host} could not be checked: ${found.reason})`, first.code);
  if (!found.addresses.length)
    return new SourceError(
      `The host ${host} is unknown: no address is registered for it (check its spelling)`,
      "ENOTFOUND",
    );
  return new SourceError(
    `${host} (${found.addresses[0]}) did not accept a connection on port ${port || "the default port"}: check the port, and that the database listens there`,
    "ECONNREFUSED",
  );
}
