import { describe, expect, it } from "vitest";
import { hookRequests } from "./notify";

const payload = {
  type: "records.after.insert",
  id: "x",
  data: { table_id: "md_1", table_name: "Tasks", rows: [{ Id: 1, Name: "a" }] },
};

describe("hookRequests", () => {
  it("sends a URL hook's payload as JSON with its enabled headers", () => {
    const [req] = hookRequests(
      {
        type: "URL",
        payload: {
          method: "PUT",
          path: "https://h.example.com/x",
          headers: [
            { name: "X-Key", value: "k" },
            { name: "X-Off", value: "no", enabled: false },
          ],
        },
      },
      payload,
      () => [],
    );
    expect(req).toMatchObject({
      url: "https://h.example.com/x",
      method: "PUT",
      headers: { "X-Key": "k", "content-type": "application/json" },
    });
    expect(req!.headers["X-Off"]).toBeUndefined();
    expect(JSON.parse(req!.body!)).toEqual(payload);
  });

  it("posts chat messages in each service's shape to the named targets", () => {
    const targets = () => [
      { title: "ops", webhook_url: "https://chat.example.com/a" },
      { title: "dev", webhook_url: "https://chat.example.com/b" },
    ];
    const slack = hookRequests({ type: "Slack", payload: { channels: [{ channel: "dev" }] } }, payload, targets);
    expect(slack).toHaveLength(1);
    expect(slack[0]!.url).toBe("https://chat.example.com/b");
    expect(JSON.parse(slack[0]!.body!).text).toContain("Tasks: insert of 1 record");
    const discord = hookRequests({ type: "Discord", payload: {} }, payload, targets);
    expect(discord).toHaveLength(2);
    expect(JSON.parse(discord[0]!.body!)).toHaveProperty("content");
  });
});
