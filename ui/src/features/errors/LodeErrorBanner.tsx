// A LodeError as a banner: the localized title for its code, the sender's message as data.
import { useT } from "../../i18n";
import type { LodeError } from "../../ipc";
import { ErrorBanner } from "../../ui-kit/ErrorBanner";

/** A LodeError shown as: the localized title for its code, then the sender's message as data. */
export function LodeErrorBanner({ error, onRetry }: { error: LodeError; onRetry?: () => void }) {
  const { t } = useT();
  return (
    <ErrorBanner
      title={t(`error.${error.code}`)}
      message={error.message}
      detail={error.detail}
      detailsLabel={t("common.details")}
      retryLabel={t("common.retry")}
      onRetry={onRetry}
    />
  );
}
