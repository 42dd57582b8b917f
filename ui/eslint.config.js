// @ts-check
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Only src/ipc/** talks to Tauri; features and the ui-kit go through it. */
const tauriImportBan = {
  patterns: [
    {
      group: ["@tauri-apps/*", "@tauri-apps/**"],
      message: "Import Tauri only inside src/ipc/** (use the typed wrappers from src/ipc).",
    },
  ],
};

/**
 * A feature is used through its public entry (`features/NAME/index.ts`), never through its
 * files: what another feature or app/ may use is what that entry exports, and widgets that
 * several features share live in src/ui-kit.
 */
/** @param {string} prefix the import path up to a feature's folder, as a regex */
const ownEntries = (prefix) => ({
  regex: `^(${prefix})[a-z][a-z-]*/.+`,
  message: "Import another feature through its public entry (features/NAME/index.ts), or move a shared widget to src/ui-kit.",
});
/** @param {string} prefix as for ownEntries */
const featureImportBan = (prefix) => ({ patterns: [...tauriImportBan.patterns, ownEntries(prefix)] });

export default tseslint.config(
  { ignores: ["dist/", "e2e-artifacts/", "node_modules/", "src/ipc/bindings/"] },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked, ...tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/consistent-type-definitions": "off",
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      eqeqeq: "error",
      "no-restricted-imports": ["error", tauriImportBan],
      "no-restricted-syntax": [
        "error",
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: "Server text is data: never render it as HTML." },
        { selector: "MemberExpression[property.name=/^(innerHTML|outerHTML)$/]", message: "Server text is data: never write HTML." },
        { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: "Server text is data: never write HTML." },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["src/features/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", featureImportBan("\\.\\./|(\\.\\./)+features/")] },
  },
  {
    files: ["src/app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", featureImportBan("\\.\\./features/")] },
  },
  {
    // The ui-kit is below the features: it knows none of them.
    files: ["src/ui-kit/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [...tauriImportBan.patterns, { regex: "^(\\.\\./)+features/", message: "The ui-kit knows no feature." }] },
      ],
    },
  },
  {
    // Tests may reach into other features: they check how features work together and wait out
    // their timings.
    files: ["src/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", tauriImportBan] },
  },
  {
    // The IPC layer and the test harness may reach Tauri (mockIPC, clearMocks).
    files: ["src/ipc/**", "src/test/**"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Tests reject with plain `{ code, message }` objects: that is what the Rust shell sends.
    files: ["src/**/*.test.{ts,tsx}", "src/test/**"],
    rules: {
      "@typescript-eslint/only-throw-error": "off",
      "@typescript-eslint/prefer-promise-reject-errors": "off",
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { eqeqeq: "error" },
  },
  {
    files: ["vite.config.ts", "vitest.config.ts"],
    languageOptions: { globals: globals.node },
  },
);
