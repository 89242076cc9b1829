import { encode } from "uqr";

interface QrCodeProps {
  text: string;
  /** The accessible name of the picture. */
  label: string;
  size?: number;
}

/**
 * A QR code drawn as SVG squares in the browser (uqr encodes; nothing leaves the page), with a
 * quiet zone of four modules as scanners expect. Dark on white whatever the theme or direction.
 */
export function QrCode({ text, label, size = 192 }: QrCodeProps) {
  const { data } = encode(text, { ecc: "M", border: 4 });
  const modules = data.length;
  const path = data
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : "")))
    .filter(Boolean)
    .join("");
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="rounded-md bg-white"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
