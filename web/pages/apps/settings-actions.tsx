import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";

interface Pending {
  isPending: boolean;
}

/**
 * An app-store card's buttons: save, and (once configured) remove after a confirmation, since
 * removing a sealed secret cannot be undone from here.
 */
export function SettingsActions(props: {
  saveLabel: string;
  save: Pending;
  configured: boolean;
  remove: Pending & { mutate: () => void };
  removeTitle: string;
  removeBody: string;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={props.save.isPending}>
          {props.saveLabel}
        </Button>
        {props.configured ? (
          <Button variant="secondary" loading={props.remove.isPending} onClick={() => setConfirming(true)}>
            {t("apps.email.remove")}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={props.removeTitle}
        body={props.removeBody}
        confirmLabel={t("apps.email.remove")}
        onConfirm={() => props.remove.mutate()}
      />
    </>
  );
}
