import { describe, expect, it } from "vitest";
import { createSession } from "./session";
import { createSettingsStore } from "./settings";
import { tokenExpiringIn } from "./testing/make-token";

const NOW = Date.UTC(2026, 0, 1);

function fresh(now = NOW) {
  const settings = createSettingsStore(null);
  return { settings, session: createSession(settings, () => now) };
}

describe("session", () => {
  it("signing in stores the token and sets the user from its payload", () => {
    const { settings, session } = fresh();
    const token = tokenExpiringIn(3600, NOW);
    expect(session.signIn(token)).toBe(true);
    expect(settings.get().token).toBe(token);
    expect(session.snapshot().user).toEqual({
      id: "us_1",
      email: "ada@example.com",
      firstname: "Ada",
      lastname: "Lovelace",
      roles: { "org-level-creator": true, super: true },
    });
    expect(session.isSignedIn()).toBe(true);
  });

  it("refuses an unreadable token", () => {
    const { settings, session } = fresh();
    expect(session.signIn("nope")).toBe(false);
    expect(settings.get().token).toBeNull();
    expect(session.isSignedIn()).toBe(false);
  });

  it("is not signed in with an expired token", () => {
    const { session } = fresh();
    session.signIn(tokenExpiringIn(-60, NOW));
    expect(session.isSignedIn()).toBe(false);
  });

  it("signing out clears token and user and remembers why", () => {
    const { settings, session } = fresh();
    session.signIn(tokenExpiringIn(3600, NOW));
    let calls = 0;
    session.subscribe(() => calls++);
    session.signOut("expired");
    expect(settings.get().token).toBeNull();
    expect(session.snapshot()).toEqual({ token: null, user: null, signOutReason: "expired" });
    expect(calls).toBe(1);
  });

  it("starts from the stored token", () => {
    const settings = createSettingsStore(null);
    settings.update({ token: tokenExpiringIn(3600, NOW) });
    const session = createSession(settings, () => NOW);
    expect(session.isSignedIn()).toBe(true);
    expect(session.snapshot().user?.email).toBe("ada@example.com");
  });
});
