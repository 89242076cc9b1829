import { useTranslation } from "react-i18next";
import { PREVIEW_ROLES, type PreviewRole } from "../../../../db/acl/roles";
import { SelectField } from "../../../components/ui/select-field";
import { setPreviewAs } from "../../../lib/preview";
import { notify } from "../../../lib/toast";
import { useProject } from "../project-context";

/** Owners and creators pick a role to preview the project as (SPEC 6). */
export function PreviewSelect() {
  const { t } = useTranslation();
  const { previewAs } = useProject();
  const choices = [
    { value: "", label: t("project.preview.none") },
    ...PREVIEW_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
  ];
  return (
    <SelectField
      label={t("project.preview.label")}
      hideLabel
      className="w-44"
      value={previewAs ?? ""}
      choices={choices}
      onValueChange={(v) => {
        const role = (v || null) as PreviewRole | null;
        setPreviewAs(role);
        if (role) notify.info(t("project.preview.started", { role: t(`roles.${role}`) }), "preview");
      }}
    />
  );
}
