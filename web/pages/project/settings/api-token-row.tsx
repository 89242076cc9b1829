import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isTokenScope } from "../../../../db/acl/token-scope";
import type { ApiTokenItem } from "../../../api/api-tokens-api";
import { IconButton } from "../../../components/ui/icon-button";
import { SCOPE_LABELS } from "./token-limits";

interface ApiTokenRowProps {
  token: ApiTokenItem;
  /** Project titles by id, for the projects a token is limited to. */
  titles: ReadonlyMap<string, string>;
  onDelete(): void;
}

/** One token of the list: its first characters, description, scope, projects and expiry. */
export function ApiTokenRow({ token, titles, onDelete }: ApiTokenRowProps) {
  const { t } = useTranslation();
  const expired = token.expires_at !== null && Date.parse(token.expires_at) <= Date.now();
  const expiry = token.expires_at
    ? expired
      ? t("project.tokens.expired")
      : t("project.tokens.expiresOn", { date: new Date(token.expires_at).toLocaleDateString() })
    : t("project.tokens.neverExpires");
  const projects = token.project_ids
    ? token.project_ids.map((id) => titles.get(id) ?? id).join(", ")
    : t("project.tokens.allProjects");
  return (
    <li className="flex items-center gap-3 py-2 text-sm" data-testid="api-token-row">
      <code className="font-mono text-xs text-gray-700">{token.token}</code>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-gray-900">{token.description || t("project.tokens.noDescription")}</span>
        <span className="flex flex-wrap gap-x-2 text-xs text-gray-500">
          <span>{isTokenScope(token.scope) ? t(SCOPE_LABELS[token.scope]) : token.scope}</span>
          <span className="min-w-0 truncate">{projects}</span>
          <span className={expired ? "text-red-600" : undefined}>{expiry}</span>
        </span>
      </div>
      <span className="text-xs text-gray-500">{new Date(token.created_at).toLocaleDateString()}</span>
      <IconButton
        label={t("project.tokens.delete", { name: token.description || token.token })}
        icon={Trash2}
        tone="danger"
        onClick={onDelete}
      />
    </li>
  );
}
