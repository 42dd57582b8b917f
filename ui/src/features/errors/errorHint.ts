// How to fix a failure, by its code, in the words of the platform the window runs on: Rust
// sorts keychain failures into codes and leaves the hint to the window (and the CLI its own).
import type { MessageKey, Translate } from "../../i18n";
import type { ErrorCode } from "../../ipc";

export type HintPlatform = "linux" | "mac" | "windows";

/** The platform whose keychain Lode uses, from the webview's user agent. */
export function hintPlatform(userAgent: string = navigator.userAgent): HintPlatform {
  if (/Mac OS X|Macintosh/.test(userAgent)) return "mac";
  if (userAgent.includes("Windows")) return "windows";
  return "linux";
}

const HINTED: Partial<Record<ErrorCode, true>> = {
  keychain: true,
  keychainUnavailable: true,
  keychainLocked: true,
  keychainDenied: true,
};

/** The hint for `code` on `platform`, or null when the code has none. */
export function errorHint(code: ErrorCode, t: Translate, platform: HintPlatform = hintPlatform()): string | null {
  if (!HINTED[code]) return null;
  // Every hinted code has a key per platform in i18n/errorHints.ts (checked by its test).
  const key = `errorHint.${code}.${platform}` as MessageKey & `errorHint.${string}`;
  return (t as (key: MessageKey) => string)(key);
}
