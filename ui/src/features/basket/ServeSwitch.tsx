// The "Serve over HTTP" switch under a basket: starting and stopping Lode's MCP server of it on
// a chosen (or any free) port, the URL while it runs, and a new bearer token on demand.
import { useEffect, useId, useState } from "react";
import { useT } from "../../i18n";
import {
  basketServer,
  rotateServeToken,
  startBasketServer,
  stopBasketServer,
  toLodeError,
  type LodeError,
  type ServingStatus,
} from "../../ipc";
import { LodeErrorBanner } from "../errors";

const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** A port as typed: 0 (any free port) when empty, undefined when it is not a port. */
function parsePort(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  if (!/^\d{1,5}$/.test(trimmed)) return undefined;
  const port = Number(trimmed);
  return port <= 65535 ? port : undefined;
}

/**
 * "Serve over HTTP": Lode's own MCP server of this basket on 127.0.0.1, one basket at a time.
 * Shows the URL while on; the bearer token never reaches the window (the CLI prints it).
 */
export function ServeSwitch({ basketName }: { basketName: string }) {
  const { t } = useT();
  const [status, setStatus] = useState<ServingStatus | null>(null);
  const [portText, setPortText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LodeError | null>(null);
  const [rotated, setRotated] = useState(false);
  const portId = useId();
  const port = parsePort(portText);

  useEffect(() => {
    let current = true;
    basketServer().then(
      (now) => {
        if (current) setStatus(now);
      },
      () => {
        // Unknown: the switch shows off, and turning it on says what is wrong.
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const on = status !== null && sameName(status.basket, basketName);
  const toggle = () => {
    if (busy || (!on && port === undefined)) return;
    setBusy(true);
    setError(null);
    const work = on ? stopBasketServer().then(() => null) : startBasketServer(basketName, port ?? 0);
    work
      .then(setStatus, (reason: unknown) => setError(toLodeError(reason)))
      .finally(() => setBusy(false));
  };

  // The old token is refused from now on, by the app's server and by any `lode serve --http`.
  const rotate = () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setRotated(false);
    rotateServeToken()
      .then(() => setRotated(true), (reason: unknown) => setError(toLodeError(reason)))
      .finally(() => setBusy(false));
  };

  return (
    <div className="basket-serve" data-testid="basket-serve">
      <div className="basket-serve__row">
        <button
          type="button"
          role="switch"
          aria-checked={on}
          className={`switch${on ? " switch--on" : ""}`}
          data-testid="basket-serve-switch"
          disabled={busy}
          onClick={toggle}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span>{t("basket.serve.label")}</span>
        </button>
        {!on && (
          <span className="basket-serve__port">
            <label htmlFor={portId}>{t("basket.serve.port")}</label>
            <input
              id={portId}
              className="input"
              inputMode="numeric"
              data-testid="basket-serve-port"
              placeholder={t("basket.serve.portAuto")}
              aria-invalid={port === undefined || undefined}
              value={portText}
              onChange={(event) => setPortText(event.target.value)}
            />
          </span>
        )}
      </div>
      {on && (
        <div className="basket-serve__on">
          <p>
            {t("basket.serve.serving", { name: status.basket })}{" "}
            <code className="basket-serve__url" data-testid="basket-serve-url">
              {status.url}
            </code>
          </p>
          <p className="basket-serve__token">{t("basket.serve.token")}</p>
        </div>
      )}
      {!on && status !== null && <p className="basket-serve__other">{t("basket.serve.other", { name: status.basket })}</p>}
      <div className="basket-serve__row">
        <button
          type="button"
          className="button"
          data-testid="basket-serve-rotate"
          title={t("basket.serve.rotateHint")}
          disabled={busy}
          onClick={rotate}
        >
          {t("basket.serve.rotate")}
        </button>
        {rotated && (
          <span role="status" data-testid="basket-serve-rotated">
            {t("basket.serve.rotated")}
          </span>
        )}
      </div>
      {error && <LodeErrorBanner error={error} />}
    </div>
  );
}
