import { createServer, type Server } from "node:http";

/**
 * A loopback web server for upload-by-url: `/a.png` (a small PNG), `/big` (announces and sends
 * more than the size cap), `/endless` (streams without a length past the cap), `/slow` (never
 * answers), `/moved` (redirects to `/a.png`), `/missing` (404).
 */
export const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

export async function startFakeFiles(port: number, capBytes: number): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/a.png") {
      res.writeHead(200, { "content-type": "image/png", "content-length": PNG.byteLength });
      return res.end(PNG);
    }
    if (path === "/big") {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": capBytes + 1 });
      return res.end(Buffer.alloc(capBytes + 1));
    }
    if (path === "/endless") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const push = () => {
        while (sent <= capBytes) {
          sent += chunk.byteLength;
          if (!res.write(chunk)) return void res.once("drain", push);
        }
        res.end();
      };
      return push();
    }
    if (path === "/slow") return; // never answers; the Worker's time limit ends it
    if (path === "/moved") {
      res.writeHead(302, { location: "/a.png" });
      return res.end();
    }
    res.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}
