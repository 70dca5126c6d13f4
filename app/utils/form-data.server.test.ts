import { describe, expect, test } from "vitest";
import { FORM_NUL, FORM_UNREADABLE, readForm } from "./form-data.server";

const post = (body: BodyInit, type?: string) =>
  new Request("http://shop.test/cart", {
    method: "POST",
    body,
    headers: type ? { "Content-Type": type } : {},
  });

/** What readForm threw, as status and text. */
async function refusal(request: Request) {
  try {
    await readForm(request);
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status} ${await thrown.text()}`;
    throw thrown;
  }
  return "read";
}

describe("readForm", () => {
  test("reads a urlencoded or multipart form", async () => {
    expect((await readForm(post(new URLSearchParams({ intent: "add" })))).get("intent")).toBe(
      "add",
    );
    const multipart = new FormData();
    multipart.set("name", "Ankara Dress");
    expect((await readForm(post(multipart))).get("name")).toBe("Ankara Dress");
  });

  test("a broken multipart body or a body that is not a form is a 400 with a sentence", async () => {
    expect(await refusal(post("--x\r\nbroken", "multipart/form-data; boundary=x"))).toBe(
      `400 ${FORM_UNREADABLE}`,
    );
    expect(await refusal(post("a=1", "multipart/form-data"))).toBe(`400 ${FORM_UNREADABLE}`);
    expect(await refusal(post('{"a":1}', "application/json"))).toBe(`400 ${FORM_UNREADABLE}`);
  });

  test("a NUL byte in a field's value, its name or a file's name is a 400", async () => {
    expect(await refusal(post("email=a%00b&password=x", "application/x-www-form-urlencoded"))).toBe(
      `400 ${FORM_NUL}`,
    );
    expect(await refusal(post("na%00me=x", "application/x-www-form-urlencoded"))).toBe(
      `400 ${FORM_NUL}`,
    );
    const upload = new FormData();
    upload.set("images", new File([new Uint8Array([1])], "photo\0.png", { type: "image/png" }));
    expect(await refusal(post(upload))).toBe(`400 ${FORM_NUL}`);
  });
});
