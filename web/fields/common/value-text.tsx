/**
 * A value's text kept in its own order inside a right-to-left page (#33): dates, times, numbers,
 * e-mails and URLs are written left to right, and in an Arabic layout "2026-11-10 10:00" would
 * otherwise show as "10:00 2026-11-10" (the space and the digits take the page's direction).
 * The element is isolated (`dir` makes `unicode-bidi: isolate`); text with right-to-left letters
 * (an Arabic name, a date in Arabic words) takes the direction of its first strong letter instead.
 */
const RTL_LETTERS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f]/;

export function valueDir(text: string): "ltr" | "auto" {
  return RTL_LETTERS.test(text) ? "auto" : "ltr";
}

/** One value's text, isolated; the caller's block keeps the alignment (start, or end for numbers). */
export function ValueText({ text }: { text: string }) {
  return (
    <bdi dir={valueDir(text)} data-value="">
      {text}
    </bdi>
  );
}
