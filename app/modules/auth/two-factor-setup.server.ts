import { renderSVG } from "uqr";

/**
 * What the owner's phone needs to add the shop to an authenticator app: the app's link as a QR
 * code (SVG, drawn here, nothing fetched from elsewhere), its key for typing in by hand, and the
 * recovery codes to keep.
 */
export async function authenticatorSetup(uri: string, codes: string[]) {
  const key = new URL(uri).searchParams.get("secret") ?? "";
  return {
    uri,
    svg: renderSVG(uri, { border: 1 }),
    // In groups of four, as the apps show it and as it is easiest to type.
    key: key.replace(/(.{4})/g, "$1 ").trim(),
    codes,
  };
}
