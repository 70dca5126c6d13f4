/** A backup or restore that cannot go ahead for a reason the operator can fix; its message says how. */
export class BackupError extends Error {}
