import type { Context } from "hono";
import { FORM_IMAGE_KEYS, isImageItem } from "../../../db/views/form/images";
import type { AppEnv } from "../../types";
import { withSignedFiles } from "./sign-answer";

/**
 * A form's settings with signed links on its uploaded banner and logo. The signer signs items
 * inside lists, so each image goes through as a list of one; an item of another project stays
 * unsigned and so shows nothing.
 */
export async function signFormImages<T extends Record<string, unknown>>(c: Context<AppEnv>, form: T): Promise<T> {
  for (const key of FORM_IMAGE_KEYS) {
    const v = form[key];
    if (isImageItem(v)) (form as Record<string, unknown>)[key] = (await withSignedFiles(c, [{ ...v }]))[0];
  }
  return form;
}
