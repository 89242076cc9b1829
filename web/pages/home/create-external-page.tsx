import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { projectsApi } from "../../api/projects-api";
import { queryKeys } from "../../api/query-keys";
import { Button, buttonClass } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { PageHeading } from "../../components/ui/page-heading";
import { SelectField } from "../../components/ui/select-field";
import { TextField } from "../../components/ui/text-field";
import { projectTitleError } from "../../lib/project-title";
import { notify } from "../../lib/toast";
import { useErrorText } from "../auth/use-error-text";
import {
  fromPreset,
  fromUrl,
  hasSchema,
  paramsProblem,
  PRESETS,
  SSL_MODES,
  toConfig,
  type ConnectionState,
  type SslMode,
} from "./external/connection-form";

const INPUT =
  "rounded-md border border-gray-300 px-3 py-2 text-sm shadow-xs outline-none focus:border-primary focus:ring-2 focus:ring-primary/30";

/**
 * "/create-external" (SPEC 2, 3, 4, 5, 9): a project from the builder's own database. Engine and
 * preset, the connection fields or a pasted URL, SSL mode with certificates, extra parameters,
 * "Test connection" with the database's own answer; on create the project opens.
 */
export function CreateExternalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorOf = useErrorText();
  const [title, setTitle] = useState("");
  const [touched, setTouched] = useState(false);
  const [s, setS] = useState<ConnectionState>(() => fromPreset("pg"));
  const [pasted, setPasted] = useState("");
  const [pasteError, setPasteError] = useState(false);
  const set = (patch: Partial<ConnectionState>) => setS((prev) => ({ ...prev, ...patch }));
  const titleProblem = projectTitleError(title);
  const paramProblem = paramsProblem(s.params);
  const mssql = s.client === "mssql";
  const sqlite = s.client === "sqlite3";

  // Server messages with an SPEC 8 key in front are shown in the user's language.
  const messageOf = (err: unknown) => {
    const text = errorOf(err) ?? t("msg.error.internal");
    if (text.startsWith("ipNotAllowed")) return t("msg.error.ipNotAllowed");
    return text;
  };

  const test = useMutation({ mutationFn: () => projectsApi.testConnection(toConfig(s)) });
  const create = useMutation({
    mutationFn: () =>
      projectsApi.create({
        title,
        external: true,
        bases: [{ type: s.client, config: toConfig(s), inflection_column: "camelize", inflection_table: "camelize" }],
      }),
    onSuccess: async (project) => {
      notify.success(t("home.createExternal.created", { title: project.title }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
      await navigate(`/nc/${encodeURIComponent(project.id)}`);
    },
    onError: (err) => notify.error(messageOf(err)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!titleProblem && !paramProblem) create.mutate();
  }

  function paste(text: string) {
    setPasted(text);
    if (!text.trim()) return setPasteError(false);
    const next = fromUrl(text, s);
    setPasteError(!next);
    if (next) setS(next);
  }

  const shownTitle = touched || title !== "" ? titleProblem : null;
  const presetChoices = PRESETS.map((p) => ({ value: p.id, label: p.label }));
  const sslChoices = SSL_MODES.map((m) => ({ value: m, label: t(`home.createExternal.ssl.${m}`) }));
  const params = s.params;

  return (
    <section className="max-w-2xl">
      <PageHeading title={t("home.createExternal.heading")} subtitle={t("home.createExternal.subheading")} />
      <form
        className="flex flex-col gap-5 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
        onSubmit={submit}
        noValidate
        aria-label={t("home.createExternal.heading")}
      >
        <TextField
          label={t("home.create.titleLabel")}
          value={title}
          autoFocus
          onValueChange={setTitle}
          onBlur={() => setTouched(true)}
          error={shownTitle ? t(shownTitle.key, "values" in shownTitle ? shownTitle.values : {}) : null}
        />
        <SelectField
          label={t("home.createExternal.engine")}
          choices={presetChoices}
          value={s.preset}
          onValueChange={(id) => setS(fromPreset(id, s))}
        />
        {mssql ? (
          <p role="note" className="rounded-md bg-amber-50 p-2 text-sm text-amber-800">
            {t("home.createExternal.mssqlUnverified")}
          </p>
        ) : null}
        <TextField
          label={t("home.createExternal.pasteUrl")}
          hint={t("home.createExternal.optional")}
          value={pasted}
          placeholder="postgres://user:password@host:5432/database"
          onValueChange={paste}
          error={pasteError ? t("home.createExternal.badUrl") : null}
        />
        {sqlite ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("home.createExternal.libsqlUrl")}
              value={s.url}
              placeholder="libsql://db-org.turso.io"
              onValueChange={(url) => set({ url })}
            />
            <TextField
              label={t("home.createExternal.authToken")}
              hint={t("home.createExternal.optional")}
              type="password"
              autoComplete="off"
              value={s.authToken}
              onValueChange={(authToken) => set({ authToken })}
            />
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t("home.createExternal.host")} value={s.host} onValueChange={(host) => set({ host })} />
            <TextField
              label={t("home.createExternal.port")}
              inputMode="numeric"
              value={s.port}
              onValueChange={(port) => set({ port: port.replace(/\D/g, "") })}
            />
            <TextField
              label={t("home.createExternal.user")}
              autoComplete="off"
              value={s.user}
              onValueChange={(user) => set({ user })}
            />
            <TextField
              label={t("home.createExternal.password")}
              type="password"
              autoComplete="new-password"
              value={s.password}
              onValueChange={(password) => set({ password })}
            />
            <TextField
              label={t("home.createExternal.database")}
              value={s.database}
              onValueChange={(database) => set({ database })}
            />
            {hasSchema(s.client) ? (
              <TextField
                label={t("home.createExternal.searchPath")}
                value={s.searchPath}
                onValueChange={(searchPath) => set({ searchPath })}
              />
            ) : null}
            <SelectField
              label={t("home.createExternal.sslMode")}
              choices={sslChoices}
              value={s.ssl}
              onValueChange={(ssl) => set({ ssl: ssl as SslMode })}
            />
          </div>
        )}
        {!sqlite && (s.ssl === "Required-CA" || s.ssl === "Required-Identity") ? (
          <div className="grid gap-4 sm:grid-cols-3">
            {(["ca", "cert", "key"] as const).map((part) => (
              <label key={part} className="flex flex-col gap-1 text-sm font-medium text-gray-700">
                {t(`home.createExternal.${part}`)}
                <textarea
                  className={`${INPUT} min-h-20 font-mono text-xs`}
                  value={s[part]}
                  onChange={(e) => set({ [part]: e.target.value })}
                  spellCheck={false}
                />
              </label>
            ))}
          </div>
        ) : null}
        {!sqlite ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-gray-700">{t("home.createExternal.params")}</legend>
            {params.map((p, i) => (
              <div key={i} className="flex items-center gap-2">
                <input
                  aria-label={t("home.createExternal.paramKey")}
                  className={`${INPUT} min-w-0 flex-1`}
                  value={p.key}
                  onChange={(e) => set({ params: params.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)) })}
                />
                <input
                  aria-label={t("home.createExternal.paramValue")}
                  className={`${INPUT} min-w-0 flex-1`}
                  value={p.value}
                  onChange={(e) =>
                    set({ params: params.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })
                  }
                />
                <button
                  type="button"
                  className={buttonClass("ghost", "px-2")}
                  aria-label={t("home.createExternal.removeParam")}
                  onClick={() => set({ params: params.filter((_, j) => j !== i) })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </div>
            ))}
            {paramProblem && params.length ? <p className="text-xs text-red-600">{t(paramProblem)}</p> : null}
            <div>
              <Button variant="ghost" onClick={() => set({ params: [...params, { key: "", value: "" }] })}>
                <Plus aria-hidden="true" className="size-4" />
                {t("home.createExternal.addParam")}
              </Button>
            </div>
          </fieldset>
        ) : null}
        <p className="text-xs text-gray-500">{t("home.createExternal.unverified")}</p>
        <div aria-live="polite">
          {test.isSuccess ? <FormAlert tone="success" message={test.data.message} /> : null}
          {test.isError ? <FormAlert tone="error" message={messageOf(test.error)} /> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            loading={create.isPending}
            disabled={Boolean(paramProblem) || Boolean(touched && titleProblem)}
          >
            {t("home.createExternal.submit")}
          </Button>
          <Button
            variant="secondary"
            loading={test.isPending}
            disabled={Boolean(paramProblem)}
            onClick={() => test.mutate()}
          >
            {t("home.createExternal.test")}
          </Button>
          <Link to="/" className={buttonClass("secondary")}>
            {t("common.cancel")}
          </Link>
        </div>
      </form>
    </section>
  );
}
