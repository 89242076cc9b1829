import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { projectsApi } from "../../api/projects-api";
import { queryKeys } from "../../api/query-keys";
import { Button, buttonClass } from "../../components/ui/button";
import { ColorSwatches } from "../../components/ui/color-swatches";
import { FormAlert } from "../../components/ui/form-alert";
import { PageHeading } from "../../components/ui/page-heading";
import { TextField } from "../../components/ui/text-field";
import { projectTitleError } from "../../lib/project-title";
import { PICKER_COLORS } from "../../lib/theme";
import { notify } from "../../lib/toast";
import { useErrorText } from "../auth/use-error-text";

/** "/create": name (validated as typed, SPEC 5) and colour; then the new project opens. */
export function CreateProjectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorOf = useErrorText();
  const [title, setTitle] = useState("");
  const [touched, setTouched] = useState(false);
  const [color, setColor] = useState<string>(PICKER_COLORS[0]);
  const problem = projectTitleError(title);
  const create = useMutation({
    mutationFn: () => projectsApi.create({ title, color }),
    onSuccess: async (project) => {
      notify.success(t("home.create.created", { title: project.title }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
      await navigate(`/nc/${encodeURIComponent(project.id)}`);
    },
    onError: (err) => notify.error(errorOf(err) ?? t("msg.error.internal")),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!problem) create.mutate();
  }

  const shown = touched || title !== "" ? problem : null;
  return (
    <section className="max-w-xl">
      <PageHeading title={t("home.create.heading")} subtitle={t("home.create.subheading")} />
      <form className="flex flex-col gap-6 rounded-lg border border-gray-200 bg-white p-6" onSubmit={submit} noValidate>
        <TextField
          label={t("home.create.titleLabel")}
          value={title}
          autoFocus
          placeholder={t("home.create.titlePlaceholder")}
          onValueChange={setTitle}
          onBlur={() => setTouched(true)}
          error={shown ? t(shown.key, "values" in shown ? shown.values : {}) : null}
        />
        <div className="flex flex-col gap-2">
          <span id="project-colour-label" className="text-sm font-medium text-gray-700">
            {t("home.create.colourLabel")}
          </span>
          <ColorSwatches
            label={t("home.create.colourLabel")}
            colors={PICKER_COLORS}
            value={color}
            onChange={setColor}
          />
        </div>
        <FormAlert tone="error" message={errorOf(create.error)} />
        <div className="flex gap-2">
          <Button type="submit" loading={create.isPending} disabled={Boolean(touched && problem)}>
            {t("home.create.submit")}
          </Button>
          <Link to="/" className={buttonClass("secondary")}>
            {t("common.cancel")}
          </Link>
        </div>
      </form>
    </section>
  );
}
