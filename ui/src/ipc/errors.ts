// LodeError on this side: the complete set of error codes, the shape check, and toLodeError,
// which turns any rejection into one.
import type { ErrorCode } from "./bindings/ErrorCode";
import type { ErrorFacts } from "./bindings/ErrorFacts";
import type { LodeError } from "./bindings/LodeError";

/** Every ErrorCode, checked against the generated union in both directions. */
const CODES = {
  notFound: true,
  methodNotFound: true,
  invalidParams: true,
  serverInternal: true,
  upstreamTimeout: true,
  serverError: true,
  protocol: true,
  transportClosed: true,
  spawnFailed: true,
  http: true,
  tls: true,
  urlRefused: true,
  authRequired: true,
  timeout: true,
  unknownConnection: true,
  invalidInput: true,
  storage: true,
  keychain: true,
  keychainUnavailable: true,
  keychainLocked: true,
  keychainDenied: true,
  internal: true,
  updateFeed: true,
  updateNoPackage: true,
  updateSignature: true,
  updateIncomplete: true,
  updateInstall: true,
  updatesOff: true,
  updateNotNewer: true,
  updateTooLarge: true,
  declined: true,
  fileChanged: true,
  cancelled: true,
  scopeRefused: true,
  noResources: true,
  notRunnable: true,
  missingPrerequisite: true,
  mcpbRefused: true,
} as const satisfies Record<ErrorCode, true>;

export const ERROR_CODES = Object.keys(CODES) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(CODES, value);
}

/** True for a well-formed `{ code, message, detail? }` as the Rust shell sends it. */
export function isLodeError(value: unknown): value is LodeError {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isErrorCode(v.code) &&
    typeof v.message === "string" &&
    (v.detail === undefined || v.detail === null || typeof v.detail === "string")
  );
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  if (typeof value === "string") return value;
  if (value === null) return "null";
  if (typeof value === "object") {
    const message = (value as Record<string, unknown>).message;
    if (typeof message === "string") return message;
    try {
      return JSON.stringify(value);
    } catch {
      return "[object Object]";
    }
  }
  switch (typeof value) {
    case "number":
    case "boolean":
    case "bigint":
      return value.toString();
    case "symbol":
      return value.description ?? "symbol";
    case "undefined":
      return "undefined";
    default:
      return typeof value;
  }
}

const UPDATE_STEPS = new Set(["check", "download", "install"]);

/** An update failure's facts as Rust sends them (the window words them); anything else is dropped. */
function isErrorFacts(value: unknown): value is ErrorFacts {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.kind === "update" && typeof v.step === "string" && UPDATE_STEPS.has(v.step) && typeof v.reason === "string";
}

/**
 * Normalizes whatever an `invoke` rejected with into a LodeError. Well-formed errors pass
 * through (a `null` detail is dropped, and facts of an unknown shape); anything else becomes
 * `{ code: "internal", message }`.
 */
export function toLodeError(value: unknown): LodeError {
  if (isLodeError(value)) {
    const { code, message, detail, facts } = value;
    const error: LodeError = typeof detail === "string" ? { code, message, detail } : { code, message };
    return isErrorFacts(facts) ? { ...error, facts } : error;
  }
  return { code: "internal", message: describe(value) };
}
