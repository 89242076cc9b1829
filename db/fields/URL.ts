import { NO_OPTIONS } from "./common/options";
import { show } from "./common/result";
import { byDialect } from "./common/storage";
import { textType } from "./common/text";
import { urlProblem } from "./common/urls";

/** A link; the rules of what is accepted live in common/urls.ts. */
export const URLField = textType({
  uidt: "URL",
  options: NO_OPTIONS,
  storage: byDialect("TEXT", "text", "varchar(255)"),
  trim: true,
  check(text, ctx) {
    const problem = urlProblem(text);
    if (problem === "unsafe") return `${ctx.title}: ${show(text)} is not allowed (script and file links are refused)`;
    if (problem === "invalid") return `${ctx.title}: ${show(text)} is not a valid URL`;
    return null;
  },
});
