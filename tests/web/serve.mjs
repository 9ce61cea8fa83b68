// A small static file server for the browser tests: 127.0.0.1 only, no caching headers
// (so every check sees what the service worker does, not the HTTP cache), optional CORS
// (as pygbag's CDN, GitHub Pages, sends "Access-Control-Allow-Origin: *"), a request log,
// and close() that drops open connections at once (the "server stopped" of the tests).
import http from "node:http";
import fs from "node:fs";
import path from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
  ".json": "application/json", ".webmanifest": "application/manifest+json", ".wasm": "application/wasm",
  ".png": "image/png", ".gz": "application/gzip", ".apk": "application/zip", ".zip": "application/zip",
  ".whl": "application/zip", ".py": "text/plain; charset=utf-8", ".ogg": "audio/ogg",
  ".data": "application/octet-stream", ".tar": "application/x-tar", ".txt": "text/plain",
};

// mounts: {"/url/path": "/file/or/dir"} served in place of what root holds there (the test page
// next to the built bundle, Pyodide's files, the wheel).
function mounted(mounts, pathname) {
  for (const [url, target] of Object.entries(mounts)) {
    if (pathname === url) return target;
    if (url.endsWith("/") && pathname.startsWith(url)) return path.join(target, pathname.slice(url.length));
  }
  return null;
}

// isolate: the page is cross-origin isolated (COOP same-origin, COEP require-corp), so that
// performance.now() steps by 5 µs instead of Chromium's 100 µs (bench/web_frames.py's timings).
export function serve(root, { port = 0, cors = false, prefix = "/", mounts = {}, isolate = false } = {}) {
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    requests.push(url.pathname);
    let rel = decodeURIComponent(url.pathname);
    if (!rel.startsWith(prefix)) { res.writeHead(404); res.end(); return; }
    rel = rel.slice(prefix.length).replace(/\/+/g, "/");
    if (rel === "" || rel.endsWith("/")) rel += "index.html";
    const extra = mounted(mounts, decodeURIComponent(url.pathname));
    const file = extra || path.join(root, rel);
    if ((!extra && !file.startsWith(path.resolve(root))) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { "Content-Type": "text/plain" }); res.end("not found"); return;
    }
    const headers = { "Content-Type": TYPES[path.extname(file)] || "application/octet-stream", "Cache-Control": "no-store" };
    if (cors) headers["Access-Control-Allow-Origin"] = "*";
    if (isolate) {
      headers["Cross-Origin-Opener-Policy"] = "same-origin";
      headers["Cross-Origin-Embedder-Policy"] = "require-corp";
    }
    res.writeHead(200, headers);
    res.end(fs.readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const actual = server.address().port;
      resolve({
        url: `http://127.0.0.1:${actual}${prefix}`,
        port: actual,
        requests,
        close: () => new Promise((done) => { server.close(() => done()); server.closeAllConnections(); }),
      });
    });
  });
}
