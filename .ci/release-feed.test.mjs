// @ts-check
// The update feed a release publishes, made from its packages and their signatures.
// Run: node --test .ci/release-feed.test.mjs (the setup-check step of .ci/test does).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { latestJson, platformOf, platformsOf } from "./release-feed.mjs";

test("each package is announced under the updater's platform key", () => {
  assert.equal(platformOf("bundle/deb/Lode_0.2.0_amd64.deb"), "linux-x86_64-deb");
  assert.equal(platformOf("Lode-0.2.0-1.x86_64.rpm"), "linux-x86_64-rpm");
  assert.equal(platformOf("Lode_0.2.0_arm64.deb"), "linux-aarch64-deb");
  assert.equal(platformOf("Lode_0.2.0_amd64.AppImage"), "linux-x86_64-appimage");
  assert.throws(() => platformOf("Lode_0.2.0.deb"), /no architecture/);
  assert.throws(() => platformOf("Lode_0.2.0_amd64.zip"), /not a package/);
});

test("the script writes latest.json from the packages and their .sig files", () => {
  const dir = mkdtempSync(join(tmpdir(), "release-feed-"));
  const deb = join(dir, "Lode_0.2.0_amd64.deb");
  const rpm = join(dir, "Lode-0.2.0-1.x86_64.rpm");
  for (const file of [deb, rpm]) writeFileSync(file, "package");
  writeFileSync(`${deb}.sig`, "c2lnbmF0dXJlIG9mIHRoZSBkZWI=\n");
  writeFileSync(`${rpm}.sig`, "c2lnbmF0dXJlIG9mIHRoZSBycG0=\n");
  writeFileSync(join(dir, "notes.txt"), "What changed");
  const out = join(dir, "latest.json");
  const script = new URL("./release-feed.mjs", import.meta.url).pathname;
  execFileSync(process.execPath, [
    script, "--location", "https://downloads.example/lode/", "--version", "0.2.0",
    "--notes", join(dir, "notes.txt"), "--date", "2026-12-01T12:00:00Z", "--out", out, deb, rpm,
  ]);
  const written = JSON.parse(readFileSync(out, "utf8"));
  assert.deepEqual(written, {
    version: "0.2.0",
    notes: "What changed",
    pub_date: "2026-12-01T12:00:00Z",
    platforms: {
      "linux-x86_64-deb": {
        url: "https://downloads.example/lode/Lode_0.2.0_amd64.deb",
        signature: "c2lnbmF0dXJlIG9mIHRoZSBkZWI=",
      },
      "linux-x86_64-rpm": {
        url: "https://downloads.example/lode/Lode-0.2.0-1.x86_64.rpm",
        signature: "c2lnbmF0dXJlIG9mIHRoZSBycG0=",
      },
    },
  });
});

test("an unsigned package, an http location or a bad version writes nothing", () => {
  const none = () => {
    throw new Error("ENOENT");
  };
  assert.throws(() => platformsOf("https://d.example", ["Lode_0.2.0_amd64.deb"], none), /\.sig is missing/);
  assert.throws(() => platformsOf("http://d.example", ["Lode_0.2.0_amd64.deb"], () => "sig"), /must be https/);
  assert.throws(
    () => platformsOf("https://d.example", ["a_amd64.deb", "b_amd64.deb"], () => "sig"),
    /two packages for linux-x86_64-deb/,
  );
  assert.throws(() => latestJson({ version: "latest", pubDate: "x", platforms: { a: { url: "u", signature: "s" } } }), /semver/);
  assert.throws(() => latestJson({ version: "1.0.0", pubDate: "x", platforms: {} }), /no package/);
});
