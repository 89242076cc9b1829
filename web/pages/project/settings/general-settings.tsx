import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_THEME, isHexColor, resolveTheme } from "../../../../db/project/rules";
import { projectsApi } from "../../../api/projects-api";
import { queryKeys } from "../../../api/query-keys";
import { Button } from "../../../components/ui/button";
import { ColorSwatches } from "../../../components/ui/color-swatches";
import { TextField } from "../../../components/ui/text-field";
import { projectTitleError } from "../../../lib/project-title";
import { metaObject, PICKER_COLORS } from "../../../lib/theme";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { useProject } from "../project-context";
import { UsageMeter } from "../usage/usage-meter";
import { ColourField } from "./theme-fields";

/** Rename, project colour and theme colours (meta.theme, SPEC 3). */
export function GeneralSettings({ onSaved }: { onSaved(): void }) {
  const { t } = useTranslation();
  const { project, projectId } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const theme = resolveTheme(project.meta);
  const [title, setTitle] = useState(project.title);
  const [color, setColor] = useState(project.color ?? PICKER_COLORS[0]);
  const [primary, setPrimary] = useState(theme.primaryColor);
  const [accent, setAccent] = useState(theme.accentColor);
  const titleProblem = projectTitleError(title);
  const valid = !titleProblem && isHexColor(primary) && isHexColor(accent);

  const save = useMutation({
    mutationFn: () =>
      projectsApi.update(projectId, {
        title,
        color,
        meta: JSON.stringify({ ...metaObject(project.meta), theme: { primaryColor: primary, accentColor: accent } }),
      }),
    onSuccess: async () => {
      notify.success(t("project.settings.saved"));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allProjects }),
      ]);
      onSaved();
    },
    onError: notifyError,
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (valid) save.mutate();
  }

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      <TextField
        label={t("project.settings.name")}
        value={title}
        onValueChange={setTitle}
        error={titleProblem ? t(titleProblem.key, "values" in titleProblem ? titleProblem.values : {}) : null}
      />
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-gray-700">{t("project.settings.colour")}</span>
        <ColorSwatches label={t("project.settings.colour")} colors={PICKER_COLORS} value={color} onChange={setColor} />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium text-gray-700">{t("project.settings.theme")}</legend>
        <p className="text-xs text-gray-500">{t("project.settings.themeHint")}</p>
        <div className="flex flex-wrap gap-6">
          <ColourField
            label={t("project.settings.primary")}
            hexLabel={t("project.settings.primaryHex")}
            value={primary}
            onChange={setPrimary}
          />
          <ColourField
            label={t("project.settings.accent")}
            hexLabel={t("project.settings.accentHex")}
            value={accent}
            onChange={setAccent}
          />
        </div>
        <div>
          <Button
            variant="ghost"
            className="px-2 py-1"
            onClick={() => {
              setPrimary(DEFAULT_THEME.primaryColor);
              setAccent(DEFAULT_THEME.accentColor);
            }}
          >
            {t("project.settings.resetTheme")}
          </Button>
        </div>
      </fieldset>
      <div>
        <Button type="submit" loading={save.isPending} disabled={!valid}>
          {t("project.settings.save")}
        </Button>
      </div>
      <UsageMeter />
    </form>
  );
}
