/**
 * The form as a visitor fills it (the builder's live preview): its images, heading, questions
 * with label, help and required mark, shown or hidden live by their conditions, page breaks
 * marked, and a submit that checks the required rules (SPEC 5) and each question's rules here
 * and on the server, then shows the success message, offers "submit another", counts down 5 s to
 * a blank form when show_blank_form is set, and names the redirect it would follow.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { formDateFormat } from "../../../db/fields/form-inputs";
import { fieldType } from "../../../db/fields/registry";
import { visibleQuestions } from "../../../db/views/form/conditions";
import { imageSrc } from "../../../db/views/form/images";
import { missingRequired } from "../../../db/views/form/required";
import { rulesOf } from "../../../db/views/form/rules";
import { validationProblem } from "../../../db/views/form/validate";
import type { FormSettings } from "../../api/view-kinds-api";
import type { Row } from "../../api/view-types";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { codecFor } from "../../fields/codec";
import { errorText } from "../../lib/api-errors";
import { asFormField, type Question } from "./form-fields";
import { isLink } from "../../../db/fields/registry";
import { linkTypeOf } from "../../links/link-values";
import { PreviewLinkPicker } from "./preview-link-picker";

export function FormPreview({
  projectId,
  settings,
  questions,
  start = {},
  onSubmit,
}: {
  /** The form's project: a link question lists the related table's records from it. */
  projectId: string;
  settings: FormSettings;
  questions: readonly Question[];
  /** The answers' starting texts by field title: the view's record template, as the shared form starts. */
  start?: Record<string, string>;
  onSubmit(row: Row): Promise<void>;
}) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<Record<string, string>>(start);
  // Link answers: the picked records per link question (the shared form's picker answers records too).
  const [picks, setPicks] = useState<Record<string, Row[]>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (countdown === null) return;
    if (countdown <= 0) return reset();
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  function reset() {
    setTexts(start);
    setPicks({});
    setErrors({});
    setSent(false);
    setCountdown(null);
  }

  // Answers as values (what the texts parse to); conditions read them live.
  const answers: Row = {};
  const parseProblems: Record<string, string> = {};
  for (const q of questions) {
    if (isLink(q.column.uidt)) {
      const picked = picks[q.column.title] ?? [];
      if (picked.length) answers[q.column.title] = linkTypeOf(q.column) === "bt" ? picked[0] : picked;
      continue;
    }
    const text = texts[q.column.title] ?? "";
    if (text === "") continue;
    const parsed = codecFor(q.column).fromText(text);
    if (parsed.ok) answers[q.column.title] = parsed.value;
    else parseProblems[q.column.title] = parsed.error;
  }
  const rules = new Map(questions.map((q) => [q.column.id, rulesOf(q.fc.meta)]));
  const kindOf = (q: Question) => fieldType(q.column.uidt)?.kind ?? "text";
  const titleOf = new Map(questions.map((q) => [q.column.id, q.column.title]));
  const visible = visibleQuestions(
    questions.map((q) => ({ columnId: q.column.id, kind: kindOf(q), visibility: rules.get(q.column.id)!.visibility })),
    (id) => answers[titleOf.get(id)!],
  );
  const shown = questions.filter((q) => visible.has(q.column.id));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const row: Row = {};
    const problems: Record<string, string> = {};
    for (const q of shown) {
      if (parseProblems[q.column.title]) problems[q.column.title] = parseProblems[q.column.title]!;
      else if (q.column.title in answers) row[q.column.title] = answers[q.column.title];
    }
    Object.assign(problems, missingRequired(shown.map(asFormField), row));
    for (const q of shown) {
      const v = rules.get(q.column.id)!.validation;
      const p = problems[q.column.title] ? null : validationProblem(kindOf(q), v, row[q.column.title]);
      if (p)
        problems[q.column.title] =
          v.message ||
          t(`sharedView.rules.${p.code}`, { n: "limit" in p ? p.limit : "", file: "file" in p ? p.file : "" });
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setServerError(null);
    try {
      await onSubmit(row);
      setSent(true);
      if (settings.show_blank_form) setCountdown(5);
    } catch (err) {
      setServerError(err);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div data-testid="form-success" className="flex flex-col items-center gap-3 p-6 text-center">
        <p className="text-base font-medium text-gray-900">{settings.success_msg || t("views.form.defaultSuccess")}</p>
        {settings.redirect_url ? (
          <p className="text-sm text-gray-500">
            {t("views.form.wouldRedirect", { url: settings.redirect_url, count: settings.redirect_after_secs ?? 0 })}
          </p>
        ) : null}
        {countdown !== null ? (
          <p className="text-sm text-gray-500">{t("views.form.blankIn", { count: countdown })}</p>
        ) : null}
        {settings.submit_another_form ? (
          <Button variant="secondary" onClick={reset}>
            {t("views.form.submitAnother")}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" data-testid="form-preview">
      {imageSrc(settings.banner_image_url) ? (
        <img src={imageSrc(settings.banner_image_url)!} alt="" className="h-32 w-full rounded-md object-cover" />
      ) : null}
      {imageSrc(settings.logo_url) ? (
        <img src={imageSrc(settings.logo_url)!} alt="" className="h-12 w-auto self-start" />
      ) : null}
      <div>
        <h3 className="text-xl font-semibold text-gray-900">{settings.heading}</h3>
        {settings.subheading ? (
          <p className="mt-1 whitespace-pre-line text-sm text-gray-600">{settings.subheading}</p>
        ) : null}
      </div>
      {shown.map((q, index) => {
        const label = q.fc.label || q.column.title;
        const pageBreak = index > 0 && rules.get(q.column.id)!.pageBreak;
        const required = missingRequired([asFormField(q)], {})[q.column.title] !== undefined;
        const id = `preview-${q.fc.id}`;
        const value = texts[q.column.title] ?? "";
        const set = (v: string) => setTexts((old) => ({ ...old, [q.column.title]: v }));
        const options = (q.column.colOptions?.options ?? []).map((o) => o.title);
        const control = fieldType(q.column.uidt)?.formInput ?? "text";
        const input =
          "rounded-md border border-gray-300 px-3 py-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30";
        return (
          <div key={q.fc.id} className="flex flex-col gap-1" data-testid="preview-question">
            {pageBreak ? (
              <p className="mb-2 border-t border-dashed border-gray-300 pt-1 text-center text-xs text-gray-500">
                {t("views.form.rules.newPage")}
              </p>
            ) : null}
            <label htmlFor={id} className="text-sm font-medium text-gray-800">
              {label}
              {required ? (
                <span className="ms-0.5 text-red-600" aria-hidden="true">
                  {t("views.form.requiredMark")}
                </span>
              ) : null}
            </label>
            {q.fc.help ? <p className="text-xs text-gray-500">{q.fc.help}</p> : null}
            {control === "link" ? (
              <PreviewLinkPicker
                id={id}
                projectId={projectId}
                column={q.column}
                picked={picks[q.column.title] ?? []}
                onChange={(picked) => setPicks((old) => ({ ...old, [q.column.title]: picked }))}
              />
            ) : control === "checkbox" ? (
              <input
                id={id}
                type="checkbox"
                className="size-4 self-start"
                checked={value === "true"}
                onChange={(e) => set(e.target.checked ? "true" : "")}
              />
            ) : options.length > 0 && control === "select" ? (
              <select id={id} className={input} value={value} onChange={(e) => set(e.target.value)}>
                <option value="">{t("views.form.choose")}</option>
                {options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : control === "multiselect" ? (
              // Boxes, as the shared form asks it (web/shared/inputs.ts); the answer is the picked titles.
              <div id={id} role="group" aria-label={label} className="flex flex-wrap gap-3">
                {options.map((o) => {
                  const picked = value ? value.split(",") : [];
                  return (
                    <label key={o} className="inline-flex items-center gap-1 text-sm">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={picked.includes(o)}
                        onChange={(e) =>
                          set(options.filter((x) => (x === o ? e.target.checked : picked.includes(x))).join(","))
                        }
                      />
                      {o}
                    </label>
                  );
                })}
              </div>
            ) : control === "textarea" ? (
              <textarea id={id} className={input} rows={3} value={value} onChange={(e) => set(e.target.value)} />
            ) : (
              <input
                id={id}
                className={input}
                type="text"
                // A date is typed in the column's format, as on the shared form (not the browser's picker).
                placeholder={control === "date" ? formDateFormat(q.column.meta) : undefined}
                value={value}
                onChange={(e) => set(e.target.value)}
                aria-invalid={errors[q.column.title] ? true : undefined}
              />
            )}
            {errors[q.column.title] ? <p className="text-xs text-red-600">{errors[q.column.title]}</p> : null}
          </div>
        );
      })}
      {serverError ? <FormAlert tone="error" message={errorText(serverError, t("views.loadError"))} /> : null}
      <div>
        <Button type="submit" loading={busy}>
          {t("views.form.submit")}
        </Button>
      </div>
    </form>
  );
}
