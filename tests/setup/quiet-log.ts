// Expected failures (a refused payment, a lost database) would otherwise fill the test output.
import { logger } from "~/utils/logger.server";

logger.level = "silent";
