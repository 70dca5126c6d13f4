/**
 * A mistake the operator can fix (bad configuration, a database already in use). The server prints
 * its message as one line and exits non-zero, without a stack trace.
 */
export class StartupError extends Error {}
