// A plain HTTP server of icons for Lode's icon fetcher tests (lode-app tests/integration/
// icons.rs): good and bad images, a huge one, a slow one, and how often each path was asked.
// Listens on an ephemeral 127.0.0.1 port and prints `listening on http://127.0.0.1:P`.
import { createServer } from "node:http";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(Math.max(0, size - 8), 7)]);
const SVG = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#2f6fde"/></svg>`;

const routes = {
  "/icon.png": () => ({ type: "image/png", body: png(120) }),
  "/icon.svg": () => ({ type: "image/svg+xml", body: Buffer.from(SVG) }),
  // 300 KiB, over the 256 KiB cap; sent chunked (no Content-Length), so the cap must be
  // enforced while reading.
  "/huge.png": () => ({ type: "image/png", body: png(300 * 1024), chunked: true }),
  "/page.html": () => ({ type: "text/html", body: Buffer.from("<html><body>not an icon</body></html>") }),
  "/lying.png": () => ({ type: "image/png", body: Buffer.from("<html><script>alert(1)</script></html>") }),
};

const counts = {};

const server = createServer((request, response) => {
  const path = new URL(request.url, "http://localhost").pathname;
  if (path === "/stats") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(counts));
    return;
  }
  counts[path] = (counts[path] ?? 0) + 1;
  if (path === "/slow.png") {
    // Headers, then nothing for a minute: only the fetcher's time limit ends it.
    response.writeHead(200, { "content-type": "image/png" });
    response.write(PNG_SIGNATURE);
    const timer = setTimeout(() => response.end(), 60_000);
    request.on("close", () => clearTimeout(timer));
    return;
  }
  const route = routes[path];
  if (!route) {
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("no such icon");
    return;
  }
  const { type, body, chunked } = route();
  if (chunked) {
    response.writeHead(200, { "content-type": type });
    for (let at = 0; at < body.length; at += 16 * 1024) response.write(body.subarray(at, at + 16 * 1024));
    response.end();
  } else {
    response.writeHead(200, { "content-type": type, "content-length": body.length });
    response.end(body);
  }
});

server.listen(0, "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
