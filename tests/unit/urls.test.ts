// The one web-address rule (common/urls.ts) both sides use: absolute http(s) with a host only.
import { describe, expect, it } from "vitest";
import { isSafeWebUrl, safeWebUrl, websiteUrl, WEB_URL_MAX_LENGTH } from "../../common/urls";

describe("isSafeWebUrl", () => {
  it.each([
    "http://example.org", "https://example.org/a/b?c=d#e", "HTTPS://Example.ORG/", "https://user@example.org:8443/x", "http://10.0.0.1/nit.pdf",
  ])("accepts %s", (url) => expect(isSafeWebUrl(url)).toBe(true));

  it.each([
    "javascript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)", "\u0000javascript:alert(1)",
    "vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd", "ftp://example.org/x", "mailto:a@b.in",
    "/relative", "//evil.example/x", "example.org", "https:example.org", "https://", "https:///path", "https://\\\\evil.example/", "http://javascript:alert(1)",
    "https://exa mple.org", "https://example.org/\r\nIconFile=x", "https://example.org/\u2028", "",
  ])("refuses %j", (url) => expect(isSafeWebUrl(url)).toBe(false));

  it("refuses what is not a string and what is too long", () => {
    expect(isSafeWebUrl(null)).toBe(false);
    expect(isSafeWebUrl(42)).toBe(false);
    expect(isSafeWebUrl(`https://example.org/${"a".repeat(WEB_URL_MAX_LENGTH)}`)).toBe(false);
    expect(safeWebUrl("https://example.org/x")).toBe("https://example.org/x");
    expect(safeWebUrl("javascript:alert(1)")).toBeNull();
  });
});

describe("websiteUrl", () => {
  it("reads a bare registry host as https and refuses other schemes and free text", () => {
    expect(websiteUrl("www.acme.in")).toBe("https://www.acme.in");
    expect(websiteUrl("acme.co.in/about")).toBe("https://acme.co.in/about");
    expect(websiteUrl(" https://acme.in ")).toBe("https://acme.in");
    expect(websiteUrl("javascript:alert(1)")).toBeNull();
    expect(websiteUrl("data:,x")).toBeNull();
    expect(websiteUrl("Not available")).toBeNull();
    expect(websiteUrl(null)).toBeNull();
  });
});
