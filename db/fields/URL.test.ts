import { describe, expect, it } from "vitest";
import { URLField } from "./URL";
import { isHttpUrl, isScriptUrl, urlProblem } from "./common/urls";

const ctx = { title: "Website", options: {} };

describe("URL", () => {
  it("accepts http(s), ftp, mailto and bare hosts", () => {
    for (const ok of [
      "https://example.com",
      "http://example.com/a/b?c=1#d",
      "HTTPS://EXAMPLE.COM",
      "http://localhost:3000/x",
      "https://user@example.com:8443/",
      "http://[::1]:3000/x",
      "ftp://files.example.com/f.txt",
      "mailto:ada@example.com",
      "example.com/x",
      "www.example.com",
      "sub.example.co.uk/path?q=1",
      "localhost:3000",
      "10.0.0.1/x",
      "bücher.de",
    ])
      expect(urlProblem(ok), ok).toBeNull();
  });
  it("refuses script and file schemes, also disguised", () => {
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:x",
      "\u0001javascript:x",
      "data:text/html,<script>",
      "vbscript:msgbox",
      "file:///etc/passwd",
    ]) {
      expect(isScriptUrl(bad), bad).toBe(true);
      expect(urlProblem(bad)).toBe("unsafe");
    }
  });
  it("refuses other shapes", () => {
    for (const bad of [
      "not a url",
      "example",
      "http://",
      "https://exa mple.com",
      "ssh://host",
      "chrome://settings",
      "//example.com",
    ]) {
      expect(urlProblem(bad), bad).toBe("invalid");
    }
  });
  it("says why in the message", () => {
    expect(URLField.fromApi("javascript:alert(1)", ctx)).toEqual({
      ok: false,
      error: 'Website: "javascript:alert(1)" is not allowed (script and file links are refused)',
    });
    expect(URLField.parseText("nope", ctx)).toEqual({ ok: false, error: 'Website: "nope" is not a valid URL' });
    expect(URLField.parseText(" https://a.io ", ctx)).toEqual({ ok: true, value: "https://a.io" });
  });
  it("allows only absolute http(s) for attachments", () => {
    expect(isHttpUrl("https://cdn.example.com/a.png")).toBe(true);
    expect(isHttpUrl("example.com/a.png")).toBe(false);
    expect(isHttpUrl("ftp://example.com/a.png")).toBe(false);
    expect(isHttpUrl("javascript://example.com/%0aalert(1)")).toBe(false);
  });
});
