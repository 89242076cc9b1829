/** Attachments end to end: upload by picker and by drop, thumbnails in the grid, preview, remove, copy and paste. */
import { expect, test, type Page } from "@playwright/test";
import { cell, count, createTable, insertRows, select, setup } from "./grid-helpers";

/** A real PNG drawn by the browser (so the thumbnail maker has something to decode). */
async function pngBytes(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const c = document.createElement("canvas");
      c.width = w!;
      c.height = h!;
      const g = c.getContext("2d")!;
      g.fillStyle = "#3b82f6";
      g.fillRect(0, 0, w!, h!);
      g.fillStyle = "#f59e0b";
      g.fillRect(w! / 4, h! / 4, w! / 2, h! / 2);
      return c.toDataURL("image/png");
    },
    [width, height],
  );
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

const PDF =
  "%PDF-1.1\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

test("upload through the picker and by dropping, see thumbnails, preview, remove, copy to another record", async ({
  page,
  request,
}) => {
  const { token, projectId } = await setup(page, request);
  await createTable(request, token, projectId, "Docs", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Files", uidt: "Attachment" },
  ]);
  await insertRows(request, token, projectId, "Docs", [{ Title: "first" }, { Title: "second" }]);
  const downloads: string[] = [];
  page.on("request", (r) => r.url().includes("/download/") && downloads.push(new URL(r.url()).pathname));
  await page.goto(`/nc/${projectId}/table/Docs`);
  await expect(count(page)).toHaveText("2 records");

  // Enter opens the editor; the picker uploads (with a browser-made thumbnail).
  await select(page, 0, "Files");
  await page.keyboard.press("Enter");
  const editor = page.getByRole("dialog", { name: "Files in Files" });
  await expect(editor).toBeVisible();
  await editor
    .getByTestId("attachment-input")
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: await pngBytes(page, 640, 480) });
  await expect(editor.getByTestId("attachment-item")).toHaveCount(1);
  await expect(editor.getByTestId("attachment-item").first()).toContainText("photo.png");

  // Dropping a file uploads it too.
  const drop = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], "report.pdf", { type: "application/pdf" }));
    return data;
  }, PDF);
  await editor.getByTestId("attachment-drop").dispatchEvent("drop", { dataTransfer: drop });
  await expect(editor.getByTestId("attachment-item")).toHaveCount(2);

  // Pasting an image from the clipboard uploads it; then remove it again, with undo.
  const png = (await pngBytes(page, 20, 20)).toString("base64");
  await editor.getByRole("button", { name: "Choose files" }).focus();
  await page.evaluate((b64) => {
    const data = new DataTransfer();
    data.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], "image.png", { type: "image/png" }));
    document.activeElement!.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, png);
  await expect(editor.getByTestId("attachment-item")).toHaveCount(3);
  await expect(editor.getByTestId("attachment-item").nth(2)).toContainText("image.png");
  await editor.getByRole("button", { name: "Remove image.png" }).click();
  await expect(editor.getByTestId("attachment-item")).toHaveCount(2);
  await editor.getByRole("button", { name: "Undo" }).click();
  await expect(editor.getByTestId("attachment-item")).toHaveCount(3);
  await editor.getByRole("button", { name: "Move image.png up" }).click();
  await expect(editor.getByTestId("attachment-item").nth(1)).toContainText("image.png");
  await editor.getByRole("button", { name: "Remove image.png" }).click();
  await expect(editor.getByTestId("attachment-item")).toHaveCount(2);
  await editor.getByRole("button", { name: "Done" }).click();
  await expect(editor).toBeHidden();

  // The grid shows the thumbnail (loaded through its signed link) and an icon for the PDF.
  const thumb = cell(page, 0, "Files").getByTestId("attachment-thumb");
  await expect(thumb).toHaveAttribute("src", /\/download\/noco\/.+\.thumb\.webp\?e=\d+&s=/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  await expect(cell(page, 0, "Files").getByRole("img", { name: "report.pdf" })).toBeVisible();
  expect(
    downloads.every((p) => p.includes(".thumb.")),
    downloads.join(", "),
  ).toBe(true);

  // A click on the active cell opens the editor again; images and PDFs preview with next and previous.
  await cell(page, 0, "Files").click();
  await expect(editor).toBeVisible();
  await editor.getByRole("button", { name: "Open photo.png" }).click();
  const box = page.getByTestId("attachment-lightbox");
  await expect(box.getByRole("img", { name: "photo.png" })).toBeVisible();
  await expect(box).toContainText("1 of 2");
  await page.keyboard.press("ArrowRight");
  await expect(box.locator("iframe[title='report.pdf']")).toBeVisible();
  await box.getByRole("button", { name: "Previous file" }).click();
  await expect(box.getByRole("img", { name: "photo.png" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(box).toBeHidden();

  // Rename, then remove the PDF; Done saves.
  await editor.getByRole("button", { name: "Rename photo.png" }).click();
  await editor.getByRole("textbox", { name: "New name of photo.png" }).fill("holiday");
  await page.keyboard.press("Enter");
  await expect(editor.getByTestId("attachment-item").first()).toContainText("holiday.png");
  await editor.getByRole("button", { name: "Remove report.pdf" }).click();
  await expect(editor.getByTestId("attachment-item")).toHaveCount(1);
  await editor.getByRole("button", { name: "Done" }).click();
  await expect(cell(page, 0, "Files").getByRole("img", { name: "report.pdf" })).toHaveCount(0);
  await page.reload();
  await expect(cell(page, 0, "Files").getByTestId("attachment-thumb")).toHaveAttribute("alt", "holiday.png");

  // Copy the cell and paste it into the second record.
  await select(page, 0, "Files");
  const copied = await page.evaluate(() => {
    const data = new DataTransfer();
    document.dispatchEvent(new ClipboardEvent("copy", { clipboardData: data, bubbles: true, cancelable: true }));
    return data.getData("text/plain");
  });
  expect(copied).toContain("holiday.png");
  await select(page, 1, "Files");
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, copied);
  await expect(cell(page, 1, "Files").getByTestId("attachment-thumb")).toHaveAttribute("src", /\.thumb\.webp\?e=/);

  // The expanded record shows the same editor.
  await page.locator('[role=rowheader][data-row="1"]').getByRole("button").click();
  const record = page.getByRole("dialog", { name: /^Record / });
  await expect(record.getByTestId("attachment-item")).toHaveCount(1);
  await expect(record.getByTestId("attachment-item")).toContainText("holiday.png");
  await expect(record.getByRole("button", { name: "Choose files" })).toBeVisible();
});
