// What Lode tells an app about its host in `ui/initialize`: the theme, Lode's colours and fonts
// under the extension's CSS variable names, the locale, time zone and display mode.

/** The extension's variable names, each with the Lode token it takes its value from. */
const VARIABLES: readonly [string, string][] = [
  ["--color-background-primary", "--surface"],
  ["--color-background-secondary", "--bg"],
  ["--color-background-tertiary", "--surface-sunken"],
  ["--color-text-primary", "--text"],
  ["--color-text-secondary", "--text-muted"],
  ["--color-text-tertiary", "--text-faint"],
  ["--color-border-primary", "--border"],
  ["--color-border-secondary", "--border-subtle"],
  ["--color-ring-primary", "--focus-ring"],
  ["--color-text-danger", "--danger"],
  ["--font-sans", "--font-sans"],
  ["--font-mono", "--font-mono"],
  ["--border-radius-md", "--radius"],
  ["--border-radius-sm", "--radius-small"],
];


/** The host context for an app shown now in `root`'s theme and `locale`. */
export function hostContext(locale: string, root: HTMLElement = document.documentElement): Record<string, unknown> {
  const style = getComputedStyle(root);
  const variables: Record<string, string> = {};
  for (const [name, token] of VARIABLES) {
    const value = style.getPropertyValue(token).trim();
    if (value !== "") variables[name] = value;
  }
  return {
    theme: root.dataset.scheme === "dark" ? "dark" : "light",
    styles: { variables },
    displayMode: "inline",
    availableDisplayModes: ["inline"],
    locale,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: "desktop",
    userAgent: "Lode",
  };
}

/** The answer to `ui/initialize`, naming the host as Lode at `version` (About's). */
export function initializeResult(locale: string, version: string): Record<string, unknown> {
  return {
    protocolVersion: "2026-01-26",
    hostInfo: { name: "Lode", version },
    hostCapabilities: { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, message: { text: {} }, updateModelContext: { text: {} } },
    hostContext: hostContext(locale),
  };
}
