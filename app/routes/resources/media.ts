import { isSafeKey } from "~/modules/media/image-keys";
import { MEDIA_CACHE_CONTROL } from "~/modules/media/storage.server";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/media";

/**
 * Serves stored images. Their names change whenever the image changes, so browsers and CDNs may
 * keep them for a year.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!isSafeKey(key) || !/\.(webp|avif)$/i.test(key)) {
    return new Response("Not found", { status: 404 });
  }
  const object = await context.get(servicesContext).media.get(key);
  if (!object) return new Response("Not found", { status: 404 });
  const etag = `"${object.body.byteLength.toString(36)}-${key.length.toString(36)}"`;
  const headers = {
    "Content-Type": object.contentType,
    "Cache-Control": MEDIA_CACHE_CONTROL,
    ETag: etag,
  };
  if (request.headers.get("if-none-match") === etag)
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(object.body), { headers });
}
