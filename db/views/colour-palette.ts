/** The colour rules' palette (issue 37): names the web paints (web/views/colour/palette.ts). Apart from colour-settings.ts so the shared view's small bundle takes no zod. */
export const COLOUR_PALETTE = ["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "gray"] as const;
export type PaletteColour = (typeof COLOUR_PALETTE)[number];
