/**
 * A form's banner and logo (issue 18): uploads kept as the attachment item NocoDB keeps there
 * (`{path: "download/...", title, mimetype, size}`), or an address (older forms). The API signs
 * the item on the way out (`signedUrl`/`signedPath`); pages show what `imageSrc` gives.
 */
export interface FormImageItem {
  path: string;
  title: string;
  mimetype: string;
  size?: number;
  signedPath?: string;
  signedUrl?: string;
}

export const FORM_IMAGE_KEYS = ["banner_image_url", "logo_url"] as const;

export function isImageItem(v: unknown): v is FormImageItem {
  return (
    !!v &&
    typeof v === "object" &&
    typeof (v as FormImageItem).path === "string" &&
    typeof (v as FormImageItem).title === "string"
  );
}

/** What an <img> loads for a banner or logo value, or null for none. */
export function imageSrc(v: unknown): string | null {
  if (typeof v === "string") return v.trim() === "" ? null : v;
  if (!isImageItem(v)) return null;
  return v.signedUrl ?? (v.signedPath ? `/${v.signedPath}` : null);
}
