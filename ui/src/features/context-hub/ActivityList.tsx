// A profile's live activity, newest first: what assistants searched, were suggested, read and
// were refused. Every string is an assistant's words: shown revealed on one line.
import { useId } from "react";
import { useT } from "../../i18n";
import type { HubActivity } from "../../ipc";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { RelativeTime } from "../../ui-kit/RelativeTime";
import { useHubActivity } from "./useHubActivity";

function Record({ record }: { record: HubActivity }) {
  const { t, format } = useT();
  const kind = record.kind;
  let what: string;
  let detail;
  switch (kind.type) {
    case "search":
      what = t("hub.activity.search");
      detail = (
        <>
          <HighlightedText text={kind.query} className="hub-activity__text" />
          <span className="hub-activity__meta">
            {t(kind.hits === 1 ? "hub.activity.hits.one" : "hub.activity.hits.other", { count: format.number(kind.hits) })}
          </span>
        </>
      );
      break;
    case "suggest":
      what = t("hub.activity.suggest");
      detail = (
        <>
          <HighlightedText text={kind.task} className="hub-activity__text" />
          <span className="hub-activity__meta">
            {t("hub.activity.items", { count: format.number(kind.items), tokens: format.number(kind.tokens) })}
          </span>
        </>
      );
      break;
    case "read":
      what = t("hub.activity.read");
      detail = (
        <>
          <HighlightedText text={kind.uri} className="hub-activity__text" />
          <HighlightedText text={kind.connection} className="hub-activity__meta" />
        </>
      );
      break;
    case "refused":
      what = t("hub.activity.refused");
      detail = (
        <>
          <HighlightedText text={kind.what} className="hub-activity__text" />
          <HighlightedText text={kind.why} className="hub-activity__meta" />
        </>
      );
      break;
  }
  return (
    <li className={`hub-activity__record hub-activity__record--${kind.type}`} data-testid="hub-activity-record">
      <span className="hub-activity__what">{what}</span>
      {detail}
      <RelativeTime date={new Date(record.at)} className="hub-activity__at" />
    </li>
  );
}

export function ActivityList({ profile }: { profile: string }) {
  const { t } = useT();
  const activity = useHubActivity(profile);
  const titleId = useId();
  return (
    <section className="hub-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="hub-section__title">
        {t("hub.activity")}
      </h3>
      {activity !== null && activity.length === 0 && <p className="hub__hint">{t("hub.activity.none")}</p>}
      {activity !== null && activity.length > 0 && (
        <ol className="hub-activity" data-testid="hub-activity">
          {activity.map((record, index) => (
            // Records have no id; the newest come first, so position from the end is stable.
            <Record key={`${record.at}-${activity.length - index}`} record={record} />
          ))}
        </ol>
      )}
    </section>
  );
}
