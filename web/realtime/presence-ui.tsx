/**
 * Presence in the project shell: the room connection while a project is open (ProjectRealtime),
 * the avatars of who is in the project (header) and a stack of dots per table (sidebar).
 */
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { setPage, startRealtime, track } from "./client";
import { initials, othersOnTable, presence } from "./presence-store";
import type { PresenceUser } from "./protocol";

export function usePresence() {
  return useSyncExternalStore(presence.subscribe, presence.get);
}

/**
 * Holds the project's room connection (reconnected when the preview role changes) and sends
 * `page` on every navigation within the project. Renders nothing.
 */
export function ProjectRealtime({
  projectId,
  sharedId,
  previewAs,
}: {
  projectId: string;
  sharedId: string | null;
  previewAs: string | null;
}) {
  const { pathname } = useLocation();
  useEffect(() => startRealtime(projectId, sharedId, previewAs), [projectId, sharedId, previewAs]);
  // After the connection (effects run in order), so a new connection learns the page at once.
  useEffect(() => setPage(pathname), [pathname, projectId, sharedId, previewAs]);
  useEffect(() => track("project:open"), [projectId]);
  return null;
}

const MAX_AVATARS = 5;

function Avatar({ user, you }: { user: PresenceUser; you: boolean }) {
  const { t } = useTranslation();
  const label = you ? t("realtime.presence.you", { name: user.name }) : user.name;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="presence-avatar"
      data-user={user.name}
      className="inline-flex size-8 select-none items-center justify-center rounded-full border-2 border-white text-xs font-semibold text-white shadow-sm"
      style={{ backgroundColor: user.color }}
    >
      {initials(user.name)}
    </span>
  );
}

/** Who is in the project now (the project header): initials in each user's colour, name on hover. */
export function PresenceAvatars() {
  const { t } = useTranslation();
  const { users, me, status } = usePresence();
  if (users.length === 0) return null;
  const shown = users.slice(0, MAX_AVATARS);
  const more = users.length - shown.length;
  return (
    <div className="flex items-center gap-2" data-testid="presence" data-status={status}>
      <span
        aria-hidden="true"
        title={t(status === "open" ? "realtime.status.open" : "realtime.status.reconnecting")}
        className={`size-2 rounded-full ${status === "open" ? "bg-green-500" : "bg-amber-400"}`}
      />
      <ul aria-label={t("realtime.presence.label")} className="flex -space-x-2">
        {shown.map((u) => (
          <li key={u.userId}>
            <Avatar user={u} you={u.userId === me?.userId} />
          </li>
        ))}
        {more > 0 ? (
          <li className="inline-flex size-8 items-center justify-center rounded-full border-2 border-white bg-gray-200 text-xs font-medium text-gray-700">
            {t("realtime.presence.more", { count: more })}
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** The others on a table (sidebar): a small stack of dots in their colours, names on hover. */
export function TablePresence({ title }: { title: string }) {
  const { t } = useTranslation();
  const { users, me } = usePresence();
  const others = othersOnTable(users, title, me);
  if (others.length === 0) return null;
  const names = others.map((u) => u.name).join(", ");
  const label = t("realtime.presence.onTable", { names });
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="table-presence"
      className="ms-auto flex shrink-0 -space-x-1"
    >
      {others.slice(0, 3).map((u) => (
        <span key={u.userId} className="size-2.5 rounded-full ring-2 ring-white" style={{ backgroundColor: u.color }} />
      ))}
    </span>
  );
}
