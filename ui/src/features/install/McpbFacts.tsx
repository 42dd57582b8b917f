// What a bundle is before it is unpacked: its name, version and author, who signed it (a
// warning unless its certificate chains to a root this computer trusts), its SHA-256, what it
// needs of this computer (each met or missing, with what was found), the tools and prompts its
// manifest declares, and the folder it goes into. Every word is the bundle's: revealed.
import { useT } from "../../i18n";
import type { McpbSignature, McpbView } from "../../ipc";
import { Badge } from "../../ui-kit/Badge";
import { RevealedText } from "../../ui-kit/RevealedText";
import { SafeText } from "../../ui-kit/SafeText";

function SignatureLine({ signature }: { signature: McpbSignature }) {
  const { t } = useT();
  const signer = signature.signer ?? t("mcpb.signature.unnamed");
  const trusted = signature.status === "signed" && !signature.expired;
  return (
    <p className={trusted ? "mcpb-facts__signed" : "mcpb-facts__warning"} data-testid="mcpb-signature" data-status={signature.status} role={trusted ? undefined : "note"}>
      {trusted ? "✓ " : "⚠ "}
      {t(`mcpb.signature.${signature.status}`, { signer })}
      {signature.expired && ` — ${t("mcpb.signature.expired")}`}
      {signature.fingerprint && (
        <span className="mcpb-facts__fingerprint">
          {" "}
          (<code>{signature.fingerprint.slice(0, 16)}…</code>)
        </span>
      )}
    </p>
  );
}

export function McpbFacts({ view }: { view: McpbView }) {
  const { t } = useT();
  const { preview } = view;
  return (
    <div className="mcpb-facts" data-testid="mcpb-facts">
      <h3 className="entry-step__title" data-testid="mcpb-title">
        <RevealedText text={preview.displayName ?? preview.name} />
      </h3>
      <p className="entry-step__name">
        <RevealedText text={t("mcpb.byAuthor", { version: preview.version, author: preview.author })} />
        {" · "}
        {t("mcpb.serverType", { type: preview.serverType, manifest: view.manifestVersion })}
      </p>
      {view.status.state === "deprecated" && (
        <p className="entry-step__deprecated" role="note">
          {view.status.message ? t("install.entry.deprecatedBy", { message: view.status.message }) : t("install.entry.deprecated")}
        </p>
      )}
      {view.description && <SafeText as="p" text={view.description} limit={400} className="entry-step__description" />}
      <SignatureLine signature={preview.signature} />
      <dl className="entry-step__facts">
        <dt>{t("mcpb.sha256")}</dt>
        <dd>
          <code className="mcpb-facts__digest">{preview.sha256}</code>
        </dd>
        <dt>{t("mcpb.folder")}</dt>
        <dd>
          <code>
            <RevealedText text={preview.folder} />
          </code>
        </dd>
      </dl>
      <h4>{t("mcpb.checks")}</h4>
      <ul className="mcpb-facts__checks" data-testid="mcpb-checks">
        {view.checks.map((check) => (
          <li key={`${check.what}-${check.detail}`} data-met={check.met}>
            {check.met ? <Badge>{t("mcpb.check.met")}</Badge> : <Badge tone="warning">{t("mcpb.check.unmet")}</Badge>} <RevealedText text={check.detail} />
          </li>
        ))}
      </ul>
      <div className="mcpb-facts__declared">
        <section>
          <h4>{t("mcpb.tools")}</h4>
          {preview.tools.length === 0 ? (
            <p>{t("mcpb.none")}</p>
          ) : (
            <ul data-testid="mcpb-tools">
              {preview.tools.map((tool) => (
                <li key={tool.name}>
                  <code>
                    <RevealedText text={tool.name} />
                  </code>
                  {tool.description && <SafeText text={` — ${tool.description}`} limit={200} />}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section>
          <h4>{t("mcpb.prompts")}</h4>
          {preview.prompts.length === 0 ? (
            <p>{t("mcpb.none")}</p>
          ) : (
            <ul data-testid="mcpb-prompts">
              {preview.prompts.map((prompt) => (
                <li key={prompt.name}>
                  <code>
                    <RevealedText text={prompt.name} />
                  </code>
                  {prompt.description && <SafeText text={` — ${prompt.description}`} limit={200} />}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
