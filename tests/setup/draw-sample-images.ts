// Draws the sample catalogue's images once per clone, before the integration and browser suites
// start side by side: both seed the sample catalogue, and each finds the images already drawn.
import { drawSampleImages } from "~/flows/seed-sample-catalogue.server";
import { DiskStorage } from "~/modules/media/storage.server";
import { SAMPLE_MEDIA_DIR } from "./sample-media";

await drawSampleImages(new DiskStorage(SAMPLE_MEDIA_DIR));
