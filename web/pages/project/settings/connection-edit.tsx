import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { projectsApi } from "../../../api/projects-api";
import { queryKeys } from "../../../api/query-keys";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { TextField } from "../../../components/ui/text-field";
import { notify } from "../../../lib/toast";
import { useErrorText } from "../../auth/use-error-text";

export interface ShownConnection {
  host?: string;
  port?: number;
  user?: string;
  database?: string;
  url?: string;
}

/**
 * A new password (or host, user, database, URL) for an external project's database (issue 42): the
 * fields start as stored, the secret empty. Only what changed is sent; the server keeps the rest,
 * and keeps the stored secret while the place stays the same. Nothing changes unless the database
 * accepts the new connection.
 */
export function ConnectionEdit(props: { projectId: string; baseId: string; conn: ShownConnection; onDone(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorOf = useErrorText();
  const libsql = Boolean(props.conn.url);
  const start = {
    host: props.conn.host ?? "",
    port: props.conn.port === undefined ? "" : String(props.conn.port),
    user: props.conn.user ?? "",
    database: props.conn.database ?? "",
    url: props.conn.url ?? "",
  };
  const [fields, setFields] = useState(start);
  const [secret, setSecret] = useState("");
  const set = (patch: Partial<typeof start>) => setFields((prev) => ({ ...prev, ...patch }));
  const save = useMutation({
    mutationFn: () => {
      const changed = Object.fromEntries(
        Object.entries(fields).filter(([k, v]) => v !== start[k as keyof typeof start]),
      ) as Record<string, string>;
      if (secret) changed[libsql ? "authToken" : "password"] = secret;
      return projectsApi.updateBase(props.projectId, props.baseId, { config: { connection: changed } });
    },
    onSuccess: async () => {
      notify.success(t("project.settings.databaseReconnected"));
      await queryClient.invalidateQueries({ queryKey: queryKeys.project(props.projectId) });
      props.onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const secretLabel = t(libsql ? "home.createExternal.authToken" : "home.createExternal.password");
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} aria-label={t("project.settings.databaseEdit")}>
      {libsql ? (
        <TextField
          label={t("home.createExternal.libsqlUrl")}
          dir="ltr"
          value={fields.url}
          onValueChange={(url) => set({ url })}
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
          <TextField
            label={t("home.createExternal.host")}
            dir="ltr"
            value={fields.host}
            onValueChange={(host) => set({ host })}
          />
          <TextField
            label={t("home.createExternal.port")}
            dir="ltr"
            inputMode="numeric"
            value={fields.port}
            onValueChange={(port) => set({ port })}
          />
          <TextField
            label={t("home.createExternal.user")}
            value={fields.user}
            onValueChange={(user) => set({ user })}
          />
          <TextField
            label={t("home.createExternal.database")}
            value={fields.database}
            onValueChange={(database) => set({ database })}
          />
        </div>
      )}
      <TextField
        label={secretLabel}
        hint={t("project.settings.databaseKeepSecret")}
        type="password"
        autoComplete="new-password"
        value={secret}
        onValueChange={setSecret}
      />
      {save.isError ? <FormAlert tone="error" message={errorOf(save.error) ?? t("msg.error.internal")} /> : null}
      <div className="flex gap-2">
        <Button type="submit" loading={save.isPending}>
          {t("project.settings.databaseReconnect")}
        </Button>
        <Button type="button" variant="secondary" onClick={props.onDone}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
