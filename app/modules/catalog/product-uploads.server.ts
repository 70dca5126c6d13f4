export type Upload = { name: string; bytes: Buffer };

/** Something the admin can fix in a product edit: shown under the spec's failure text. */
export class ProductEditError extends Error {}

/** Reads the uploaded image files of a form, skipping the empty part a file input sends. */
export async function uploadsFrom(form: FormData): Promise<Upload[]> {
  const files = form
    .getAll("images")
    .filter((f): f is File => typeof f === "object" && f !== null && f.size > 0);
  return Promise.all(
    files.map(async (f) => ({ name: f.name, bytes: Buffer.from(await f.arrayBuffer()) })),
  );
}
