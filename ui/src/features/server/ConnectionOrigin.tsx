// Where a connection's server comes from and when it last connected, at the top of the server
// details: "Built-in demo" for Lode's own demo server rather than a command line.
import { parseTimestamp, useT } from "../../i18n";
import type { Connection } from "../../ipc";
import { RelativeTime } from "../../ui-kit/RelativeTime";
import { isBuiltInDemo } from "../connections";

export function ConnectionOrigin({ connection }: { connection: Connection }) {
  const { t } = useT();
  const builtIn = isBuiltInDemo(connection.transport);
  const last = connection.lastConnect;
  const at = last ? parseTimestamp(last.at) : null;
  if (!builtIn && !at) return null;
  return (
    <dl className="server__facts" data-testid="server-origin">
      {builtIn && (
        <div className="server__fact">
          <dt>{t("server.startedFrom")}</dt>
          <dd data-testid="server-built-in" title={t("demo.builtIn.hint")}>
            {t("demo.builtIn")}
          </dd>
        </div>
      )}
      {last && at && (
        <div className="server__fact">
          <dt>{t(last.ok ? "time.lastConnect" : "time.lastConnect.failed")}</dt>
          <dd>
            <RelativeTime date={at} testId="server-last-connect" />
          </dd>
        </div>
      )}
    </dl>
  );
}
