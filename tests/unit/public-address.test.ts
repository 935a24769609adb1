// Which addresses a webhook may reach (server/lib/public-address.ts), the lookup that refuses the
// rest at connection time, and the sealing of integration secrets (server/lib/secrets.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { embeddedIpv4, guardedLookup, isPublicAddress, PrivateAddressError } from "../../server/lib/public-address.js";
import { integrationsKey, MissingKeyError, parseSecretKey, secretBox, secretHint } from "../../server/lib/secrets.js";

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, CGNAT, multicast, unspecified, reserved and documentation IPv4", () => {
    for (const ip of [
      "127.0.0.1", "127.255.255.254", "10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.255", "192.168.0.1", "169.254.169.254",
      "100.64.0.1", "100.127.255.255", "0.0.0.0", "0.1.2.3", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
      "192.0.0.8", "192.0.2.1", "198.18.0.1", "198.51.100.7", "203.0.113.9",
    ]) expect([ip, isPublicAddress(ip)]).toEqual([ip, false]);
  });

  it("refuses IPv6 loopback, unspecified, ULA, link-local, site-local, multicast, documentation", () => {
    for (const ip of ["::1", "::", "fc00::1", "fd12:3456:789a::1", "fe80::1", "febf::1", "fec0::1", "ff02::1", "2001:db8::1", "[::1]", "0:0:0:0:0:0:0:1"]) {
      expect([ip, isPublicAddress(ip)]).toEqual([ip, false]);
    }
  });

  it("judges the IPv4 address inside IPv4-mapped, -compatible, NAT64 and 6to4 IPv6 addresses", () => {
    expect(embeddedIpv4("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(embeddedIpv4("::ffff:7f00:1")).toBe("127.0.0.1");
    expect(embeddedIpv4("0:0:0:0:0:ffff:a9fe:a9fe")).toBe("169.254.169.254");
    expect(embeddedIpv4("64:ff9b::a00:1")).toBe("10.0.0.1");
    expect(embeddedIpv4("2002:c0a8:0101::1")).toBe("192.168.1.1");
    expect(embeddedIpv4("::10.0.0.1")).toBe("10.0.0.1");
    expect(embeddedIpv4("2606:4700::1111")).toBeNull();
    for (const ip of ["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.1.2.3", "::ffff:a9fe:a9fe", "64:ff9b::a9fe:a9fe", "2002:0a00:0001::1", "::127.0.0.1"]) {
      expect([ip, isPublicAddress(ip)]).toEqual([ip, false]);
    }
    expect(isPublicAddress("::ffff:93.184.216.34")).toBe(true);
    expect(isPublicAddress("64:ff9b::5db8:d822")).toBe(true); // NAT64 of 93.184.216.34
  });

  it("admits public unicast addresses, and nothing that is not an IP", () => {
    for (const ip of ["93.184.216.34", "8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e"]) {
      expect([ip, isPublicAddress(ip)]).toEqual([ip, true]);
    }
    for (const notIp of ["localhost", "example.com", "", "1.2.3", "::g"]) expect(isPublicAddress(notIp)).toBe(false);
  });
});

describe("guardedLookup", () => {
  const lookup = (allowPrivate: boolean, all: boolean) =>
    new Promise<{ err: Error | null; address: unknown }>((resolve) => guardedLookup(allowPrivate)("localhost", { all }, (err, address) => resolve({ err, address })));

  it("refuses a name that resolves to a private address, in both forms of the call", async () => {
    for (const all of [false, true]) {
      const { err } = await lookup(false, all);
      expect(err).toBeInstanceOf(PrivateAddressError);
      expect(err!.message).toMatch(/^localhost is not a public address/);
    }
  });

  it("answers as dns.lookup does when private addresses are allowed", async () => {
    expect((await lookup(true, false)).address).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect((await lookup(true, true)).address).toEqual(expect.arrayContaining([expect.objectContaining({ family: expect.any(Number) })]));
  });
});

describe("secrets", () => {
  const key = parseSecretKey("a".repeat(64));

  it("seals with AES-256-GCM: a fresh IV each time, opened only with the same key and context, tampering detected", () => {
    const box = secretBox(key);
    const a = box.seal("s3cret-value", "webhook:team:1");
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain("s3cret");
    expect(box.seal("s3cret-value", "webhook:team:1")).not.toBe(a);
    expect(box.open(a, "webhook:team:1")).toBe("s3cret-value");
    expect(() => box.open(a, "webhook:team:2")).toThrow();
    expect(() => secretBox(parseSecretKey("b".repeat(64))).open(a, "webhook:team:1")).toThrow();
    const parts = a.split(".");
    const flipped = Buffer.from(parts[3], "base64url");
    flipped[0] ^= 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString("base64url")].join("."), "webhook:team:1")).toThrow();
  });

  it("reads a 32-byte key as hex or base64 and refuses anything else, naming the setting", () => {
    expect(parseSecretKey(Buffer.alloc(32, 7).toString("base64"))).toEqual(Buffer.alloc(32, 7));
    expect(parseSecretKey(Buffer.alloc(32, 7).toString("base64url"))).toEqual(Buffer.alloc(32, 7));
    for (const bad of ["", "abc", "a".repeat(62), Buffer.alloc(16).toString("base64"), Buffer.alloc(33).toString("base64")]) {
      expect(() => parseSecretKey(bad, "INTEGRATIONS_KEY")).toThrow(/^INTEGRATIONS_KEY must be 32 bytes/);
    }
  });

  it("without INTEGRATIONS_KEY: a development key kept in the data folder (0600), and none at all in production", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-"));
    const k1 = integrationsKey({ dataDir, integrationsDevKey: true });
    expect(k1).toHaveLength(32);
    const file = path.join(dataDir, "integrations-dev.key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(parseSecretKey(fs.readFileSync(file, "utf8"))).toEqual(k1);
    expect(() => integrationsKey({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "secrets-")), integrationsDevKey: false })).toThrow(MissingKeyError);
    expect(integrationsKey({ dataDir, integrationsDevKey: false, integrationsKey: key })).toBe(key);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("hints a secret by its last four characters only", () => {
    expect(secretHint("whsec-Correct-Horse-42")).toBe("…e-42");
    expect(secretHint("short")).toBe("…");
  });
});
