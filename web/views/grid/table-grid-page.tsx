import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert";
import { FullPageSpinner } from "../../components/ui/spinner";
import { errorText } from "../../lib/api-errors";
import { useViewSetup } from "./data/use-view-setup";
import { GridView } from "./grid-view";

/** A table tab's content: the table's grid view (the named one, else the default). */
export function TableGridPage({ tableId, viewTitle }: { tableId: string; viewTitle?: string | null }) {
  const { t } = useTranslation();
  const setup = useViewSetup(tableId, viewTitle);
  if (setup.error) return <FormAlert tone="error" message={errorText(setup.error, t("fields.panel.loadError"))} />;
  if (setup.pending || !setup.meta) return <FullPageSpinner />;
  return <GridView key={`${tableId}:${setup.view?.id ?? ""}`} meta={setup.meta} setup={setup} />;
}
