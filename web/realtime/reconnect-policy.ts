import { isRefusal } from "../../db/sockets/protocol";

/**
 * SPEC 9 socket constants: connection time-out 20000 ms; reconnect delay 1000 ms minimum and
 * 5000 ms maximum, randomisation 0.5, unlimited attempts. Rules:
 * - the first connect is immediate; retry n (n >= 1) waits min * grow^(n-1), capped at max;
 * - randomisation r moves that delay by up to ±r of itself (socket.io's jitter), and the result
 *   stays within [min, max], so reconnecting tabs do not all arrive at the same moment.
 * A close with a refusal code (db/sockets/protocol.ts) is not retried.
 * partysocket has exponential back-off but no jitter option: `installJitter` puts this policy in
 * place of its delay function (partysocket is pinned; a unit test checks the hook still exists).
 */
export const SOCKET_POLICY = {
  connectionTimeout: 20_000,
  minReconnectionDelay: 1_000,
  maxReconnectionDelay: 5_000,
  reconnectionDelayGrowFactor: 1.5,
  randomisation: 0.5,
  maxRetries: Infinity,
} as const;

export type SocketPolicy = typeof SOCKET_POLICY;

/** The wait before connect attempt `retry` (0 = first attempt); `random` is in [0, 1). */
export function reconnectDelay(
  retry: number,
  random: () => number = Math.random,
  p: SocketPolicy = SOCKET_POLICY,
): number {
  if (retry <= 0) return 0;
  const base = Math.min(p.maxReconnectionDelay, p.minReconnectionDelay * p.reconnectionDelayGrowFactor ** (retry - 1));
  const jittered = base * (1 + p.randomisation * (2 * random() - 1));
  return Math.round(Math.min(p.maxReconnectionDelay, Math.max(p.minReconnectionDelay, jittered)));
}

/**
 * The partysocket options of the policy (its own delay function is replaced by installJitter). A
 * socket the room refused (session ended, access revoked) stays closed: the connection opens it
 * again when the session changes (connection.ts).
 */
export function socketOptions(p: SocketPolicy = SOCKET_POLICY) {
  return {
    connectionTimeout: p.connectionTimeout,
    minReconnectionDelay: p.minReconnectionDelay,
    maxReconnectionDelay: p.maxReconnectionDelay,
    reconnectionDelayGrowFactor: p.reconnectionDelayGrowFactor,
    maxRetries: p.maxRetries,
    shouldReconnectOnClose: (e: { code: number }) => !isRefusal(e.code),
  };
}

/** The parts of partysocket's ReconnectingWebSocket the jitter replaces (private in its types). */
interface DelayHook {
  _retryCount: number;
  _getNextDelay: () => number;
}

/** Replaces the socket's back-off with reconnectDelay (same attempt counter, plus jitter). */
export function installJitter(socket: object, random: () => number = Math.random): void {
  const s = socket as DelayHook;
  if (typeof s._getNextDelay !== "function")
    throw new Error("partysocket changed: no _getNextDelay to install the jitter on");
  s._getNextDelay = () => reconnectDelay(s._retryCount, random);
}
