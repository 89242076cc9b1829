/** `locales/<lang>.json?shared`: the `sharedView` and `msg` parts of a language file (vite.config.ts `sharedLocales`). */
declare module "*.json?shared" {
  const texts: Record<string, unknown>;
  export default texts;
}
