/**
 * The minimum fill time of a shared form whose share sets none (`minFillSeconds`): a submission
 * sooner after the form was read is refused as a bot's (functions/.../shared-view/gate.ts), and
 * the share settings show it as the value in force. No person sends a form in less.
 */
export const DEFAULT_MIN_FILL_SECONDS = 2;
