/**
 * Thumbnails are made here, in the browser, at upload: the longest side scaled to 256 px, WebP
 * (PNG where the browser cannot write WebP). A grid then downloads a few KB per image instead of
 * the original. SVG and other types the browser cannot decode get no thumbnail (an icon shows).
 */
export const THUMBNAIL_SIZE = 256;
const DECODABLE = /^image\/(png|jpeg|gif|webp|avif|bmp)$/;

export async function makeThumbnail(file: Blob): Promise<Blob | null> {
  if (!DECODABLE.test(file.type)) return null;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, THUMBNAIL_SIZE / Math.max(bitmap.width, bitmap.height));
    const w = Math.max(1, Math.round(bitmap.width * scale));
    const h = Math.max(1, Math.round(bitmap.height * scale));
    let blob: Blob | null;
    if (typeof OffscreenCanvas !== "undefined") {
      const canvas = new OffscreenCanvas(w, h);
      canvas.getContext("2d")!.drawImage(bitmap, 0, 0, w, h);
      blob = await canvas.convertToBlob({ type: "image/webp", quality: 0.8 });
    } else {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      canvas.getContext("2d")!.drawImage(bitmap, 0, 0, w, h);
      blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", 0.8));
    }
    bitmap.close();
    return blob && /^image\/(webp|png|jpeg)$/.test(blob.type) ? blob : null;
  } catch {
    return null;
  }
}
