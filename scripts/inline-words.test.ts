import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineWords } from "./inline-words";

const root = path.resolve(import.meta.dirname, "..");

/** The plugin's transform as a client build runs it, in one language. */
async function transformIn(language: string, code: string) {
  const plugin = inlineWords(root, language);
  (plugin.buildStart as () => void).call({});
  const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
  return transform.call({}, code, "/app/components/x.tsx")?.code ?? null;
}

const source = `import { Link } from "react-router";
import { msg } from "~/i18n/messages";
export const X = ({ year }) => <nav aria-label={msg.navMainLabel}>{msg.navShop} {msg.footerRights(year, "A")}</nav>;`;

describe("words written into a client build", () => {
  it("writes each plain word in as a string, in the build's language only", async () => {
    const english = (await transformIn("en", source))!;
    expect(english).toContain('aria-label={"Main"}');
    expect(english).toContain('{"Shop"}');
    expect(english).not.toContain("msg.navShop");
    const swahili = (await transformIn("sw", source))!;
    expect(swahili).toContain('{"Duka"}');
    expect(swahili).not.toContain('"Shop"');
  });

  it("a word that takes values is written in as that language's function, called in place", async () => {
    const swahili = (await transformIn("sw", source))!;
    expect(swahili).toMatch(
      /\(\(year: number, shopName: string\) =>\s+`© \$\{year\} \$\{shopName\}\. Haki zote zimehifadhiwa\.`\)\(year/,
    );
    expect(swahili).not.toContain("msg");
    expect(swahili).not.toContain("~/i18n/messages");
  });

  it("leaves a file that does not read the words alone, and refuses a word no file has", async () => {
    expect(await transformIn("en", 'import { Link } from "react-router";')).toBeNull();
    await expect(
      transformIn("en", 'import { msg } from "~/i18n/messages";\nmsg.noSuchWord;'),
    ).rejects.toThrow('No word "noSuchWord"');
  });
});
