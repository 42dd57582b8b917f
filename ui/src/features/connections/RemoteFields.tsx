// The connection form's fields for a remote server (HTTP, SSE, REST): URL, authentication and
// its secret, and plain and secret headers.
import { useT } from "../../i18n";
import type { SecretPlace } from "../../ipc";
import { Field } from "../../ui-kit/Field";
import type { AuthKind } from "./draft";
import type { FormSectionProps } from "./formSection";
import { KeyValueRows } from "./KeyValueRows";
import { rowSpot } from "./problems";
import { SecretControl } from "./SecretField";
import { SecretRows } from "./SecretRows";

/** A remote server: its URL, how it authenticates, and extra headers. */
export function RemoteFields({ form, update, errorsOf }: FormSectionProps) {
  const { t } = useT();
  const ofRow = (id: string) => errorsOf(rowSpot(id));
  const auths: AuthKind[] = form.kind === "http" ? ["none", "bearer", "header", "oauth"] : ["none", "bearer", "header"];
  const authPlace: SecretPlace = form.auth === "header" ? { kind: "header", name: form.authHeader } : { kind: "bearer" };
  const hasSecret = form.auth === "bearer" || form.auth === "header";
  return (
    <>
      <Field label={t("form.url")} errors={errorsOf("target")}>
        {(control) => (
          <input
            {...control}
            className="input input--mono"
            type="url"
            spellCheck={false}
            placeholder={form.kind === "rest" ? "https://api.example.com/v1" : "https://mcp.example.com/mcp"}
            data-testid="connection-url"
            value={form.url}
            onChange={(event) => update({ url: event.target.value }, "target")}
          />
        )}
      </Field>
      <div className="form__pair">
        <Field label={t("form.auth")} errors={errorsOf("oauth")}>
          {(control) => (
            <select
              {...control}
              className="select"
              data-testid="connection-auth"
              value={form.auth}
              onChange={(event) => update({ auth: event.target.value as AuthKind }, "oauth")}
            >
              {auths.map((auth) => (
                <option key={auth} value={auth}>
                  {t(`form.auth.${auth}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {form.auth === "header" && (
          <Field label={t("form.auth.headerName")}>
            {(control) => (
              <input
                {...control}
                className="input input--mono"
                spellCheck={false}
                placeholder="X-API-Key"
                data-testid="connection-auth-header"
                value={form.authHeader}
                onChange={(event) => update({ authHeader: event.target.value }, "auth")}
              />
            )}
          </Field>
        )}
      </div>
      {hasSecret && (
        <Field label={form.auth === "bearer" ? t("form.auth.token") : t("form.auth.key")} errors={errorsOf("auth")}>
          {(control) => (
            <SecretControl
              slot={form.authSecret}
              place={authPlace}
              onChange={(authSecret) => update({ authSecret }, "auth")}
              control={control}
              testId="connection-auth-secret"
            />
          )}
        </Field>
      )}
      {form.auth === "oauth" && (
        <>
          <p className="field__hint form__note">{t("form.auth.oauthHint")}</p>
          <Field label={t("form.auth.clientId")} hint={t("form.auth.clientIdHint")}>
            {(control) => (
              <input
                {...control}
                data-testid="connection-oauth-client-id"
                value={form.oauthClientId}
                onChange={(event) => update({ oauthClientId: event.target.value }, "oauth")}
              />
            )}
          </Field>
          <Field label={t("form.auth.clientSecret")} hint={t("form.auth.clientSecretHint")} errors={errorsOf("clientSecret")}>
            {(control) => (
              <SecretControl
                slot={form.oauthClientSecret}
                place={{ kind: "oauthClientSecret" }}
                onChange={(oauthClientSecret) => update({ oauthClientSecret }, "clientSecret")}
                control={control}
                testId="connection-oauth-client-secret"
              />
            )}
          </Field>
          <Field
            label={t("form.auth.metadataUrl")}
            hint={t("form.auth.metadataUrlHint")}
            errors={errorsOf("oauthClientMetadataUrl")}
          >
            {(control) => (
              <input
                {...control}
                className="input input--mono"
                type="url"
                spellCheck={false}
                placeholder="https://example.com/lode-client.json"
                data-testid="connection-oauth-metadata-url"
                value={form.oauthClientMetadataUrl}
                onChange={(event) => update({ oauthClientMetadataUrl: event.target.value }, "oauthClientMetadataUrl")}
              />
            )}
          </Field>
        </>
      )}
      <KeyValueRows
        legend={t("form.headers")}
        rows={form.headers}
        onChange={(headers, id) => update({ headers }, rowSpot(id))}
        errorsOf={ofRow}
        labels={{
          key: t("form.header.name"),
          value: t("form.header.value"),
          add: t("form.headers.add"),
          remove: (name) => t("form.row.remove", { name }),
        }}
        placeholders={{ key: "Accept-Language", value: t("form.header.value") }}
        testId="connection-headers"
      />
      {form.secretHeaders.length > 0 && (
        <SecretRows
          legend={t("form.secretHeaders")}
          hint={t("form.secretHeaders.hint")}
          rows={form.secretHeaders}
          placeOf={(name) => ({ kind: "header", name })}
          onChange={(secretHeaders, id) => update({ secretHeaders }, rowSpot(id))}
          errorsOf={ofRow}
          labels={{
            name: t("form.header.name"),
            value: (name) => t("form.secret.valueOf", { name }),
            add: t("form.secretHeaders.add"),
            remove: (name) => t("form.row.remove", { name }),
          }}
          placeholder="X-Secret"
          testId="connection-secret-headers"
        />
      )}
    </>
  );
}
