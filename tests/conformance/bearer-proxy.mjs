// A loopback proxy that adds `Authorization: Bearer $LODE_SERVE_TOKEN` to every request and
// passes everything else through untouched (Host and Origin included, so `lode serve` judges
// them itself; responses streamed, SSE too). The conformance suite's server scenarios cannot
// send a token; `lode serve` over HTTP requires one.
//   LODE_SERVE_TOKEN=… node bearer-proxy.mjs http://127.0.0.1:PORT/mcp
// prints `proxy on http://127.0.0.1:P/mcp` once listening.
import http from "node:http";

const target = new URL(process.argv[2] ?? "");
const token = process.env.LODE_SERVE_TOKEN ?? "";
if (!token) {
  console.error("bearer-proxy: LODE_SERVE_TOKEN is empty");
  process.exit(1);
}

const server = http.createServer((request, response) => {
  const headers = { ...request.headers, authorization: `Bearer ${token}` };
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: request.method, path: request.url, headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on("error", (error) => {
    if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
    response.end(`bearer-proxy: ${error.message}`);
  });
  request.pipe(upstream);
  response.on("close", () => upstream.destroy());
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  console.log(`proxy on http://127.0.0.1:${port}${target.pathname}`);
});
