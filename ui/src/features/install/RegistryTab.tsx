// The registry tab: which registry, a search as the person types, and the servers found in a
// virtualized list the keyboard walks (↓ from the search box, Enter opens one). Deprecated
// servers are flagged; deleted ones are never in the list (Rust drops them), only counted.
import { useRef, useState, type KeyboardEvent } from "react";
import { useT } from "../../i18n";
import { registries, toLodeError, type InstallTarget, type LodeError } from "../../ipc";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { VirtualList, type VirtualListHandle } from "../../ui-kit/VirtualList";
import { LodeErrorBanner } from "../errors";
import { RegistriesEditor } from "./RegistriesEditor";
import { RegistryRow } from "./RegistryRow";
import { useRegistrySearch } from "./useRegistrySearch";

const ROW_HEIGHT = 64;

export function RegistryTab({ onChoose }: { onChoose: (target: InstallTarget) => void }) {
  const { t } = useT();
  const [tag, setTag] = useState(0);
  const list = useAsync<string[], LodeError>(`registries-${tag}`, registries, toLodeError);
  const known = list.state.status === "success" ? list.state.data : [];
  const [picked, setPicked] = useState<string | null>(null);
  const registry = picked !== null && known.includes(picked) ? picked : (known[0] ?? null);
  const [text, setText] = useState("");
  const search = useRegistrySearch(registry, text);
  const [active, setActive] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const results = useRef<VirtualListHandle>(null);

  const choose = (index: number | null) => {
    const entry = index === null ? undefined : search.entries[index];
    if (entry) onChoose({ kind: "registry", registry: registry ?? undefined, name: entry.name, version: entry.version, fromLink: false });
  };
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && search.entries.length > 0) {
      event.preventDefault();
      setActive(0);
      results.current?.focus();
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose(active ?? (search.entries.length > 0 ? 0 : null));
    }
  };

  if (editing) {
    return (
      <RegistriesEditor
        registries={known}
        onDone={() => {
          setEditing(false);
          setTag((n) => n + 1);
        }}
      />
    );
  }
  return (
    <div className="registry-tab">
      <div className="registry-tab__bar">
        <label className="registry-tab__registry">
          <span>{t("install.registry.label")}</span>
          <select data-testid="registry-choice" value={registry ?? ""} onChange={(event) => setPicked(event.target.value)}>
            {known.map((address) => (
              <option key={address} value={address}>
                {address}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button--small" data-testid="registry-manage" onClick={() => setEditing(true)}>
          {t("install.registry.manage")}
        </button>
      </div>
      <label className="registry-tab__search">
        <span className="visually-hidden">{t("install.registry.search")}</span>
        <input
          type="search"
          data-testid="registry-search"
          data-autofocus
          value={text}
          placeholder={t("install.registry.searchPlaceholder")}
          onChange={(event) => {
            setText(event.target.value);
            setActive(null);
          }}
          onKeyDown={onSearchKey}
        />
      </label>
      {list.state.status === "error" && <LodeErrorBanner error={list.state.error} />}
      {search.error && <LodeErrorBanner error={search.error} />}
      <div className="registry-tab__status" aria-live="polite" data-testid="registry-status">
        {search.loading ? (
          <Spinner size="small" label={t("install.registry.loading")} />
        ) : search.entries.length === 0 && !search.error ? (
          t("install.registry.none")
        ) : (
          t(search.entries.length === 1 ? "install.registry.count.one" : "install.registry.count.other", { count: search.entries.length })
        )}
        {search.deleted > 0 && (
          <span> · {t(search.deleted === 1 ? "install.registry.deleted.one" : "install.registry.deleted.other", { count: search.deleted })}</span>
        )}
      </div>
      {search.refused.length > 0 && (
        <p className="registry-tab__refused" data-testid="registry-refused">
          {t(search.refused.length === 1 ? "install.registry.refused.one" : "install.registry.refused.other", {
            count: search.refused.length,
            reasons: search.refused.slice(0, 3).join("; "),
          })}
        </p>
      )}
      <div className="registry-tab__results">
        <VirtualList
          ref={results}
          count={search.entries.length}
          rowHeight={ROW_HEIGHT}
          role="listbox"
          ariaLabel={t("install.registry.results")}
          activeIndex={active}
          onActiveChange={setActive}
          onRowClick={(index) => choose(index)}
          onKeyDown={(event, index) => {
            if (event.key === "Enter") {
              event.preventDefault();
              choose(index);
            }
          }}
          rowAttributes={(index) => ({
            "aria-selected": index === active,
            "data-testid": "registry-row",
            "aria-label": search.entries[index]?.title ?? search.entries[index]?.name,
          })}
          renderRow={(index) => {
            const entry = search.entries[index];
            return entry ? <RegistryRow entry={entry} /> : null;
          }}
          testId="registry-results"
        />
      </div>
      {search.more && (
        <button type="button" className="button button--small" data-testid="registry-more" onClick={search.more}>
          {t("install.registry.more")}
        </button>
      )}
    </div>
  );
}
