import path from "node:path";

/**
 * Where the test suite keeps the sample catalogue's images: the browser suite's shop serves them
 * from here (its data folder is `.e2e-data`), and they are drawn once per clone, by whichever
 * comes first (the integration seed test, or that shop's first start). Drawing them costs about
 * 45 s of both cores; they depend only on the product, so every later seed reuses them.
 */
export const SAMPLE_MEDIA_DIR = path.resolve(".e2e-data/media");
