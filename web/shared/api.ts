import { storedToken } from "./session";

/** The public shared-view API (contract 6) as the visitor's pages call it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const base = (uuid: string) => `/api/v1/db/public/shared-view/${encodeURIComponent(uuid)}`;
const passwordKey = (uuid: string) => `shared-password:${uuid}`;

export const savedPassword = (uuid: string) => sessionStorage.getItem(passwordKey(uuid)) ?? "";
export const savePassword = (uuid: string, pw: string) => sessionStorage.setItem(passwordKey(uuid), pw);

async function failure(res: Response): Promise<never> {
  let message = "";
  try {
    const body = (await res.json()) as { msg?: string } | string;
    message = typeof body === "string" ? body : (body.msg ?? "");
  } catch {
    /* not JSON */
  }
  throw new ApiError(res.status, message);
}

export async function getJson<T>(uuid: string, path: string): Promise<T> {
  const res = await fetch(`${base(uuid)}${path}`, { headers: { "xc-password": savedPassword(uuid) } });
  if (!res.ok) return failure(res);
  return (await res.json()) as T;
}

export const csvUrl = (uuid: string, kind: "csv" | "excel" = "csv") => `${base(uuid)}/rows/export/${kind}`;

export async function downloadCsv(uuid: string, kind: "csv" | "excel" = "csv") {
  const res = await fetch(csvUrl(uuid, kind), { headers: { "xc-password": savedPassword(uuid) } });
  if (!res.ok) return failure(res);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(await res.blob());
  a.download = kind === "excel" ? "export.xlsx" : "export.csv";
  a.click();
  URL.revokeObjectURL(a.href);
}

/**
 * Sends a form's record with its files and the gate's fields (form-gate.ts), with the app's
 * session when there is one (forms for signed-in users or members); `onProgress` gets the upload
 * share 0..1 (XHR reports it, fetch does not).
 */
export function submitForm(
  uuid: string,
  data: Record<string, unknown>,
  files: Record<string, File[]>,
  onProgress: (p: number) => void,
  parts: Record<string, string> = {},
): Promise<unknown> {
  const body = new FormData();
  body.set("data", JSON.stringify(data));
  for (const [name, value] of Object.entries(parts)) body.set(name, value);
  for (const [title, list] of Object.entries(files)) for (const f of list) body.append(`_${title}`, f, f.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${base(uuid)}/rows`);
    xhr.setRequestHeader("xc-password", savedPassword(uuid));
    const token = storedToken();
    if (token) xhr.setRequestHeader("xc-auth", token);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let parsed: { msg?: string } = {};
      try {
        parsed = JSON.parse(xhr.responseText) as { msg?: string };
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed);
      else reject(new ApiError(xhr.status, parsed.msg ?? ""));
    };
    xhr.onerror = () => reject(new ApiError(0, ""));
    xhr.send(body);
  });
}
