/**
 * The rows' field colours, one per field type, from the theme: a chart colour (or a terminal or
 * token colour) taken as it is where it reads well on the editor background, else moved towards
 * black (light themes) or white (dark themes) just far enough to reach WCAG AA, 4.5:1. So the
 * colours follow any theme, its own or a custom one, and never drop below AA (the light theme's
 * orange on white was 2.9:1). Pure: the caller reads the theme's variables and writes `--f-*`.
 */
import type { ByteFieldType } from '../../formats/description';

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** The field types drawn in their own colour (`.f-<type>` in hex.css, `--f-<type>`). */
export type ColouredField = Extract<ByteFieldType, 'header' | 'rotation' | 'position' | 'scale' | 'matrix' | 'trailing' | 'body' | 'directory' | 'node' | 'time' | 'map' | 'name' | 'payload' | 'padding'>;

/**
 * Where a field's colour comes from, the first that gives one wins: a theme colour (its id as
 * `--vscode-<id>` names it), drawn as it is or, with `hue`, opaque (a translucent highlight
 * colour: VS Code's charts.orange is 33% orange, peach on white), or a fixed colour where a
 * theme has none (the high-contrast themes have no charts.orange).
 */
export type ColourSource = { theme: string; hue?: true } | { fixed: string };

const fromTheme = (id: string): ColourSource => ({ theme: id });
const ORANGE: ColourSource[] = [{ theme: 'charts-orange', hue: true }, { fixed: '#d18616' }];

/** Each field's colour sources. */
export const FIELD_COLOUR_SOURCES: Record<ColouredField, readonly ColourSource[]> = {
  header: ORANGE,
  rotation: [fromTheme('charts-purple')],
  position: [fromTheme('charts-blue')],
  scale: [fromTheme('charts-green')],
  matrix: [fromTheme('charts-yellow')],
  trailing: [fromTheme('charts-red')],
  body: [fromTheme('editor-foreground')],
  directory: [fromTheme('charts-yellow')],
  node: [fromTheme('charts-green')],
  time: [fromTheme('terminal-ansiCyan'), fromTheme('charts-blue')],
  map: [fromTheme('terminal-ansiMagenta'), fromTheme('charts-red')],
  name: [fromTheme('debugTokenExpression-string'), ...ORANGE],
  payload: [fromTheme('descriptionForeground')],
  padding: [fromTheme('disabledForeground'), fromTheme('descriptionForeground')],
};

/** A colour: red, green and blue 0-255, alpha 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` or `rgba(r, g, b, a)` (as VS Code writes theme colours); undefined for anything else. */
export function parseColour(text: string): Rgba | undefined {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((d) => d + d) : hex.match(/../g)!;
    const [r, g, b, a = 255] = digits.map((d) => parseInt(d, 16));
    return { r, g, b, a: a / 255 };
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(value)?.[1];
  if (!fn) return undefined;
  const parts = fn.split(/[\s,/]+/).filter(Boolean).map(Number);
  if (parts.length < 3 || parts.length > 4 || parts.some((n) => !Number.isFinite(n))) return undefined;
  return { r: parts[0], g: parts[1], b: parts[2], a: parts[3] ?? 1 };
}

/** `colour` drawn over the opaque `background`. */
export function over(colour: Rgba, background: Rgba): Rgba {
  const mix = (c: number, b: number) => c * colour.a + b * (1 - colour.a);
  return { r: mix(colour.r, background.r), g: mix(colour.g, background.g), b: mix(colour.b, background.b), a: 1 };
}

/** WCAG relative luminance of an opaque colour. */
function luminance(c: Rgba): number {
  const channel = (v: number): number => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

/** WCAG contrast ratio (1 to 21) of two opaque colours. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `#rrggbb` of an opaque colour, channels rounded. */
export function cssColour(c: Rgba): string {
  return `#${[c.r, c.g, c.b].map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('')}`;
}

const rounded = (c: Rgba): Rgba => ({ r: Math.round(c.r), g: Math.round(c.g), b: Math.round(c.b), a: 1 });

/**
 * `colour` as drawn on `background`, moved towards black or white (whichever contrasts more with
 * the background) by the least share that reaches `minimum`; unchanged when it already does.
 */
export function readableOn(colour: Rgba, background: Rgba, minimum = MIN_CONTRAST): Rgba {
  const shown = rounded(over(colour, background));
  if (contrastRatio(shown, background) >= minimum) return shown;
  const target = contrastRatio(BLACK, background) >= contrastRatio(WHITE, background) ? BLACK : WHITE;
  const towards = (share: number): Rgba => rounded({
    r: shown.r + (target.r - shown.r) * share,
    g: shown.g + (target.g - shown.g) * share,
    b: shown.b + (target.b - shown.b) * share,
    a: 1,
  });
  // The contrast grows with the share: bisect to the least share, in steps of 1/1024.
  let low = 0;
  let high = 1024;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (contrastRatio(towards(mid / 1024), background) >= minimum) high = mid;
    else low = mid;
  }
  return towards(high / 1024);
}

/** A theme as the webview sees it: the value of `--vscode-<id>` ('' where the theme has none). */
export type ThemeColours = (id: string) => string;

/**
 * Every field's colour for this theme, readable on its editor background; undefined when the
 * theme gives no editor background (a page outside VS Code), so the stylesheet's own stays.
 */
export function fieldColours(theme: ThemeColours): Record<ColouredField, string> | undefined {
  const background = parseColour(theme('editor-background'));
  if (!background) return undefined;
  const opaqueBackground = over(background, WHITE);
  // Without a foreground, black: moved to white on a dark background like any other colour.
  const foreground = parseColour(theme('editor-foreground')) ?? BLACK;
  const colours = {} as Record<ColouredField, string>;
  const colourOf = (source: ColourSource): Rgba | undefined => {
    if ('fixed' in source) return parseColour(source.fixed);
    const colour = parseColour(theme(source.theme));
    return colour && source.hue ? { ...colour, a: 1 } : colour;
  };
  for (const field of Object.keys(FIELD_COLOUR_SOURCES) as ColouredField[]) {
    const sourced = FIELD_COLOUR_SOURCES[field].map(colourOf).find((c) => c !== undefined);
    colours[field] = cssColour(readableOn(sourced ?? foreground, opaqueBackground));
  }
  return colours;
}
