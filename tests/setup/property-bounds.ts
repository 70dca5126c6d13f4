// Every property test (fast-check) is bounded twice: a number of cases (fast-check's 100 unless the
// test names its own) and a time. Past PROPERTY_TIME_LIMIT_MS, set per project below its test
// timeout, no new case is started and the cases already run decide: on a busy two-core machine a
// property then checks fewer cases instead of failing on the clock, and any case it ran that broke
// the property still fails it.
import fc from "fast-check";

fc.configureGlobal({
  numRuns: 100,
  interruptAfterTimeLimit: Number(process.env.PROPERTY_TIME_LIMIT_MS) || 10_000,
  markInterruptAsFailure: false,
});
