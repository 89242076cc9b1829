import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/api-errors";

/** Text for a failed call: the server's msg, else "Some internal error occurred" (SPEC 8). */
export function useErrorText(): (err: unknown) => string | null {
  const { t } = useTranslation();
  return (err) => (err ? errorText(err, t("msg.error.internal")) : null);
}
