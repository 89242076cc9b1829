/** Display of numbers by column settings; formatters are cached (Intl objects are costly to build). */
const cache = new Map<string, Intl.NumberFormat>();

function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let f = cache.get(key);
  if (!f) {
    try {
      f = make();
    } catch {
      f = new Intl.NumberFormat("en-US");
    }
    cache.set(key, f);
  }
  return f;
}

export function formatCurrency(n: number, locale: string, code: string): string {
  return formatter(`c:${locale}:${code}`, () => new Intl.NumberFormat(locale.replace("_", "-"), { style: "currency", currency: code })).format(n);
}

export function formatDecimal(n: number, precision: number): string {
  return formatter(`d:${precision}`, () => new Intl.NumberFormat("en-US", { minimumFractionDigits: precision, maximumFractionDigits: precision, useGrouping: false })).format(n);
}
