/**
 * The session (SPEC 4): signing in stores the token and sets the user from its payload; signing
 * out clears both. Framework-free so it can be tested without a DOM; `auth.ts` binds it to React.
 */
import type { SessionUser as StoredSessionUser } from "../../functions/lib/session-user";
import { decodeToken, isTokenActive } from "./jwt";
import { toFlags as parseRoles, type RoleFlags } from "../../db/acl/roles";
import type { SettingsStore } from "./settings";

/** The Worker's session user (functions/lib/session-user.ts) as the token carries it: roles as flags. */
export type SessionUser = Omit<StoredSessionUser, "roles" | "token_version"> & { roles: RoleFlags };

/** Why the last sign-out happened: the user asked, or the session could not be kept. */
export type SignOutReason = "user" | "expired";

export interface SessionSnapshot {
  token: string | null;
  user: SessionUser | null;
  signOutReason: SignOutReason | null;
}

export interface Session {
  snapshot(): SessionSnapshot;
  isSignedIn(): boolean;
  getToken(): string | null;
  /** Stores the token and sets the user; returns false (and changes nothing) for an unreadable token. */
  signIn(token: string): boolean;
  signOut(reason?: SignOutReason): void;
  /** Takes the token kept in storage again (another tab signed in or out). */
  reload(): void;
  subscribe(listener: () => void): () => void;
}

export function userFromToken(token: string | null): SessionUser | null {
  const payload = decodeToken(token);
  if (!payload) return null;
  return {
    id: payload.id,
    email: payload.email,
    firstname: payload.firstname,
    lastname: payload.lastname,
    roles: parseRoles(payload.roles),
  };
}

export function createSession(store: SettingsStore, now: () => number = Date.now): Session {
  const fromStore = (reason: SignOutReason | null): SessionSnapshot => {
    const token = store.get().token;
    const user = userFromToken(token);
    return user ? { token, user, signOutReason: null } : { token: null, user: null, signOutReason: reason };
  };
  let current = fromStore(null);
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  return {
    snapshot: () => current,
    isSignedIn: () => isTokenActive(current.token, now()),
    getToken: () => current.token,
    signIn(token) {
      const user = userFromToken(token);
      if (!user) return false;
      store.update({ token });
      current = { token, user, signOutReason: null };
      emit();
      return true;
    },
    signOut(reason = "user") {
      store.update({ token: null });
      current = { token: null, user: null, signOutReason: reason };
      emit();
    },
    reload() {
      const next = fromStore(current.signOutReason);
      if (next.token === current.token) return;
      current = next;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
