import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html";

describe("escapeHtml", () => {
  it("leaves no markup or attribute quote in the text", () => {
    expect(escapeHtml(`<a href="/x?a=1&b='2'">`)).toBe(
      "&lt;a href=&quot;/x?a=1&amp;b=&#39;2&#39;&quot;&gt;",
    );
  });
});
