// A running tool call's progress and Cancel (see RequestProgress).
import { useT } from "../../i18n";
import { RequestProgress } from "../followed-requests";
import type { Progress } from "../followed-requests";

export function CallProgress({ name, progress, onCancel }: { name: string; progress: Progress | null; onCancel: () => void }) {
  const { t } = useT();
  return (
    <RequestProgress
      progress={progress}
      busyLabel={t("tools.calling", { name })}
      barLabel={t("tools.progress.label", { name })}
      onCancel={onCancel}
      testId="call"
    />
  );
}
