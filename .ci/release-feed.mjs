// @ts-check
/**
 * Writes the update feed (`latest.json`, in tauri-plugin-updater's static format) for a release
 * from its signed packages: each package's `.sig` beside it (written by `.ci/package` when
 * TAURI_SIGNING_PRIVATE_KEY is set) and the release location the packages are uploaded to.
 *
 *   node .ci/release-feed.mjs --location https://…/lode --version 0.2.0 [--notes FILE] \
 *     [--date 2026-12-01T12:00:00Z] [--out latest.json] target/release/bundle/deb/*.deb …
 *
 * Each package is announced at `<location>/<its file name>`: upload the packages, then
 * latest.json, to that location (docs/packaging.md, "Cutting a release"). The same document is
 * what tests/package/feed.mjs serves the installed app.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The updater's platform key of a package, from its file name: `<os>-<arch>-<installer>`,
 * e.g. `linux-x86_64-deb` (the updater looks for that first, then `<os>-<arch>`).
 * @param {string} file
 * @returns {string}
 */
export function platformOf(file) {
  const name = basename(file);
  const arch = /(amd64|x86_64)/.test(name) ? "x86_64" : /(arm64|aarch64)/.test(name) ? "aarch64" : null;
  if (!arch) throw new Error(`${name}: no architecture (amd64, x86_64, arm64, aarch64) in its name`);
  if (name.endsWith(".deb")) return `linux-${arch}-deb`;
  if (name.endsWith(".rpm")) return `linux-${arch}-rpm`;
  if (name.endsWith(".AppImage")) return `linux-${arch}-appimage`;
  throw new Error(`${name}: not a package the updater installs (.deb, .rpm, .AppImage)`);
}

/**
 * The feed document.
 * @param {{ version: string, notes?: string, pubDate: string,
 *   platforms: Record<string, { url: string, signature: string }> }} release
 */
export function latestJson({ version, notes, pubDate, platforms }) {
  if (!/^\d+\.\d+\.\d+([-+].*)?$/.test(version)) throw new Error(`${version}: not a semver version`);
  if (Object.keys(platforms).length === 0) throw new Error("no package to announce");
  return { version, notes: notes ?? "", pub_date: pubDate, platforms };
}

/**
 * The platforms of `packages` at `location`, each with the contents of its `.sig`.
 * @param {string} location
 * @param {string[]} packages
 * @param {(path: string) => string} read
 */
export function platformsOf(location, packages, read = (path) => readFileSync(path, "utf8")) {
  const base = location.replace(/\/+$/, "");
  if (!base.startsWith("https://")) throw new Error(`${location}: the release location must be https`);
  /** @type {Record<string, { url: string, signature: string }>} */
  const platforms = {};
  for (const file of packages) {
    const key = platformOf(file);
    if (platforms[key]) throw new Error(`two packages for ${key}`);
    let signature;
    try {
      signature = read(`${file}.sig`).trim();
    } catch {
      throw new Error(`${file}.sig is missing: sign the packages first (TAURI_SIGNING_PRIVATE_KEY, .ci/package)`);
    }
    platforms[key] = { url: `${base}/${encodeURIComponent(basename(file))}`, signature };
  }
  return platforms;
}

/** @param {string[]} argv */
function main(argv) {
  /** @type {Record<string, string>} */
  const options = {};
  const packages = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg.startsWith("--")) options[arg.slice(2)] = argv[++i] ?? "";
    else packages.push(arg);
  }
  const { location, version } = options;
  if (!location || !version || packages.length === 0) {
    console.error("usage: node .ci/release-feed.mjs --location URL --version X.Y.Z [--notes FILE] [--date RFC3339] [--out FILE] PACKAGE…");
    process.exit(2);
  }
  const feed = latestJson({
    version,
    notes: options.notes ? readFileSync(options.notes, "utf8") : "",
    pubDate: options.date ?? new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
    platforms: platformsOf(location, packages),
  });
  const text = `${JSON.stringify(feed, null, 2)}\n`;
  if (options.out) writeFileSync(options.out, text);
  else process.stdout.write(text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
