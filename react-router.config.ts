import type { Config } from "@react-router/dev/config";

// The Kiswahili client build (SHOP_LANGUAGE=sw, decision 54) goes beside the English one; only its
// client files and route manifest are kept (scripts/merge-language-builds.js).
const language = process.env.SHOP_LANGUAGE ?? "en";

export default {
  appDirectory: "app",
  ssr: true,
  buildDirectory: language === "en" ? "build" : `build/${language}`,
} satisfies Config;
