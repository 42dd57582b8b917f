// The folders a connection offers its server as roots (`roots/list`): none by default; the
// person picks folders in the system's dialog or types absolute paths (Lode checks each is an
// existing folder), or removes them. Kept with the connection; a running server is told at once
// (`notifications/roots/list_changed`), on the same session. The typed field stays beside the
// dialog: a keyboard user may prefer it, and WebDriver cannot drive a native dialog.
import { useId, useState, type SyntheticEvent } from "react";
import { useT } from "../../i18n";
import { chooseRootFolder, setRoots, toLodeError, type Connection, type LodeError } from "../../ipc";
import { LodeErrorBanner } from "../errors/LodeErrorBanner";

export function RootsSection({ connection }: { connection: Connection }) {
  const { t } = useT();
  const titleId = useId();
  const [roots, setShown] = useState<string[]>(connection.settings.roots ?? []);
  const [path, setPath] = useState("");
  const [error, setError] = useState<LodeError | null>(null);

  const save = (next: string[]) => {
    setError(null);
    setRoots(connection.id, next).then(
      (kept) => {
        setShown(kept);
        setPath("");
      },
      (reason: unknown) => setError(toLodeError(reason)),
    );
  };
  const add = (event: SyntheticEvent) => {
    event.preventDefault();
    const trimmed = path.trim();
    if (trimmed !== "") save([...roots, trimmed]);
  };
  const choose = () => {
    setError(null);
    chooseRootFolder().then(
      (picked) => {
        if (picked !== null) save([...roots, picked]);
      },
      (reason: unknown) => setError(toLodeError(reason)),
    );
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
              <button type="button" className="button button--small" onClick={() => save(roots.filter((r) => r !== root))}>
                {t("roots.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="roots__add" onSubmit={add}>
        <input
          className="input input--mono"
          data-testid="root-path"
          aria-label={t("roots.path")}
          placeholder={t("roots.path.placeholder")}
          value={path}
          onChange={(event) => setPath(event.target.value)}
        />
        <button type="submit" className="button button--small" data-testid="root-add" disabled={path.trim() === ""}>
          {t("roots.add")}
        </button>
        <button type="button" className="button button--small" data-testid="root-choose" onClick={choose}>
          {t("roots.choose")}
        </button>
      </form>
      {error && <LodeErrorBanner error={error} />}
    </section>
  );
}
