import { expect, test } from "vitest";
import { routeLabeller } from "./route-label";

// The shape of the build's route manifest: a root, a pathless layout, pages and resources.
const label = routeLabeller({
  root: { id: "root", path: "" },
  layout: { id: "layout", parentId: "root" },
  home: { id: "home", parentId: "layout", index: true },
  product: { id: "product", parentId: "layout", path: "product/:id" },
  notFound: { id: "notFound", parentId: "layout", path: "*" },
  editor: { id: "editor", parentId: "root", path: "admin/products/:id?" },
  media: { id: "media", parentId: "root", path: "media/*" },
});

test("requests are named by the pattern they match, never by their URL", () => {
  expect(label("/")).toBe("/");
  expect(label("/product/101")).toBe("/product/:id");
  expect(label("/product/999999")).toBe("/product/:id");
  expect(label("/media/products/dresses/a-640.webp")).toBe("/media/*");
  expect(label("/admin/products")).toBe("/admin/products/:id?");
  expect(label("/admin/products/282")).toBe("/admin/products/:id?");
  expect(label("/no/such/page")).toBe("/*");
});

test("data requests count as their page's", () => {
  expect(label("/product/101.data")).toBe("/product/:id");
  expect(label("/_root.data")).toBe("/");
});
