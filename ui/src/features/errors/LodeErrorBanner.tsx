// A LodeError as a banner: the localized title for its code, the sender's message as data, and
// how to fix it when its code has a hint.
import { useT } from "../../i18n";
import type { LodeError } from "../../ipc";
import { ErrorBanner } from "../../ui-kit/ErrorBanner";
import { errorHint } from "./errorHint";

/**
 * A LodeError shown as: the localized title for its code, then the sender's message as data —
 * or `message`, when the feature words the error itself from its facts (an update's failure).
 */
export function LodeErrorBanner({ error, onRetry, message }: { error: LodeError; onRetry?: () => void; message?: string | null }) {
  const { t } = useT();
  return (
    <ErrorBanner
      title={t(`error.${error.code}`)}
      message={message ?? error.message}
      detail={error.detail}
      hint={errorHint(error.code, t)}
      detailsLabel={t("common.details")}
      retryLabel={t("common.retry")}
      onRetry={onRetry}
    />
  );
}
