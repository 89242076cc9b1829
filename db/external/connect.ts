import { addressRule } from "../net/public-address";
import type { SourceConfig } from "./config";
import { METADATA_TIMEOUT_MS, withTimeout, type SourceDriver } from "./driver";
import { openDriver } from "./open-driver";
import { hyperdriveString } from "./hyperdrive";
import { explainUnreachable } from "./unreachable";

/**
 * Opens a source as the Worker and the project's object both do: through its Hyperdrive binding
 * when it names one, within the SPEC 9 ten-second metadata time-out; a refusal to connect says
 * whether the host is unknown or the port closed (unreachable.ts).
 */
export async function connectSource(
  cfg: SourceConfig,
  env: { MODE?: string; DNS_RESOLVER_URL?: string },
): Promise<SourceDriver> {
  try {
    return await withTimeout(
      openDriver(cfg, { hyperdrive: hyperdriveString(cfg, env) }),
      METADATA_TIMEOUT_MS,
      "The database did not answer within 10 seconds",
    );
  } catch (err) {
    throw await explainUnreachable(err, cfg, addressRule(env).resolve);
  }
}
