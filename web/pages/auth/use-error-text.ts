import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/api-errors";

/** Text for a failed call: the server's msg, else "Some internal error occurred" (SPEC 8). */
export function useErrorText(): (err: unknown) => string | null {
  const { t } = useTranslation();
  return (err) => (err ? errorText(err, t("msg.error.internal")) : null);
}

/** The browser's refusals of a passkey ceremony (cancelled, timed out, no key): not a server error. */
function isCeremonyError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return (
    ["NotAllowedError", "AbortError", "InvalidStateError", "SecurityError"].includes(err.name) ||
    (typeof code === "string" && code.startsWith("ERROR_"))
  );
}

/** As useErrorText, with the browser's own passkey refusals told as "the passkey was not used". */
export function usePasskeyErrorText(): (err: unknown) => string | null {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  return (err) => (isCeremonyError(err) ? t("auth.passkeyCancelled") : errorOf(err));
}
