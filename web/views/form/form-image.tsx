/**
 * The form's banner or logo (issue 18): an image uploaded into the project's files (R2, private,
 * shown through signed links) and kept in the form settings as its attachment item.
 */
import { ImagePlus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { imageSrc } from "../../../db/views/form/images";
import { viewKindsApi, type FormSettings } from "../../api/view-kinds-api";
import { uploadFiles } from "../../fields/Attachment/upload";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";
import { useProject } from "../../pages/project/project-context";

interface Props {
  kind: "banner" | "logo";
  viewId: string;
  tableId: string;
  value: FormSettings["banner_image_url"];
  editable: boolean;
  onSaved(): Promise<unknown>;
}

export function FormImage({ kind, viewId, tableId, value, editable, onSaved }: Props) {
  const { t } = useTranslation();
  const { projectId } = useProject();
  const notifyError = useNotifyError();
  const picker = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const key = kind === "banner" ? "banner_image_url" : "logo_url";
  const src = imageSrc(value);
  const label = t(kind === "banner" ? "views.form.banner" : "views.form.logo");

  async function upload(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith("image/")) return notify.error(t("views.form.imageOnly"));
    setProgress(0);
    try {
      const [item] = await uploadFiles([file], `noco/${projectId}/${tableId}/form_${viewId}`, setProgress);
      await viewKindsApi.updateForm(viewId, {
        [key]: { path: item!.path, title: item!.title, mimetype: item!.mimetype, size: item!.size },
      });
      await onSaved();
      notify.success(t("views.form.imageSaved"));
    } catch (err) {
      notifyError(err);
    } finally {
      setProgress(null);
      if (picker.current) picker.current.value = "";
    }
  }

  async function remove() {
    try {
      await viewKindsApi.updateForm(viewId, { [key]: null });
      await onSaved();
      notify.success(t("views.form.imageRemoved"));
    } catch (err) {
      notifyError(err);
    }
  }

  return (
    <div className="flex flex-col gap-1 text-sm text-gray-700" data-testid={`form-${kind}`}>
      <span>{label}</span>
      {src ? (
        <img
          src={src}
          alt=""
          className={kind === "banner" ? "h-20 w-full rounded-md object-cover" : "h-10 w-auto self-start"}
        />
      ) : null}
      {editable ? (
        <div className="flex items-center gap-2">
          <input
            ref={picker}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label={t("views.form.uploadImageOf", { what: label })}
            onChange={(e) => void upload(e.target.files?.[0])}
          />
          <button
            type="button"
            disabled={progress !== null}
            className="inline-flex items-center gap-1 rounded-md border border-gray-300 px-2 py-1 text-xs hover:bg-gray-50 disabled:opacity-50"
            onClick={() => picker.current?.click()}
          >
            <ImagePlus aria-hidden="true" className="size-3.5" />
            {progress !== null
              ? t("views.form.uploading", { pct: Math.round(progress * 100) })
              : src
                ? t("views.form.replaceImage")
                : t("views.form.uploadImage")}
          </button>
          {src ? (
            <button
              type="button"
              className="rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-red-600"
              aria-label={t("views.form.removeImage", { what: label })}
              onClick={() => void remove()}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
