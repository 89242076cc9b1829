/**
 * The host rule (SPEC 5): outside local mode a connection may not name this machine or a private
 * network. It is the address rule of db/net/public-address.ts (every numeric disguise of a private
 * address refused; a name refused unless every address it resolves to is public), with the SPEC 8
 * key `ipNotAllowed` leading the message.
 */
import { bad } from "../errors";
import { isPublicAddress, refusedHost, type AddressRule } from "../net/public-address";

const notAllowed = (reason: string) => bad(`ipNotAllowed: ${reason}; connect to a public host`);

/** By the host's text (no resolving): throws `ipNotAllowed` unless local mode or a public address. */
export function assertHostAllowed(host: string | undefined, local: boolean) {
  if (local || host === undefined) return;
  if (!isPublicAddress(host)) throw notAllowed(`${host} is not a public address`);
}

/**
 * Before connecting: throws `ipNotAllowed` unless the config's host resolves to public addresses
 * only. A Hyperdrive base is not checked: it connects to its binding's database, which the
 * operator configured, never to the host it names.
 */
export async function assertSourceReachable(cfg: { host?: string; hyperdrive?: string }, rule: AddressRule) {
  if (cfg.host === undefined || cfg.hyperdrive) return;
  const refused = await refusedHost(cfg.host, rule);
  if (refused) throw notAllowed(refused);
}
