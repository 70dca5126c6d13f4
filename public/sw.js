// The shop's service worker: keeps the offline page, the stylesheet, scripts and icons, so a
// dropped connection shows the shop's own page instead of the browser's. It never stores the
// cart, the checkout, the back office or an API answer: pages always come from the network, and
// only stand-ins answer when the network fails: the offline page, or the last copy of a paid
// order's page the shopper saw (its reference, to show at a pickup counter with no signal).
const VERSION = "2";
const SHELL = `shell-${VERSION}`;
const ASSETS = "assets";
// One offline page per language: Kiswahili's for pages under /sw.
const OFFLINE_URLS = ["/offline", "/sw/offline"];
const offlineUrlFor = (url) =>
  /^\/sw(\/|$)/.test(new URL(url).pathname) ? OFFLINE_URLS[1] : OFFLINE_URLS[0];
const MAX_ASSETS = 80;
const ORDERS = "orders";
const MAX_ORDERS = 5;

async function keepShell() {
  const cache = await caches.open(SHELL);
  const styles = new Set();
  for (const url of OFFLINE_URLS) {
    const response = await fetch(url, { cache: "no-store", credentials: "omit" });
    if (!response.ok) throw new Error(`offline page ${url} answered ${response.status}`);
    const html = await response.clone().text();
    await cache.put(url, response);
    // The offline page's stylesheet (its name changes with each build).
    for (const m of html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)) styles.add(m[1]);
  }
  const assets = await caches.open(ASSETS);
  await assets.addAll(["/favicon.svg", ...styles]);
}

self.addEventListener("install", (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => ![SHELL, ASSETS, ORDERS].includes(n)).map((n) => caches.delete(n)),
      );
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** Built files have the hash of their content in their name: a stored copy is always right. */
async function builtFile(request) {
  const assets = await caches.open(ASSETS);
  const stored = await assets.match(request);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) {
    await assets.put(request, response.clone());
    const keys = await assets.keys();
    // Older builds' files go first once there are too many.
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)))
      await assets.delete(old);
  }
  return response;
}

const escapeAttribute = (value) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** A paid order's page, as last seen: the newest few, the oldest let go. */
async function keepOrder(request, response) {
  const orders = await caches.open(ORDERS);
  await orders.put(request, response);
  const keys = await orders.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ORDERS))) await orders.delete(old);
}

/**
 * A page from the network; when there is none, the copy of a paid order's page kept when it was
 * seen (the page asks for one with its X-Offline-Copy header), else the offline page, retrying
 * the page asked for.
 */
async function page(event) {
  try {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    if (response.headers.get("X-Offline-Copy") === "keep") {
      event.waitUntil(keepOrder(event.request, response.clone()));
    }
    return response;
  } catch {
    const kept = await caches.match(event.request, { cacheName: ORDERS, ignoreVary: true });
    if (kept) return kept;
    const offline = await caches.match(offlineUrlFor(event.request.url), { cacheName: SHELL });
    if (!offline) return Response.error();
    const html = (await offline.text()).replace(
      /href="[^"]*" data-retry=""/,
      `href="${escapeAttribute(event.request.url)}" data-retry=""`,
    );
    return new Response(html, {
      status: 503,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": offline.headers.get("Content-Security-Policy") ?? "",
        "Cache-Control": "no-store",
      },
    });
  }
}

// A paid order's page reached by a tap in the shop (its data came, not the page): fetched whole
// and kept, if the page says it may be (a page of this shop, with its X-Offline-Copy header).
self.addEventListener("message", (event) => {
  const url = typeof event.data?.keep === "string" ? new URL(event.data.keep) : null;
  if (!url || url.origin !== self.location.origin) return;
  event.waitUntil(
    fetch(url, { credentials: "same-origin" })
      .then((response) => {
        if (response.headers.get("X-Offline-Copy") === "keep") return keepOrder(url, response);
      })
      .catch(() => {}),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (url.pathname.startsWith("/assets/") || url.pathname === "/favicon.svg") {
    event.respondWith(builtFile(request));
  }
  // Everything else (data requests, media, the API) goes to the network untouched.
});
