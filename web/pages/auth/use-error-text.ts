import { useTranslation } from "react-i18next";
import { errorText, isPasskeyCeremonyError } from "../../lib/api-errors";

/** Text for a failed call: the server's msg, else "Some internal error occurred" (SPEC 8). */
export function useErrorText(): (err: unknown) => string | null {
  const { t } = useTranslation();
  return (err) => (err ? errorText(err, t("msg.error.internal")) : null);
}

/** As useErrorText, with the browser's own passkey refusals told as "the passkey was not used". */
export function usePasskeyErrorText(): (err: unknown) => string | null {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  return (err) => (isPasskeyCeremonyError(err) ? t("auth.passkeyCancelled") : errorOf(err));
}
