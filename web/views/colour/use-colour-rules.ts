import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ColourRulesInput } from "../../../db/views/colour-settings";
import { queryKeys } from "../../api/query-keys";
import { viewsApi } from "../../api/views-api";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";

/** The rules as the server answers them. */
export type ColourRulesAnswer = Awaited<ReturnType<typeof viewsApi.colourRules>>;

/**
 * A view's colour rules (issue 37) for its toolbar's Colour menu: read once per view, saved as a
 * whole list; `onSaved` reads the rows again, whose `_colour` the server computes.
 */
export function useColourRules(viewId: string | null | undefined, onSaved: () => void) {
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { t } = useTranslation();
  const rules = useQuery({
    queryKey: queryKeys.colourRules(viewId ?? ""),
    queryFn: () => viewsApi.colourRules(viewId!),
    enabled: !!viewId,
  });
  const save = useMutation({
    mutationFn: (body: ColourRulesInput) => viewsApi.saveColourRules(viewId!, body),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.colourRules(viewId ?? ""), data);
      notify.success(t("colour.saved"), "colour-saved");
      onSaved();
    },
    onError: notifyError,
  });
  return {
    rules: rules.data,
    save: (body: ColourRulesInput) =>
      save.mutateAsync(body).then(
        () => true,
        () => false,
      ),
  };
}
