import { isIPv4, isIPv6 } from "node:net";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * How a client address is counted and blocked: an IPv4 address on its own, an IPv6 address by its /64, since one
 * household or phone is handed a whole /64 and can take any address in it (docs/decisions/114-sign-in-limits-per-account-and-address.md).
 */
export const IPV6_NETWORK_PREFIX = 64;

/** "::ffff:203.0.113.7" (an IPv4 client on a dual-stack socket) is 203.0.113.7. */
export const plainAddress = (ip: string) => (ip.startsWith("::ffff:") && isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

/** The eight 16-bit groups of an IPv6 address, a trailing dotted IPv4 part read as two groups. */
function ipv6Groups(address: string): number[] {
  const [head = "", tail] = address.split("::");
  const parse = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The key an address is counted under: the IPv4 address itself, or the IPv6 address's /64 ("2001:db8:1:2::/64"). */
export function addressKey(ip: string): string {
  const address = plainAddress(ip.trim().toLowerCase());
  if (!isIPv6(address)) return address;
  const network = [...ipv6Groups(address.split("%")[0] ?? address).slice(0, 4), 0, 0, 0, 0];
  // The URL parser writes an IPv6 address in its one canonical form (RFC 5952), as PostgreSQL does.
  const canonical = new URL(`http://[${network.map((group) => group.toString(16)).join(":")}]`).hostname.slice(1, -1);
  return `${canonical}/${IPV6_NETWORK_PREFIX}`;
}

/**
 * The same key in SQL, for an address column: a mapped IPv4 address becomes the IPv4 one, an IPv6 address its
 * network as PostgreSQL writes it; anything else is kept as it is (the regular expressions keep a value that is not
 * an address from ever reaching the cast).
 */
export function addressKeySql(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`(case when ${column} ~ '^::ffff:[0-9.]+$' then substr(${column}, 8)
    when ${column} ~ '^[0-9a-fA-F:]*:[0-9a-fA-F:.]*$'
    then network(set_masklen((${column})::inet, ${sql.raw(String(IPV6_NETWORK_PREFIX))}))::text else ${column} end)`;
}

/**
 * A condition: the address column holds this address, or for IPv6 an address of its /64. An IPv4 address is compared
 * as it is, so the column's index serves it.
 */
export function sameAddressAs(column: AnyColumn, ip: string): SQL {
  const address = plainAddress(ip);
  if (!isIPv6(address)) return sql`${column} = ${address}`;
  return sql`${addressKeySql(column)} = ${addressKeySql(sql`${address}::text`)}`;
}
