import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { TOKEN_SCOPES, type TokenScope } from "../../../../db/acl/token-scope";
import type { TokenInput } from "../../../api/api-tokens-api";
import { projectsApi } from "../../../api/projects-api";
import { queryKeys } from "../../../api/query-keys";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { EXPIRY_CHOICES, expiryAt, SCOPE_LABELS } from "./token-limits";

interface ApiTokenFormProps {
  pending: boolean;
  onCreate(input: TokenInput, reset: () => void): void;
}

/**
 * A new token's description, what it may do (scope), where (none ticked: every project of the
 * user's) and until when (issue 41). The server checks all of it again.
 */
export function ApiTokenForm({ pending, onCreate }: ApiTokenFormProps) {
  const { t } = useTranslation();
  const [description, setDescription] = useState("");
  const [scope, setScope] = useState<TokenScope>("full");
  const [days, setDays] = useState(0);
  const [projectIds, setProjectIds] = useState<string[]>([]);
  const projects = useQuery({ queryKey: queryKeys.projects(""), queryFn: () => projectsApi.list("") });
  // A token reaches only projects its maker belongs to (a super admin is listed every project).
  const mine = (projects.data?.list ?? []).filter((p) => Boolean(p.roles));
  const toggle = (id: string, on: boolean) => setProjectIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const reset = () => {
    setDescription("");
    setProjectIds([]);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onCreate(
      {
        description: description.trim() || null,
        scope,
        project_ids: projectIds.length > 0 ? projectIds : null,
        expires_at: expiryAt(days),
      },
      reset,
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={t("project.tokens.description")}
          value={description}
          onValueChange={setDescription}
          maxLength={255}
          className="min-w-48 flex-1"
        />
        <SelectField
          label={t("project.tokens.scope")}
          value={scope}
          onValueChange={(v) => setScope(v as TokenScope)}
          choices={TOKEN_SCOPES.map((s) => ({ value: s, label: t(SCOPE_LABELS[s]) }))}
        />
        <SelectField
          label={t("project.tokens.expiry")}
          value={String(days)}
          onValueChange={(v) => setDays(Number(v))}
          choices={EXPIRY_CHOICES.map((c) => ({ value: String(c.days), label: t(c.label) }))}
        />
      </div>
      {mine.length > 0 ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-gray-700">{t("project.tokens.projects")}</legend>
          <p className="text-xs text-gray-500">{t("project.tokens.projectsHint")}</p>
          <div className="flex max-h-40 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
            {mine.map((p) => (
              <label key={p.id} className="flex min-w-0 items-center gap-1.5 text-sm text-gray-800">
                <input
                  type="checkbox"
                  checked={projectIds.includes(p.id)}
                  onChange={(e) => toggle(p.id, e.target.checked)}
                />
                <span className="max-w-48 truncate">{p.title}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <Button type="submit" loading={pending} className="self-start">
        <KeyRound aria-hidden="true" className="size-4" />
        {t("project.tokens.create")}
      </Button>
    </form>
  );
}
