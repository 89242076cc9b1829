import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "./api-errors";
import { notify } from "./toast";

/** An error toast with the server's message, else "Some internal error occurred" (SPEC 8). */
export function useNotifyError(): (err: unknown) => void {
  const { t } = useTranslation();
  return useCallback((err: unknown) => void notify.error(errorText(err, t("msg.error.internal"))), [t]);
}
