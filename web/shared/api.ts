/** The public shared-view API (contract 6) as the visitor's pages call it. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
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

export const csvUrl = (uuid: string) => `${base(uuid)}/rows/export/csv`;

export async function downloadCsv(uuid: string) {
  const res = await fetch(csvUrl(uuid), { headers: { "xc-password": savedPassword(uuid) } });
  if (!res.ok) return failure(res);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(await res.blob());
  a.download = "export.csv";
  a.click();
  URL.revokeObjectURL(a.href);
}

/** Sends a form's record with its files; `onProgress` gets the upload share 0..1 (XHR reports it, fetch does not). */
export function submitForm(uuid: string, data: Record<string, unknown>, files: Record<string, File[]>, onProgress: (p: number) => void): Promise<unknown> {
  const body = new FormData();
  body.set("data", JSON.stringify(data));
  for (const [title, list] of Object.entries(files)) for (const f of list) body.append(`_${title}`, f, f.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${base(uuid)}/rows`);
    xhr.setRequestHeader("xc-password", savedPassword(uuid));
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
