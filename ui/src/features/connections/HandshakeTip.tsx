// A connection row's tooltip: the protocol version it negotiated and the server's name and
// version, on hover and on keyboard focus (the row's description, for screen readers too).
import { useEffect, useRef, useState } from "react";
import { useT, type Translate } from "../../i18n";
import { serverInfo, toLodeError, type ConnectionId, type ConnectionStatus, type LodeError, type ServerInfo } from "../../ipc";
import { useAsync } from "../../ui-kit/useAsync";
import { useReadyAgain } from "./useReadyAgain";

/**
 * The handshake of a ready connection, asked the first time its row is hovered or focused
 * (`wanted`) and again each time it comes back (a restarted server may be another version).
 * Nothing is asked of a connection not ready: asking would start it.
 */
function useHandshake(id: ConnectionId, status: ConnectionStatus | undefined, wanted: boolean) {
  const ready = status?.state === "ready";
  const info = useAsync<ServerInfo, LodeError>(ready && wanted ? `handshake:${id}` : null, () => serverInfo(id), toLodeError);
  useReadyAgain(id, status, info.refresh);
  return ready ? info.state : null;
}

/** The text of the tooltip: protocol, then the server's name and version. */
export function handshakeLines(info: ServerInfo, t: Translate): string[] {
  // Blank is no value: server text is untrusted.
  const name = [info.title, info.name].map((text) => text?.trim()).find((text) => text !== undefined && text !== "");
  const version = info.version?.trim();
  const server = !name
    ? t("handshake.unnamed")
    : version
      ? t("handshake.serverVersion", { name, version })
      : t("handshake.server", { name });
  return [t("handshake.protocol", { version: info.protocolVersion }), server];
}

/**
 * The tooltip itself (`role="tooltip"`, shown by CSS while its row is hovered or focused), with
 * the id the row's button names in `aria-describedby`.
 */
export function HandshakeTip({ id, tipId, status }: { id: ConnectionId; tipId: string; status: ConnectionStatus | undefined }) {
  const { t } = useT();
  const [wanted, setWanted] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  // The row (the tip's parent) hovered or focused once: from then on its handshake is kept.
  useEffect(() => {
    const row = anchor.current?.parentElement;
    if (!row || wanted) return;
    const want = () => setWanted(true);
    row.addEventListener("mouseenter", want);
    row.addEventListener("focusin", want);
    return () => {
      row.removeEventListener("mouseenter", want);
      row.removeEventListener("focusin", want);
    };
  }, [wanted]);
  const state = useHandshake(id, status, wanted);
  const lines =
    state === null
      ? [t("handshake.notReady")]
      : state.status === "success"
        ? handshakeLines(state.data, t)
        : state.status === "error"
          ? [state.error.message]
          : [t("handshake.loading")];
  return (
    <span ref={anchor} className="connection-tip" role="tooltip" id={tipId} data-testid="connection-handshake">
      {lines.map((line, at) => (
        <span key={at} className="connection-tip__line">
          {line}
        </span>
      ))}
    </span>
  );
}
