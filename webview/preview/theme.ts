/**
 * Colours for the current VS Code theme: the editor's background behind the scene, a mid-tone
 * clay blue for the mesh that reads on light and dark backgrounds alike, hemisphere light
 * colours and grid lines that keep their contrast on either. `themePalette` is pure (tests and
 * golden images pass fixed colours); `currentPalette` reads the theme's CSS variables.
 */
import type { Palette, Rgb } from './renderer';

/** Relative luminance (sRGB weights) of a 0..1 colour. */
function luminance(c: Rgb): number {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** The mesh colour: the same in every theme, so screenshots and tests can find it. */
export const MESH_BASE: Rgb = [0.36, 0.55, 0.78];

const GHOST_HUE_DARK: Rgb = [1, 0.35, 0.85];
const GHOST_HUE_LIGHT: Rgb = [0.8, 0.05, 0.6];
/** How far the ghost's lines fade towards the background: a touch, so that they stay clearly seen (0.35 was lost on both themes). */
const GHOST_FADE = 0.1;

export function themePalette(background: Rgb, foreground: Rgb): Palette {
  const dark = luminance(background) < 0.5;
  return {
    background,
    base: MESH_BASE,
    // The hemisphere: more light from above than below; a light theme gets a brighter fill so
    // the shaded side does not go black against white.
    sky: dark ? [0.42, 0.45, 0.52] : [0.5, 0.53, 0.6],
    ground: dark ? [0.16, 0.15, 0.14] : [0.26, 0.25, 0.24],
    wire: dark ? [0.85, 0.9, 1] : [0.08, 0.12, 0.22],
    joint: mix(foreground, background, 0.15),
    gridMajor: mix(background, foreground, 0.45),
    gridMinor: mix(background, foreground, 0.2),
    // Magenta: not the mesh's blue, the joints' foreground, the highlight's amber nor an axis colour.
    ghost: mix(dark ? GHOST_HUE_DARK : GHOST_HUE_LIGHT, background, GHOST_FADE),
  };
}

/** A CSS colour as 0..1 RGB, or undefined. */
export function parseCssColor(text: string): Rgb | undefined {
  const rgb = /rgba?\((\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)/.exec(text);
  if (rgb) return [Number(rgb[1]) / 255, Number(rgb[2]) / 255, Number(rgb[3]) / 255];
  const hex = /^#([0-9a-f]{6})/i.exec(text.trim());
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16) / 255) as Rgb;
  return undefined;
}

/** The palette of the theme the page shows now (body colours come from VS Code's variables). */
export function currentPalette(): Palette {
  const style = getComputedStyle(document.body);
  const background = parseCssColor(style.backgroundColor) ?? [0.12, 0.12, 0.12];
  const foreground = parseCssColor(style.color) ?? [0.8, 0.8, 0.8];
  return themePalette(background, foreground);
}
