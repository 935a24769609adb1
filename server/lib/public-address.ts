// Is an address on the public internet? Outbound calls to URLs a user gave (webhooks) must not
// reach the server's own network (SSRF): loopback, private, link-local, CGNAT, multicast,
// unspecified, documentation/benchmark and reserved ranges are refused, in IPv4 and IPv6, including
// IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d,
// NAT64 64:ff9b::/96 and 6to4 2002::/16), whose embedded address is judged instead.
//
// A host name is judged by every address it resolves to, and guardedLookup() is the `lookup` an
// outbound request connects through, so the address connected to is the one judged (a name that
// resolves to a public address when checked and a private one when used — DNS rebinding — is
// refused at the connection itself).
import dns from "node:dns";
import net from "node:net";

const NOT_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // CGNAT (shared address space)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 broadcast
] as const) NOT_PUBLIC.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard-only
  ["64:ff9b:1::", 48], // local-use NAT64
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (ULA)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) NOT_PUBLIC.addSubnet(address, prefix, "ipv6");

/** The 16 bytes of an IPv6 address in text (with or without a dotted IPv4 tail); null when it is not one. */
function ipv6Bytes(text: string): number[] | null {
  if (net.isIPv6(text) === false) return null;
  let s = text;
  const tail = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const v4 = tail[1].split(".").map(Number);
    s = s.slice(0, -tail[1].length) + `${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const [head, rest] = s.includes("::") ? s.split("::") : [s, undefined];
  const left = head ? head.split(":") : [];
  const right = rest === undefined ? [] : rest ? rest.split(":") : [];
  const groups = rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  if (groups.length !== 8) return null;
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), or null. */
export function embeddedIpv4(ipv6: string): string | null {
  const b = ipv6Bytes(ipv6);
  if (!b) return null;
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (at: number) => b.slice(at, at + 4).join(".");
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (zero(0, 12) && !zero(12, 16)) return v4(12); // ::a.b.c.d (deprecated compatible form)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return v4(12); // 64:ff9b::/96
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2); // 2002:AABB:CCDD::/16
  return null;
}

/** Whether an IP address (text, IPv4 or IPv6, brackets allowed) is a public unicast one. Anything else (or not an IP) is false. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "");
  const family = net.isIP(ip);
  if (family === 4) return !NOT_PUBLIC.check(ip, "ipv4");
  if (family !== 6) return false;
  if (NOT_PUBLIC.check(ip, "ipv6")) return false;
  const inner = embeddedIpv4(ip);
  return inner === null ? true : !NOT_PUBLIC.check(inner, "ipv4");
}

export class PrivateAddressError extends Error {
  readonly code = "EPRIVATEADDRESS";
  constructor(host: string, address: string) {
    super(`${host} is not a public address (${address})`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request / net.connect: resolves as dns.lookup does and refuses (with
 * PrivateAddressError) when any address of the name is not public, unless private ones are allowed.
 * It answers both forms of the call (one address, or all of them for happy eyeballs).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "");
      const list = addresses as dns.LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (bad) return callback(new PrivateAddressError(hostname, bad.address), "");
      if (!list.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/** Every address a host (a name or an IP literal) resolves to. */
export async function resolveHost(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (net.isIP(bare)) return [bare];
  const found = await dns.promises.lookup(bare, { all: true, verbatim: true });
  return found.map((a) => a.address);
}
