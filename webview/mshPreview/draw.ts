/** Draws projected nodes on a 2D canvas in the theme's colours: links, joints, names. */
import type { ProjectedNode } from './scene';

export interface Palette {
  link: string;
  joint: string;
  root: string;
  label: string;
}

/** The VS Code theme's colours (CSS variables of the webview), with fallbacks. */
export function themePalette(style: CSSStyleDeclaration): Palette {
  const pick = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  return {
    link: pick('--vscode-charts-blue', '#3794ff'),
    joint: pick('--vscode-charts-orange', '#d18616'),
    root: pick('--vscode-charts-red', '#f14c4c'),
    label: pick('--vscode-foreground', '#cccccc'),
  };
}

export function drawNodes(ctx: CanvasRenderingContext2D, nodes: readonly ProjectedNode[], names: readonly (string | undefined)[], palette: Palette, showNames: boolean): void {
  const { width, height } = ctx.canvas;
  ctx.clearRect(0, 0, width, height);
  ctx.lineWidth = 2;
  ctx.strokeStyle = palette.link;
  for (const node of nodes) {
    if (node.parent === undefined) continue;
    const parent = nodes[node.parent]!;
    ctx.beginPath();
    ctx.moveTo(parent.x, parent.y);
    ctx.lineTo(node.x, node.y);
    ctx.stroke();
  }
  ctx.font = '11px sans-serif';
  for (const node of nodes) {
    ctx.fillStyle = node.parent === undefined ? palette.root : palette.joint;
    ctx.beginPath();
    ctx.arc(node.x, node.y, node.parent === undefined ? 5 : 4, 0, 2 * Math.PI);
    ctx.fill();
    if (showNames) {
      ctx.fillStyle = palette.label;
      ctx.fillText(names[node.node] ?? `node ${node.node}`, node.x + 7, node.y - 6);
    }
  }
}
