// @ts-check
/**
 * A loopback update feed for the installed-app test: `latest.json` in the updater's static
 * format, announcing a newer version, and the package it points at. What it serves is switched
 * between requests, so one app launch can meet every failure and then the good update:
 *
 *   good       the feed with the package's own signature, and the whole package
 *   badSig     the feed with a signature made over other bytes (a tampered package or feed)
 *   truncated  the package announced with its full length but cut off halfway
 *   hang       the feed request is accepted and never answered
 *   notNewer   the feed announces the newer version, but serves a genuine signed package that
 *              is not newer (the installed one): the feed's `version` is not signed
 *
 * Binds 127.0.0.1 only; `close()` ends every open connection, hung ones included.
 */
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
// The same document a release publishes (.ci/release-feed.mjs), pointed at this server.
import { latestJson } from "../../.ci/release-feed.mjs";

/**
 * @typedef {"good" | "badSig" | "truncated" | "hang" | "notNewer"} FeedMode
 * @param {{ version: string, notes: string, packagePath: string, signaturePath: string,
 *   badSignaturePath: string, notNewerPackagePath: string, notNewerSignaturePath: string }} release
 */
export async function startFeed(release) {
  const newPackage = readFileSync(release.packagePath);
  const signature = readFileSync(release.signaturePath, "utf8").trim();
  const badSignature = readFileSync(release.badSignaturePath, "utf8").trim();
  const notNewerPackage = readFileSync(release.notNewerPackagePath);
  const notNewerSignature = readFileSync(release.notNewerSignaturePath, "utf8").trim();
  /** @type {FeedMode} */
  let mode = "good";
  /** Requests seen, by path: the test checks the app asked (and did not ask twice in a day). */
  /** @type {string[]} */
  const requests = [];
  /** @type {Set<import("node:net").Socket>} */
  const sockets = new Set();

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    requests.push(`${mode} ${path}`);
    if (path === "/latest.json") {
      if (mode === "hang") return; // accepted, never answered: the app's timeout must end it
      const signed = mode === "badSig" ? badSignature : mode === "notNewer" ? notNewerSignature : signature;
      const platform = { url: `${base}/package.deb`, signature: signed };
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          latestJson({
            version: release.version,
            notes: release.notes,
            pubDate: "2026-11-25T12:00:00Z",
            // The updater looks for `<os>-<arch>-<installer>` first, then `<os>-<arch>`.
            platforms: { "linux-x86_64-deb": platform, "linux-x86_64": platform },
          }),
        ),
      );
      return;
    }
    if (path === "/package.deb") {
      const packageBytes = mode === "notNewer" ? notNewerPackage : newPackage;
      response.writeHead(200, {
        "content-type": "application/vnd.debian.binary-package",
        "content-length": String(packageBytes.length),
      });
      if (mode === "truncated") {
        // Half the bytes, then the connection drops: a download that broke off.
        response.write(packageBytes.subarray(0, Math.floor(packageBytes.length / 2)), () =>
          setTimeout(() => response.socket?.destroy(), 100),
        );
        return;
      }
      response.end(packageBytes);
      return;
    }
    response.writeHead(404).end();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", () => done(undefined)));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;

  return {
    url: `${base}/latest.json`,
    requests,
    /** @param {FeedMode} next */
    setMode(next) {
      mode = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => server.close(() => done(undefined)));
    },
  };
}
