import { useQuery } from "@tanstack/react-query";
import { Copy, KeyRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { projectsApi } from "../../api/projects-api";
import { queryKeys } from "../../api/query-keys";
import { Button } from "../../components/ui/button";
import { PageHeading } from "../../components/ui/page-heading";
import { copyText } from "../../lib/clipboard";
import { notify } from "../../lib/toast";

/** The MCP server's address on this origin (functions/resources/mcp). */
export function mcpUrl(origin: string): string {
  return `${origin}/mcp`;
}

/** What Claude Desktop, Cursor and similar clients take in their MCP settings (a remote server with a header). */
export function mcpConfig(url: string): string {
  return JSON.stringify({ mcpServers: { gridbase: { url, headers: { Authorization: "Bearer <token>" } } } }, null, 2);
}

function CopyBlock({ text, label, done, testId }: { text: string; label: string; done: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(text)) notify.success(done);
    else notify.error(t("aiAssistant.copyFailed"));
  };
  return (
    <>
      <pre
        dir="ltr"
        className="mt-3 overflow-x-auto rounded bg-gray-900 p-3 text-start text-xs text-gray-100"
        data-testid={testId}
      >
        {text}
      </pre>
      <Button variant="secondary" className="mt-3" onClick={() => void copy()}>
        <Copy aria-hidden="true" className="size-4" />
        {label}
      </Button>
    </>
  );
}

function Section({
  id,
  heading,
  body,
  children,
}: {
  id: string;
  heading: string;
  body: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded-lg border border-gray-200 bg-white p-5">
      <h2 id={id} className="font-medium text-gray-900">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-gray-500">{body}</p>
      {children}
    </section>
  );
}

/**
 * "/account/ai-assistant" (issue 40): how to connect an AI assistant to the MCP server: its URL,
 * where a token is made (a project's Team and access page) and a client configuration to copy.
 * The token itself is never shown here: it is shown once, when made.
 */
export function AiAssistantPage() {
  const { t } = useTranslation();
  const url = mcpUrl(typeof window === "undefined" ? "" : window.location.origin);
  const projects = useQuery({ queryKey: queryKeys.projects(""), queryFn: () => projectsApi.list("") });
  // Tokens are made in a project the user belongs to (a super admin is listed every project).
  const list = (projects.data?.list ?? []).filter((p) => Boolean(p.roles));
  return (
    <section>
      <PageHeading title={t("aiAssistant.heading")} subtitle={t("aiAssistant.subheading")} />
      <Section id="mcp-url-heading" heading={t("aiAssistant.urlHeading")} body={t("aiAssistant.urlBody")}>
        <CopyBlock text={url} label={t("aiAssistant.copyUrl")} done={t("aiAssistant.urlCopied")} testId="mcp-url" />
      </Section>
      <Section id="mcp-token-heading" heading={t("aiAssistant.tokenHeading")} body={t("aiAssistant.tokenBody")}>
        {projects.isSuccess && list.length === 0 ? (
          <p className="mt-3 text-sm text-gray-500">{t("aiAssistant.noProjects")}</p>
        ) : (
          <ul aria-label={t("aiAssistant.tokenProjects")} className="mt-3 flex flex-wrap gap-2">
            {list.map((p) => (
              <li key={p.id}>
                <Link
                  to={`/nc/${encodeURIComponent(p.id)}/auth`}
                  className="inline-flex items-center gap-1.5 rounded-md border border-gray-200 px-3 py-1.5 text-sm text-gray-700 hover:border-primary hover:text-primary"
                >
                  <KeyRound aria-hidden="true" className="size-4 shrink-0" />
                  <span className="max-w-48 truncate">{p.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="mcp-config-heading" heading={t("aiAssistant.configHeading")} body={t("aiAssistant.configBody")}>
        <CopyBlock
          text={mcpConfig(url)}
          label={t("aiAssistant.copyConfig")}
          done={t("aiAssistant.configCopied")}
          testId="mcp-config"
        />
      </Section>
    </section>
  );
}
