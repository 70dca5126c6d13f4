/** A storage key that stays inside the media folder or bucket: no `..`, no `//`, no leading `/`. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9/_.-]*$/i.test(key) && !key.includes("..") && !key.includes("//");
}
