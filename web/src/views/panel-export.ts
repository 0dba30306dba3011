// A panel as a file: its charts as one standalone SVG (each chart's SVG stacked, with the
// page's computed styles written onto each element as presentation attributes, since a
// file has no stylesheet and the page's CSP allows no inline style), the same as a PNG
// drawn from that SVG (a blob: image, which the CSP's img-src allows), and a report's
// series as CSV.

import type { SimReport } from "../engine/report";

/** Style properties a chart's look depends on, copied from the page onto each element. */
const STYLE = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-opacity",
  "stroke-dasharray",
  "opacity",
  "font-size",
  "font-family",
  "font-weight",
  "text-anchor",
  "dominant-baseline",
  "visibility",
  "display",
];
const SVG_NS = "http://www.w3.org/2000/svg";
const GAP = 12;

function inlined(svg: SVGSVGElement): SVGSVGElement {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...Array.from(svg.querySelectorAll("*"))];
  const to = [copy, ...Array.from(copy.querySelectorAll("*"))];
  from.forEach((el, i) => {
    const target = to[i];
    if (!target) return;
    const cs = getComputedStyle(el);
    for (const p of STYLE) {
      const v = cs.getPropertyValue(p);
      if (v) target.setAttribute(p, v);
    }
    target.removeAttribute("class");
  });
  return copy;
}

/** The panel's charts as one SVG document, with its title; null if it has none. */
export function panelSvg(panel: HTMLElement): { text: string; width: number; height: number } | null {
  const charts = Array.from(panel.querySelectorAll<SVGSVGElement>("svg[viewBox]"));
  if (charts.length === 0) return null;
  const title = panel.querySelector("h2")?.textContent ?? "panel";
  const out = document.createElementNS(SVG_NS, "svg");
  let y = 24;
  let width = 0;
  const paper = document.createElementNS(SVG_NS, "rect");
  paper.setAttribute("width", "100%");
  paper.setAttribute("height", "100%");
  paper.setAttribute("fill", "#fff");
  out.appendChild(paper);
  const head = document.createElementNS(SVG_NS, "text");
  for (const [k, v] of [
    ["x", "8"] as const,
    ["y", "16"],
    ["font-size", "14px"],
    ["font-weight", "600"],
    ["font-family", "sans-serif"],
    ["fill", "#111"] as const,
  ] as const)
    head.setAttribute(k, v);
  head.textContent = title;
  out.appendChild(head);
  for (const c of charts) {
    const box = c.viewBox.baseVal;
    const w = box.width || c.clientWidth;
    const h = box.height || c.clientHeight;
    const copy = inlined(c);
    copy.setAttribute("x", "0");
    copy.setAttribute("y", String(y));
    copy.setAttribute("width", String(w));
    copy.setAttribute("height", String(h));
    out.appendChild(copy);
    y += h + GAP;
    width = Math.max(width, w);
  }
  out.setAttribute("xmlns", SVG_NS);
  out.setAttribute("width", String(width));
  out.setAttribute("height", String(y));
  out.setAttribute("viewBox", `0 0 ${width} ${y}`);
  return { text: new XMLSerializer().serializeToString(out), width, height: y };
}

/** The SVG drawn on a white canvas at `scale`, as a PNG. */
export async function svgToPng(
  svg: { text: string; width: number; height: number },
  scale = 2,
): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg.text], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(svg.width * scale);
    canvas.height = Math.ceil(svg.height * scale);
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2D canvas");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the PNG could not be made"))), "image/png"),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Every series of a report, one column each, one row per report interval. */
export function seriesCsv(r: SimReport): string {
  const names = Object.keys(r.columns).filter((n) => (r.columns[n]?.length ?? 0) > 0);
  const rows = Math.max(0, ...names.map((n) => r.columns[n]?.length ?? 0));
  const lines = [names.join(",")];
  for (let i = 0; i < rows; i++) lines.push(names.map((n) => String(r.columns[n]?.[i] ?? "")).join(","));
  return lines.join("\n") + "\n";
}

/** Offers `data` as a file named `name`. */
export function download(name: string, data: string | Blob, type = "text/plain") {
  const url = URL.createObjectURL(typeof data === "string" ? new Blob([data], { type }) : data);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked at once, the URL can be gone before the browser starts the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
