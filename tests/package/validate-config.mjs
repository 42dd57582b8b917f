// @ts-check
/**
 * Validates the packaging configuration on this Linux machine, including the parts only macOS and
 * Windows use: tauri.conf.json merged with src-tauri/packaging/sidecars.json (as `.ci/package`
 * passes it) against the configuration schema of the pinned Tauri CLI
 * (ui/node_modules/@tauri-apps/cli/config.schema.json), plus what the schema cannot say: every
 * platform's bundle is configured, the updater trusts a minisign key and reads an https feed, the
 * CLI and the demo server ride along. Also checks that the validator rejects a broken copy, so a
 * schema that accepted anything would not pass unnoticed.
 *
 *   node tests/package/validate-config.mjs        (npm ci --prefix tests/package first)
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import addFormats from "ajv-formats";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const readJson = (/** @type {string} */ path) => JSON.parse(readFileSync(join(root, path), "utf8"));

/** RFC 7396 merge patch: how the Tauri CLI merges `--config` files into tauri.conf.json. */
function mergePatch(/** @type {any} */ target, /** @type {any} */ patch) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  const out = target !== null && typeof target === "object" && !Array.isArray(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

const schema = readJson("ui/node_modules/@tauri-apps/cli/config.schema.json");
// Tauri's schema has patterns that are not valid with the `u` flag (an escaped `:`): plain RegExps.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
// The schema is generated from Rust types (schemars): integer formats named after them.
for (const [name, bits] of /** @type {const} */ ([["uint8", 8], ["uint16", 16], ["uint32", 32], ["uint64", 64], ["uint", 64]])) {
  const max = 2 ** bits - 1;
  ajv.addFormat(name, { type: "number", validate: (n) => Number.isInteger(n) && n >= 0 && n <= max });
}
for (const name of ["int", "int32", "int64", "double", "float"]) {
  ajv.addFormat(name, { type: "number", validate: () => true });
}
const validate = ajv.compile(schema);
const config = mergePatch(readJson("tauri.conf.json"), readJson("src-tauri/packaging/sidecars.json"));

let passed = 0;
let failed = 0;
/** @param {string} name @param {() => void} body */
function check(name, body) {
  try {
    body();
    passed += 1;
    console.log(`ok   ${name}`);
  } catch (error) {
    failed += 1;
    console.log(`FAIL ${name}\n     ${error instanceof Error ? error.message.split("\n").join("\n     ") : String(error)}`);
  }
}
const errorsOf = () => JSON.stringify(validate.errors?.slice(0, 5), null, 1);

check(`the merged configuration is valid against Tauri ${schema.$id}`, () => {
  assert.ok(validate(config), errorsOf());
});
check("a broken copy is rejected (the check can fail)", () => {
  const broken = mergePatch(config, { bundle: { windows: { nsis: { installMode: "sideways" } }, macOS: { dmg: { windowSize: 3 } } } });
  assert.equal(validate(broken), false, "the schema accepted an invalid installMode and dmg window size");
});
check("Linux: .deb and .rpm with the desktop template, WebKitGTK runtime dependencies; AppImage configured", () => {
  const { deb, rpm, appimage } = config.bundle.linux;
  assert.equal(deb.desktopTemplate, rpm.desktopTemplate);
  readFileSync(join(root, deb.desktopTemplate), "utf8");
  // The Tauri CLI itself makes both depend on the WebKitGTK and GTK runtime libraries (the
  // .deb on libwebkit2gtk-4.1-0 and libgtk-3-0, the .rpm on their sonames): tests/package/run.sh
  // checks the built packages. Anything added here must not be a development package.
  for (const extra of [...(deb.depends ?? []), ...(rpm.depends ?? [])]) {
    assert.ok(!String(extra).endsWith("-dev") && !String(extra).endsWith("-devel"), `a development package in Depends: ${extra}`);
  }
  assert.ok(appimage && typeof appimage === "object");
});
check("macOS: the .app and .dmg are configured (hardened runtime, minimum version, dmg layout)", () => {
  const mac = config.bundle.macOS;
  assert.equal(mac.hardenedRuntime, true);
  assert.match(mac.minimumSystemVersion, /^\d+\.\d+$/);
  assert.ok(mac.dmg.windowSize && mac.dmg.appPosition && mac.dmg.applicationFolderPosition);
});
check("Windows: the .msi (WiX, fixed upgrade code) and NSIS installers are configured", () => {
  const win = config.bundle.windows;
  assert.match(win.wix.upgradeCode, /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
  assert.deepEqual(win.wix.language, ["en-US", "zh-CN"]);
  assert.deepEqual(win.nsis.languages, ["English", "SimpChinese"]);
  assert.equal(win.digestAlgorithm, "sha256");
});
check("every bundle target is built, with an icon for every size", () => {
  assert.equal(config.bundle.targets, "all");
  for (const size of ["16x16", "24x24", "32x32", "48x48", "64x64", "128x128", "256x256", "512x512"]) {
    assert.ok(config.bundle.icon.includes(`icons/${size}.png`), `no icons/${size}.png`);
  }
  assert.ok(config.bundle.icon.includes("icons/icon.icns") && config.bundle.icon.includes("icons/icon.ico"));
});
check("the CLI and the demo server ride along as external binaries", () => {
  assert.deepEqual(config.bundle.externalBin, ["target/package/bin/lode", "target/package/bin/lode-demo-server"]);
});
check("the updater verifies with a minisign public key, and no feed is built into the config", () => {
  const { pubkey, endpoints } = config.plugins.updater;
  assert.match(Buffer.from(pubkey, "base64").toString("utf8"), /^untrusted comment: minisign public key/);
  // The feed is the release location's, given when a release is cut (LODE_RELEASE_LOCATION):
  // never a domain written here.
  assert.equal(endpoints, undefined);
});

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
