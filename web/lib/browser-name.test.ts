import { describe, expect, it } from "vitest";
import { browserName } from "./browser-name";

describe("browserName", () => {
  it("names the common browsers and systems", () => {
    expect(
      browserName(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
      ),
    ).toBe("Edge · Windows");
    expect(
      browserName(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0 Safari/537.36",
      ),
    ).toBe("Chrome · Linux");
    expect(
      browserName(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari · iOS");
    expect(browserName("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe(
      "Firefox · macOS",
    );
    expect(browserName("curl/8.5.0")).toBeNull();
    expect(browserName(null)).toBeNull();
  });
});
