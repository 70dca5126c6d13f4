import express from "express";
import { describe, expect, it } from "vitest";
import { msg } from "~/i18n/messages";
import { inRequestLanguage } from "./request-language";

describe("the request's language", () => {
  it("each request renders its own path's words, however many are answered at once", async () => {
    const app = express();
    app.use(inRequestLanguage);
    app.use(async (_req, res) => {
      // Answers finish in a scrambled order, each after others have started.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
      res.send(`${msg.navShop}|${msg.footerRights(2026, "Amani")}`);
    });
    const server = app.listen(0);
    const { port } = server.address() as { port: number };
    try {
      const paths = Array.from({ length: 40 }, (_, i) => (i % 2 ? "/sw/shop" : "/shop"));
      const answers = await Promise.all(
        paths.map(async (path) => [
          path,
          await (await fetch(`http://127.0.0.1:${port}${path}`)).text(),
        ]),
      );
      for (const [path, text] of answers) {
        expect(text).toBe(
          path!.startsWith("/sw")
            ? "Duka|© 2026 Amani. Haki zote zimehifadhiwa."
            : "Shop|© 2026 Amani. All rights reserved.",
        );
      }
    } finally {
      server.close();
    }
  });
});
