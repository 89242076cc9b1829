import { expect, it } from "vitest";
import { maskSecret, maskUrl, open, seal } from "./secret-box";

it("seals and opens a value; another key or a changed byte does not open it", async () => {
  const sealed = await seal("k1", { token: "abc-secret-123" });
  expect(sealed).not.toContain("abc-secret");
  expect(await open("k1", sealed)).toEqual({ token: "abc-secret-123" });
  expect(await open("k2", sealed)).toBeNull();
  // One character of the ciphertext changed; near its start, where base64 holds no padding bits.
  const at = sealed.lastIndexOf(".") + 2;
  const tampered = sealed.slice(0, at) + (sealed[at] === "A" ? "B" : "A") + sealed.slice(at + 1);
  expect(await open("k1", tampered)).toBeNull();
  expect(await seal("k1", 1)).not.toBe(await seal("k1", 1));
});

it("masks secrets and webhook URLs", () => {
  expect(maskSecret("re_1234567890abcd")).toBe("••••abcd");
  expect(maskSecret("short")).toBe("••••");
  expect(maskUrl("https://hooks.slack.com/services/T000/B000/XXXXsecret")).toBe("https://hooks.slack.com/••••cret");
});
