/**
 * The app loads a shared view's own page for real when it navigates to one (pages/shared): this
 * session key marks that load, and the visitor's page clears it once it runs, so a server that
 * answers the app again is noticed instead of reloading forever.
 */
export const SHARED_VIEW_RELOAD_KEY = "gridbase:shared-view-reload";
