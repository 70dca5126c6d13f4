import { isIP } from "node:net";

/**
 * The addresses a TRUST_PROXY list trusts, counted, so that a list that trusts "everyone" is
 * refused however it is written: one wide CIDR, an IPv4-mapped one (`::ffff:0.0.0.0/96` is every
 * IPv4 client, since a dual-stack server sees them as `::ffff:a.b.c.d`), or many narrow ones.
 *
 * Every entry is placed in one 128-bit space (IPv4 as its mapped form, as the socket reports it).
 * Addresses a client on the internet cannot have (loopback, link-local, private, unique local:
 * Express's own names) are left out of the count; what remains may be at most a /8's worth, of
 * IPv4 and of IPv6 apart. A proxy is one machine or a provider's block, never a /7.
 */

/** The widest a single CIDR may be; the union of the public addresses is held to the same. */
export const WIDEST_PROXY_PREFIX = 8;

const NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const V4_BASE = 0xffffn << 32n;

type Range = { start: bigint; end: bigint };

function v4ToBigInt(ip: string): bigint {
  return ip.split(".").reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function v6ToBigInt(ip: string): bigint {
  let text = ip.toLowerCase();
  const embedded = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (embedded?.[1]) {
    const v4 = v4ToBigInt(embedded[1]);
    text = `${text.slice(0, -embedded[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

/** An entry as a range of the 128-bit space, or undefined when it is not an address or CIDR. */
function toRange(entry: string): Range | undefined {
  const [ip = "", bits, ...rest] = entry.split("/");
  const version = isIP(ip);
  if (!version || rest.length > 0) return undefined;
  const width = version === 4 ? 32 : 128;
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return undefined;
  const prefix = bits === undefined ? width : Number(bits);
  if (prefix > width) return undefined;
  const own = version === 4 ? v4ToBigInt(ip) : v6ToBigInt(ip);
  const value = version === 4 ? V4_BASE | own : own;
  const hostBits = BigInt(width - prefix);
  const start = (value >> hostBits) << hostBits;
  return { start, end: start + (1n << hostBits) - 1n };
}

const cidr = (entry: string) => toRange(entry) as Range;
const MAPPED_SPACE = cidr("::ffff:0.0.0.0/96");
/** Express's named ranges (proxy-addr): no internet client has these addresses. */
const LOCAL = [
  "127.0.0.0/8",
  "::1/128",
  "169.254.0.0/16",
  "fe80::/10",
  "10.0.0.0/8",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "fc00::/7",
].map(cidr);

/**
 * The entry as Express should be given it: an IPv4-mapped address or range becomes plain IPv4
 * (`::ffff:10.0.0.0/104` -> `10.0.0.0/8`), so its width is read as IPv4's; others as written.
 */
export function normaliseProxyEntry(entry: string): string {
  const [ip = "", bits, ...rest] = entry.split("/");
  const mapped = MAPPED.exec(ip)?.[1];
  if (!mapped || rest.length > 0 || isIP(mapped) !== 4) return entry;
  if (bits === undefined) return mapped;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) < 96) return entry;
  return `${mapped}/${Number(bits) - 96}`;
}

/** An entry Express takes and that is no wider than a /8 (a name, an address, a CIDR). */
export function isProxyEntry(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const range = toRange(entry);
  if (!range) return false;
  const prefix = entry.includes("/") ? Number(entry.split("/")[1]) : 128;
  return prefix >= WIDEST_PROXY_PREFIX;
}

function merge(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: Range[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end + 1n) {
      if (range.end > last.end) last.end = range.end;
    } else merged.push({ ...range });
  }
  return merged;
}

const overlap = (a: Range, b: Range) => {
  const start = a.start > b.start ? a.start : b.start;
  const end = a.end < b.end ? a.end : b.end;
  return end >= start ? end - start + 1n : 0n;
};

/** How many public addresses the entries trust, IPv4 (mapped or not) and IPv6 apart. */
export function publicAddressesTrusted(entries: string[]): { v4: bigint; v6: bigint } {
  const union = merge(entries.flatMap((entry) => toRange(entry) ?? []));
  let v4 = 0n;
  let v6 = 0n;
  for (const range of union) {
    const size = range.end - range.start + 1n;
    const local = LOCAL.reduce((sum, l) => sum + overlap(range, l), 0n);
    const mapped = overlap(range, MAPPED_SPACE);
    const mappedLocal = LOCAL.reduce(
      (sum, l) => sum + (overlap(l, MAPPED_SPACE) ? overlap(range, l) : 0n),
      0n,
    );
    v4 += mapped - mappedLocal;
    v6 += size - mapped - (local - mappedLocal);
  }
  return { v4, v6 };
}

/** True when the entries together trust more public addresses than one /8 of their family. */
export function trustsTooMany(entries: string[]): boolean {
  const { v4, v6 } = publicAddressesTrusted(entries);
  return (
    v4 > 1n << BigInt(32 - WIDEST_PROXY_PREFIX) || v6 > 1n << BigInt(128 - WIDEST_PROXY_PREFIX)
  );
}
