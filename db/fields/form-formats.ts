/**
 * The format a visitor's answer must have, by its form control (form-inputs.ts): the checks the
 * Email, URL and PhoneNumber types run on the server, light enough for the shared form's bundle,
 * so a wrong address is shown on its own page as it is typed rather than after the last page.
 */
import { isEmail, isPhoneNumber } from "./common/text-formats";
import { urlProblem } from "./common/urls";
import type { FormInput } from "./types";

export type FormatProblem = "email" | "url" | "tel";

const CHECKS: Partial<Record<FormInput, (text: string) => boolean>> = {
  email: isEmail,
  url: (text) => urlProblem(text) === null,
  tel: isPhoneNumber,
};

/** What is wrong with a typed answer's format, or null (an empty answer is the required rule's). */
export function formatProblem(input: FormInput, value: unknown): FormatProblem | null {
  const check = CHECKS[input];
  if (!check || typeof value !== "string" || value.trim() === "") return null;
  return check(value.trim()) ? null : (input as FormatProblem);
}
