// The folders a connection offers its server as roots (`roots/list`): none by default. A folder
// joins only as the person's pick in the system's folder dialog, which Lode shows from Rust and
// whose path never passes through the window (a page cannot offer `/` or `~/.ssh` by itself);
// the window removes folders. Kept with the connection; a running server is told at once
// (`notifications/roots/list_changed`), on the same session.
import { useId, useState } from "react";
import { useT } from "../../i18n";
import { addRootFolder, setRoots, toLodeError, type Connection, type LodeError } from "../../ipc";
import { LodeErrorBanner } from "../errors";

export function RootsSection({ connection }: { connection: Connection }) {
  const { t } = useT();
  const titleId = useId();
  const [roots, setShown] = useState<string[]>(connection.settings.roots ?? []);
  const [error, setError] = useState<LodeError | null>(null);

  const keep = (asked: Promise<string[]>) => {
    setError(null);
    asked.then(setShown, (reason: unknown) => setError(toLodeError(reason)));
  };

  return (
    <section className="server__section" aria-labelledby={titleId} data-testid="roots">
      <h4 id={titleId} className="server__section-title">
        {t("roots.title")}
      </h4>
      <p className="server__faint">
        {t("roots.hint")} {t("roots.live")}
      </p>
      {roots.length === 0 ? (
        <p className="server__faint" data-testid="roots-none">
          {t("roots.none")}
        </p>
      ) : (
        <ul className="roots__list">
          {roots.map((root) => (
            <li key={root} className="roots__item" data-testid="root">
              <code>{root}</code>
              <button
                type="button"
                className="button button--small"
                onClick={() =>
                  keep(
                    setRoots(
                      connection.id,
                      roots.filter((r) => r !== root),
                    ),
                  )
                }
              >
                {t("roots.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="roots__add">
        <button type="button" className="button button--small" data-testid="root-choose" onClick={() => keep(addRootFolder(connection.id))}>
          {t("roots.choose")}
        </button>
      </div>
      {error && <LodeErrorBanner error={error} />}
    </section>
  );
}
