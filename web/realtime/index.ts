/**
 * Realtime collaboration (SPEC 4 real-time socket, SPEC 7 socket events, SPEC 9 socket
 * constants): what the rest of the web app uses. Import from this folder's index only.
 */
export { noteSaved, track } from "./client";
export { LiveGrid, RemoteValueHint, useRemoteEditing, useReportEditing, type RemoteMark } from "./grid-live";
export { PresenceAvatars, ProjectRealtime, TablePresence } from "./presence-ui";
