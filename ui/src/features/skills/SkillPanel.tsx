// The skill an opened file belongs to, as its server listed it: its name and description, its
// frontmatter (every value revealed: it is the server's text), its files, and adding the whole
// skill, every file, to the basket in one action with one token total. Shows nothing for a
// resource that is no listed skill's file.
import { useCallback, useState } from "react";
import { useT } from "../../i18n";
import { addSkillToBasket, skillDetails, toLodeError, type ConnectionId, type LodeError, type Skill, type SkillAdded } from "../../ipc";
import { SafeText } from "../../ui-kit/SafeText";
import { useAsync } from "../../ui-kit/useAsync";
import type { Baskets } from "../basket";
import { frontmatterFields } from "./frontmatter";
import "./skills.css";

/** How much of a frontmatter value shows before "Show all". */
const VALUE_LIMIT = 400;

interface SkillPanelProps {
  connectionId: ConnectionId;
  uri: string;
  baskets?: Baskets | undefined;
}

export function SkillPanel({ connectionId, uri, baskets }: SkillPanelProps) {
  const key = JSON.stringify([connectionId, uri]);
  const { state } = useAsync<Skill, LodeError>(key, () => skillDetails(connectionId, uri), toLodeError);
  if (state.status !== "success") return null;
  return <SkillDetails connectionId={connectionId} skill={state.data} baskets={baskets} />;
}

function SkillDetails({ connectionId, skill, baskets }: { connectionId: ConnectionId; skill: Skill; baskets?: Baskets | undefined }) {
  const { t, format } = useT();
  const files = skill.files.kind === "listed" ? skill.files.files : null;
  const bytes = files?.reduce((sum, file) => sum + file.size, 0) ?? 0;
  return (
    <section className="skill-panel" aria-label={t("skills.label")} data-testid="skill-panel">
      <h4 className="skill-panel__name">
        <SafeText as="span" text={t("skills.title", { name: skill.name })} limit={VALUE_LIMIT} />
      </h4>
      <SafeText as="p" className="skill-panel__description" text={skill.description} limit={VALUE_LIMIT} />
      <p className="skill-panel__files" data-testid="skill-files">
        {files === null
          ? t("skills.files.dynamic")
          : t(files.length === 1 ? "skills.files.one" : "skills.files.other", {
              count: format.number(files.length),
              bytes: format.bytes(bytes),
            })}
      </p>
      <details className="skill-panel__frontmatter">
        <summary>{t("skills.frontmatter")}</summary>
        <dl data-testid="skill-frontmatter">
          {frontmatterFields(skill.frontmatter).map(([name, value]) => (
            <div key={name} className="skill-panel__field">
              <dt>
                <SafeText as="span" text={name} limit={VALUE_LIMIT} />
              </dt>
              <dd>
                <SafeText as="span" text={value} limit={VALUE_LIMIT} />
              </dd>
            </div>
          ))}
        </dl>
      </details>
      {baskets && <AddWholeSkill connectionId={connectionId} skill={skill} baskets={baskets} />}
    </section>
  );
}

type Adding = { kind: "idle" } | { kind: "adding" } | { kind: "added"; basket: string; added: SkillAdded } | { kind: "failed"; error: LodeError };

function AddWholeSkill({ connectionId, skill, baskets }: { connectionId: ConnectionId; skill: Skill; baskets: Baskets }) {
  const { t, format } = useT();
  const [adding, setAdding] = useState<Adding>({ kind: "idle" });
  const { addWith } = baskets;
  const add = useCallback(async () => {
    setAdding({ kind: "adding" });
    try {
      // The add reports to `addWith` as every add does; the skill's totals are kept beside it.
      const kept: { added?: SkillAdded } = {};
      const { basket } = await addWith(async (id) => {
        const added = await addSkillToBasket(id, connectionId, skill.uri);
        kept.added = added;
        return added.report;
      }, t("basket.defaultName"));
      if (kept.added) setAdding({ kind: "added", basket, added: kept.added });
    } catch (reason: unknown) {
      setAdding({ kind: "failed", error: toLodeError(reason) });
    }
  }, [addWith, connectionId, skill.uri, t]);
  let message: string | null = null;
  if (adding.kind === "added") {
    message = t("skills.added", {
      name: adding.added.name,
      basket: adding.basket,
      files: format.number(adding.added.files),
      tokens: format.number(adding.added.tokens),
    });
    const failed = adding.added.report.failed.length;
    if (failed > 0) message += ` · ${t("skills.addedFailed", { failed: format.number(failed) })}`;
  } else if (adding.kind === "failed") {
    message = `${t(`error.${adding.error.code}`)}: ${adding.error.message}`;
  }
  return (
    <div className="answer-add">
      <button type="button" className="button button--small" data-testid="skill-add" disabled={adding.kind === "adding"} onClick={() => void add()}>
        {t("skills.add")}
      </button>
      <span className="answer-add__status" role="status" data-testid="skill-add-status">
        {message}
      </span>
    </div>
  );
}
