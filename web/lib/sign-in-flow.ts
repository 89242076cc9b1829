/** What every way of signing in or out shares: the session plus app info (firstUser changes). */
import { APP_INFO_KEY } from "./app-info";
import { authApi } from "./auth-api";
import { session } from "./auth";
import { queryClient } from "./query-client";

/** Signs in with a token from the server; false when the token cannot be read. */
export function adoptToken(token: string | undefined): boolean {
  if (!token || !session.signIn(token)) return false;
  void queryClient.invalidateQueries({ queryKey: APP_INFO_KEY });
  return true;
}

/**
 * A sign-in waiting for its second factor: the ticket a proven password (or social account) gave.
 * Kept in memory only (a reload starts the sign-in again); the sign-in page asks for the code.
 */
let pendingTicket: string | null = null;
/** Whether the ticket's user has a passkey: the step then offers it instead of a code. */
let ticketPasskey = false;
const ticketListeners = new Set<() => void>();

export const twoFactorTicket = {
  get: () => pendingTicket,
  passkey: () => ticketPasskey,
  set(ticket: string | null, passkey = false) {
    pendingTicket = ticket;
    ticketPasskey = ticket !== null && passkey;
    for (const listener of ticketListeners) listener();
  },
  subscribe(listener: () => void) {
    ticketListeners.add(listener);
    return () => void ticketListeners.delete(listener);
  },
};

/**
 * Takes a sign-in answer: a token signs in; a ticket (two-factor on) waits for the code. False
 * when the answer holds neither.
 */
export function adoptSigninAnswer(
  answer: { token?: string; ticket?: string; passkey?: boolean } | null | undefined,
): boolean {
  if (answer?.ticket) {
    twoFactorTicket.set(answer.ticket, answer.passkey === true);
    return true;
  }
  return adoptToken(answer?.token);
}

/** Calls sign-out (its failure is ignored, API-CONTRACT 2) and clears the session. */
export async function signOutEverywhere(): Promise<void> {
  try {
    await authApi.signout();
  } catch {
    // The server may already consider the session gone; the local sign-out still happens.
  }
  session.signOut("user");
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== APP_INFO_KEY[0] });
  void queryClient.invalidateQueries({ queryKey: APP_INFO_KEY });
}
