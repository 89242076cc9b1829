/**
 * Passkey calls (issue 41) and the browser ceremonies around them. @simplewebauthn/browser is
 * imported only when a ceremony starts, so the sign-in page and the shared form do not carry it.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { wire } from "../api/wire";

const withCookies = { credentials: "include" as const };
const signinCall = { credentials: "include" as const, skipAuthRefresh: true };
const browser = () => import("@simplewebauthn/browser");

export const passkeyApi = {
  list: () => wire.get("/api/v1/auth/passkeys", {}, withCookies),
  remove: (id: string) => wire.del("/api/v1/auth/passkeys/:id", { id }, withCookies),

  /** Creates a passkey on this device (the browser asks for the fingerprint, PIN or face) and stores it. */
  async add(name: string) {
    const options = await wire.post("/api/v1/auth/passkeys/register/options", {}, undefined, withCookies);
    const { startRegistration } = await browser();
    const response = await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    return wire.post("/api/v1/auth/passkeys/register/verify", {}, { response, name }, withCookies);
  },

  /** Signs in with a discoverable passkey: no e-mail typed; answers a token. */
  async signIn() {
    const options = await wire.post("/api/v1/auth/passkeys/signin/options", {}, undefined, signinCall);
    const { startAuthentication } = await browser();
    const response = await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
    return wire.post("/api/v1/auth/passkeys/signin/verify", {}, { response }, signinCall);
  },

  /** Answers a two-factor ticket with one of the user's passkeys instead of a code; answers a token. */
  async secondFactor(ticket: string) {
    const options = await wire.post("/api/v1/auth/2fa/passkey/options", {}, { ticket }, signinCall);
    const { startAuthentication } = await browser();
    const response = await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
    return wire.post("/api/v1/auth/2fa/passkey/verify", {}, { ticket, response }, signinCall);
  },
};
