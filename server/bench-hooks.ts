import express from "express";
import { answerPage, type Rendered } from "./page-cache";

/**
 * Benchmark only (BENCH_HOOKS=true): `GET /__bench/static?page=/shop` answers the HTML `/shop`
 * rendered, kept in memory, through the same pipeline (request log, headers) and the page cache's
 * own answer (a fresh nonce, one-pass compression), but without React Router or the database.
 * `npm run bench` compares each page's requests per second with this ceiling. Mounted only with the flag
 * (server/app.ts); without it the path is the shop's "not found" page.
 */
export const benchHooks = express.Router();

const copies = new Map<string, Rendered>();
// The rendered page's own headers that the copy keeps; the pipeline sets the rest again.
const KEPT = ["content-type", "content-security-policy", "cache-control"];

benchHooks.get("/static", async (req, res) => {
  const page = req.query.page;
  if (typeof page !== "string" || !/^\/(?!\/)/.test(page) || page.startsWith("/__bench")) {
    res
      .status(400)
      .type("text/plain")
      .send("Give the page to copy as a path, such as ?page=/shop.");
    return;
  }
  let copy = copies.get(page);
  if (!copy) {
    // Rendered once by this same process, the way a shopper's request renders it.
    const response = await fetch(`http://127.0.0.1:${req.socket.localPort}${page}`, {
      headers: { "accept-encoding": "identity" },
    });
    if (response.status !== 200) {
      res.status(404).type("text/plain").send(`${page} answered ${response.status}, not a page.`);
      return;
    }
    copy = {
      status: 200,
      html: await response.text(),
      headers: KEPT.flatMap((name) => {
        const value = response.headers.get(name);
        return value === null ? [] : [[name, value] as [string, string]];
      }),
      // The page's nonce, replaced in every answer as the page cache replaces its marker.
      marker:
        /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "",
    };
    copies.set(page, copy);
  }
  await answerPage(req, res, copy);
});

/**
 * Where the process's memory is (`npm run bench` reads it after the load): V8's heap, memory
 * outside it that JavaScript objects hold (buffers, WebAssembly's memory), and the resident total.
 */
benchHooks.get("/memory", (_req, res) => {
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  res.json({ rss, heapTotal, heapUsed, external, arrayBuffers });
});
