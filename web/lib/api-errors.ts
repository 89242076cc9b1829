/** Error text of an API answer (SPEC 8, API-CONTRACT 1.4): msg, else message, else a generic text. */
import i18next from "i18next";
import { localMessage } from "./messages";

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/** The server's own text, or null when the body carries none. */
export function messageFromBody(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  if (typeof b.msg === "string" && b.msg.trim()) return b.msg;
  if (typeof b.message === "string" && b.message.trim()) return b.message;
  return null;
}

/** A server or registry message the web knows, in the reader's language (messages.ts); others unchanged. */
export function localText(text: string): string {
  if (!i18next.isInitialized) return text;
  const t = i18next.t.bind(i18next) as unknown as (key: string, values: Record<string, string>) => string;
  return localMessage(text, i18next.getResourceBundle("en", "translation") as Record<string, unknown> | undefined, t);
}

/** The reader's language (an app locale code), or undefined before i18n starts (unit tests). */
export function readerLanguage(): string | undefined {
  return i18next.isInitialized ? i18next.language : undefined;
}

/** Text to show for any thrown value; `fallback` is the translated "Some internal error occurred". */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.message ? localText(err.message) : fallback;
  if (err instanceof Error && err.message) return localText(err.message);
  return fallback;
}

/**
 * The browser's own refusals of a passkey ceremony (cancelled, timed out, no matching key; as a
 * DOMException or @simplewebauthn/browser's WebAuthnError with an ERROR_ code): not a server error.
 */
export function isPasskeyCeremonyError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return (
    ["NotAllowedError", "AbortError", "InvalidStateError", "SecurityError"].includes(err.name) ||
    (typeof code === "string" && code.startsWith("ERROR_"))
  );
}
