// The registries browsed, in order: add one by address, remove one, move one up or down.
// Every change is Rust's to check (an address is https, or http on this computer).
import { useState } from "react";
import { useT } from "../../i18n";
import { addRegistry, moveRegistry, removeRegistry, toLodeError, type LodeError } from "../../ipc";
import { LodeErrorBanner } from "../errors";

export function RegistriesEditor({ registries, onDone }: { registries: string[]; onDone: () => void }) {
  const { t } = useT();
  const [list, setList] = useState(registries);
  const [address, setAddress] = useState("");
  const [error, setError] = useState<LodeError | null>(null);
  const change = (pending: Promise<string[]>) => {
    setError(null);
    pending.then(setList, (failure: unknown) => setError(toLodeError(failure)));
  };
  return (
    <div className="registries-editor" data-testid="registries-editor">
      <h3>{t("install.registries.title")}</h3>
      <p className="registries-editor__hint">{t("install.registries.hint")}</p>
      <ol className="registries-editor__list">
        {list.map((registry, index) => (
          <li key={registry} data-testid="registries-item">
            <span className="registries-editor__address">{registry}</span>
            <button type="button" className="button button--small" aria-label={t("install.registries.up", { address: registry })} disabled={index === 0} onClick={() => change(moveRegistry(registry, index))}>
              ↑
            </button>
            <button
              type="button"
              className="button button--small"
              aria-label={t("install.registries.down", { address: registry })}
              disabled={index === list.length - 1}
              onClick={() => change(moveRegistry(registry, index + 2))}
            >
              ↓
            </button>
            <button type="button" className="button button--small" aria-label={t("install.registries.remove", { address: registry })} onClick={() => change(removeRegistry(registry))}>
              ×
            </button>
          </li>
        ))}
      </ol>
      <form
        className="registries-editor__add"
        onSubmit={(event) => {
          event.preventDefault();
          if (address.trim() === "") return;
          change(
            addRegistry(address.trim()).then((next) => {
              setAddress("");
              return next;
            }),
          );
        }}
      >
        <label>
          <span>{t("install.registries.addLabel")}</span>
          <input type="url" data-testid="registries-address" value={address} onChange={(event) => setAddress(event.target.value)} />
        </label>
        <button type="submit" className="button button--small" data-testid="registries-add">
          {t("install.registries.add")}
        </button>
      </form>
      {error && <LodeErrorBanner error={error} />}
      <button type="button" className="button" data-testid="registries-done" onClick={onDone}>
        {t("install.registries.done")}
      </button>
    </div>
  );
}
