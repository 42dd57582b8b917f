// What an app declares, shown before it runs: each origin list, the permissions it asks for, its
// domain and border wish, and the origins Lode left out. Every value is the server's: revealed.
import { useT, type MessageKey } from "../../i18n";
import type { AppReview } from "../../ipc";
import { RevealedText } from "../../ui-kit/RevealedText";

const APPROVAL_KEYS = {
  new: "apps.approval.new",
  approved: "apps.approval.approved",
  changed: "apps.approval.changed",
} as const satisfies Record<AppReview["approval"], MessageKey>;

function Origins({ label, origins }: { label: string; origins: string[] }) {
  const { t } = useT();
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {origins.length === 0 ? (
          <span className="app-review__none">{t("apps.review.nowhere")}</span>
        ) : (
          <ul className="app-review__origins">
            {origins.map((origin, index) => (
              <li key={index}>
                <code>
                  <RevealedText text={origin} />
                </code>
              </li>
            ))}
          </ul>
        )}
      </dd>
    </>
  );
}

export function AppReviewPane({ review }: { review: AppReview }) {
  const { t } = useT();
  const declaration = review.declaration;
  const csp = declaration?.csp;
  const permissions = declaration?.permissions;
  const asked = permissions
    ? (["camera", "microphone", "geolocation", "clipboardWrite"] as const).filter((name) => permissions[name])
    : [];
  return (
    <section className="app-review" data-testid="app-review" aria-label={t("apps.review.title")}>
      <h3 className="app-review__title">{t("apps.review.title")}</h3>
      {!declaration && <p data-testid="app-review-undeclared">{t("apps.review.undeclared")}</p>}
      <dl className="app-review__list">
        <Origins label={t("apps.review.connect")} origins={csp?.connectDomains ?? []} />
        <Origins label={t("apps.review.resources")} origins={csp?.resourceDomains ?? []} />
        <Origins label={t("apps.review.frames")} origins={csp?.frameDomains ?? []} />
        {(csp?.baseUriDomains.length ?? 0) > 0 && <Origins label={t("apps.review.baseUri")} origins={csp?.baseUriDomains ?? []} />}
        <dt>{t("apps.review.permissions")}</dt>
        <dd data-testid="app-review-permissions">
          {asked.length === 0
            ? t("apps.review.permissions.none")
            : `${asked.map((name) => t(`apps.permission.${name}`)).join(", ")}. ${t("apps.review.permissions.notGranted")}`}
        </dd>
        <dt>{t("apps.review.domain")}</dt>
        <dd>
          {declaration?.domain ? (
            <code>
              <RevealedText text={declaration.domain} />
            </code>
          ) : (
            t("apps.review.domain.none")
          )}
        </dd>
        <dt>{t("apps.review.border")}</dt>
        <dd>{declaration?.prefersBorder ? t("apps.review.border.yes") : t("apps.review.border.no")}</dd>
      </dl>
      {review.frameCsp.refused.length > 0 && (
        <div className="app-review__refused" data-testid="app-review-refused">
          <p>{t("apps.review.refused")}</p>
          <ul className="app-review__origins">
            {review.frameCsp.refused.map((refused, index) => (
              <li key={index}>
                <code>
                  <RevealedText text={refused.source} />
                </code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {csp?.cut && <p>{t("apps.review.cut")}</p>}
      <p className="app-review__approval" data-testid="app-review-approval" data-approval={review.approval}>
        {t(APPROVAL_KEYS[review.approval])}
      </p>
    </section>
  );
}
