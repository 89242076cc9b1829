import { KeyRound, Table2, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useProject } from "../project-context";
import { tabPath, type Tab } from "./tabs";
import { useTabs } from "./tabs-context";

/** The open tabs: each opens its route; the cross closes it (SPEC 4). */
export function TabBar() {
  const { t } = useTranslation();
  const { basePath } = useProject();
  const { state, close } = useTabs();
  if (state.tabs.length === 0) return null;
  const label = (tab: Tab) => (tab.type === "auth" ? t("project.tabs.auth") : tab.title);
  return (
    <nav aria-label={t("project.tabs.label")} className="mb-2 border-b border-gray-200 px-3">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {state.tabs.map((tab) => {
          const active = tab.id === state.activeId;
          const Icon = tab.type === "auth" ? KeyRound : Table2;
          return (
            <li
              key={tab.id}
              data-testid="project-tab"
              data-active={active || undefined}
              className={`flex shrink-0 items-center gap-1 rounded-t-md border px-2 py-1 text-sm ${active ? "border-gray-200 border-b-white bg-white font-medium text-gray-900" : "border-transparent text-gray-600 hover:bg-gray-100"}`}
            >
              <Link
                to={tabPath(basePath, tab)}
                aria-current={active ? "page" : undefined}
                className="flex items-center gap-1.5 px-1 py-0.5"
              >
                <Icon aria-hidden="true" className={`size-4 ${active ? "text-primary" : "text-gray-400"}`} />
                <span className="max-w-48 truncate">{label(tab)}</span>
              </Link>
              <button
                type="button"
                aria-label={t("project.tabs.close", { title: label(tab) })}
                title={t("project.tabs.close", { title: label(tab) })}
                onClick={() => close(tab.id)}
                className="rounded p-0.5 text-gray-400 hover:bg-gray-200 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-primary"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
