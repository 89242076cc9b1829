import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { adoptToken } from "../../lib/sign-in-flow";
import { usePasskeyErrorText } from "./use-error-text";

/**
 * A passkey ceremony behind one button (sign-in, or the second step of two-factor sign-in): the
 * token it answers signs the person in; a cancelled or refused ceremony says why under the button.
 */
export function PasskeyButton(props: {
  label: string;
  ceremony: () => Promise<{ token?: string } | undefined>;
  onSignedIn?: () => void;
}) {
  const { t } = useTranslation();
  const passkeyErrorOf = usePasskeyErrorText();
  const run = useMutation({
    mutationFn: async () => {
      const answer = await props.ceremony();
      if (!adoptToken(answer?.token)) throw new Error(t("msg.error.internal"));
      props.onSignedIn?.();
    },
  });
  return (
    <div className="mt-4 flex flex-col gap-2">
      <Button variant="secondary" className="w-full" loading={run.isPending} onClick={() => run.mutate()}>
        {props.label}
      </Button>
      <FormAlert tone="error" message={passkeyErrorOf(run.error)} />
    </div>
  );
}
