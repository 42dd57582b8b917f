// What an imported program would run, in full: the command, each argument, each variable
// (secret values masked) and the folder, as lode-core prepared them (hidden characters already
// revealed as ⟨U+…⟩), with the variables that change what code runs flagged.
import { useT } from "../../i18n";
import type { CommandView, Shown } from "../../ipc";

/** A revealed string, marked when it held hidden characters. */
function ShownText({ shown }: { shown: Shown }) {
  const { t } = useT();
  return (
    <>
      <span className="command-view__text">{shown.text}</span>
      {shown.hidden && (
        <span className="command-view__flag" data-testid="import-hidden-chars">
          {t("import.command.hidden")}
        </span>
      )}
    </>
  );
}

/** Everything a stdio candidate runs. */
export function ImportCommand({ command }: { command: CommandView }) {
  const { t } = useT();
  return (
    <dl className="command-view" data-testid="import-command">
      <dt>{t("import.command.program")}</dt>
      <dd>
        <ShownText shown={command.command} />
      </dd>
      {command.args.length > 0 && (
        <>
          <dt>{t("import.command.args")}</dt>
          <dd>
            <ol className="command-view__list">
              {command.args.map((arg, i) => (
                <li key={i} data-testid="import-arg" data-secret={arg.secret}>
                  <ShownText shown={arg.text} />
                  {arg.secret && <span className="command-view__flag">{t("import.command.argToken")}</span>}
                </li>
              ))}
            </ol>
          </dd>
        </>
      )}
      {command.env.length > 0 && (
        <>
          <dt>{t("import.command.env")}</dt>
          <dd>
            <ul className="command-view__list">
              {command.env.map((v) => (
                <li key={v.name.text} data-testid="import-env" data-name={v.name.text} data-loads-code={v.loadsCode}>
                  <ShownText shown={v.name} />=<ShownText shown={v.value} />
                  {v.loadsCode && (
                    <span className="command-view__flag command-view__flag--danger" data-testid="import-env-flag">
                      {t("import.command.loadsCode")}
                    </span>
                  )}
                  {v.secret && <span className="command-view__flag">{t("import.command.secret")}</span>}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
      {command.cwd && (
        <>
          <dt>{t("import.command.cwd")}</dt>
          <dd>
            <ShownText shown={command.cwd} />
          </dd>
        </>
      )}
    </dl>
  );
}
