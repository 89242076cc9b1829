import { FileUp, Link2 } from "lucide-react";
import { useId, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { Switch } from "../../components/ui/switch";
import { TextField } from "../../components/ui/text-field";
import { errorText } from "../../lib/api-errors";
import { ACCEPT, fileNameProblem, urlPath, urlProblem, type ImportKind } from "../file-rules";
import { WorkerError } from "../worker-client";

const KINDS: readonly ImportKind[] = ["csv", "excel", "json"];

interface SourceStepProps {
  kind: ImportKind;
  onKind(kind: ImportKind): void;
  /** Reads the file; rejects with the reason it cannot be read. */
  onLoad(file: File, remote: boolean, flatten: boolean): Promise<unknown>;
}

/** Step 1: the kind of file, then a file from the computer or a URL. */
export function SourceStep({ kind, onKind, onLoad }: SourceStepProps) {
  const { t } = useTranslation();
  const fileId = useId();
  const [url, setUrl] = useState("");
  const [flatten, setFlatten] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function read(getFile: () => Promise<File>, remote: boolean) {
    setBusy(true);
    setError(null);
    try {
      await onLoad(await getFile(), remote, flatten);
    } catch (err) {
      const code = err instanceof WorkerError ? err.code : undefined;
      if (code === "notJson") setError(t("import.source.notJson"));
      else if (code === "notObjects") setError(t("import.source.notObjects"));
      else setError(errorText(err, t("msg.error.internal")));
    } finally {
      setBusy(false);
    }
  }

  function chooseFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const problem = fileNameProblem(kind, file.name);
    if (problem) return setError(t(problem));
    void read(async () => file, false);
  }

  function loadUrl() {
    const problem = urlProblem(kind, url);
    if (problem) return setError(t(problem));
    const name = (urlPath(url) ?? "").split("/").pop() || "download";
    void read(async () => {
      let res: Response;
      try {
        res = await fetch(url.trim());
      } catch {
        throw new Error(t("import.source.urlFailed"));
      }
      if (!res.ok) throw new Error(t("import.source.urlStatus", { status: res.status }));
      return new File([await res.blob()], name);
    }, true);
  }

  return (
    <div className="flex flex-col gap-5">
      <div role="radiogroup" aria-label={t("import.kind.label")} className="flex flex-wrap gap-2">
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            onClick={() => (setError(null), onKind(k))}
            className={`rounded-md border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-primary ${kind === k ? "border-primary bg-primary/10 text-primary" : "border-gray-300 text-gray-700 hover:bg-gray-50"}`}
          >
            {t(`import.kind.${k}`)}
          </button>
        ))}
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={fileId} className="text-sm font-medium text-gray-700">
          {t("import.source.file")}
        </label>
        <div className="flex items-center gap-3 rounded-lg border border-dashed border-gray-300 px-4 py-5">
          <FileUp aria-hidden="true" className="size-6 shrink-0 text-gray-400" />
          <input
            id={fileId}
            type="file"
            accept={ACCEPT[kind]}
            disabled={busy}
            onChange={chooseFile}
            className="min-w-0 flex-1 text-sm text-gray-700 file:me-3 file:rounded-md file:border-0 file:bg-primary/10 file:px-3 file:py-1.5 file:text-primary"
          />
        </div>
        <p className="text-xs text-gray-500">{t(`import.source.hint.${kind}`)}</p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          className="min-w-0 flex-1"
          label={t("import.source.url")}
          type="url"
          value={url}
          placeholder={t("import.source.urlPlaceholder")}
          onValueChange={setUrl}
        />
        <Button variant="secondary" disabled={busy || url.trim() === ""} onClick={loadUrl}>
          <Link2 aria-hidden="true" className="size-4" />
          {t("import.source.loadUrl")}
        </Button>
      </div>
      {kind === "json" ? <Switch label={t("import.source.flatten")} checked={flatten} onChange={setFlatten} /> : null}
      {busy ? (
        <p role="status" className="text-sm text-gray-600">
          {t("import.source.reading")}
        </p>
      ) : null}
      <FormAlert tone="error" message={error} />
    </div>
  );
}
