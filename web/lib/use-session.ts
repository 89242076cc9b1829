import { useSyncExternalStore } from "react";
import { session } from "./auth";
import type { SessionSnapshot } from "./session";

export interface SessionState extends SessionSnapshot {
  signedIn: boolean;
}

/** The session for React: re-renders on sign-in and sign-out. */
export function useSession(): SessionState {
  const snapshot = useSyncExternalStore(session.subscribe, session.snapshot);
  return { ...snapshot, signedIn: snapshot.token !== null && session.isSignedIn() };
}
