/**
 * Every field colour of the hex rows reads at WCAG AA (4.5:1) on the editor background in VS
 * Code's own light, dark and high-contrast themes. The theme table holds the colours those
 * themes give a webview (`--vscode-*` variables, read from VS Code 1.139 in code-server); a
 * colour that already reads well stays the theme's own, one that does not is moved just far
 * enough, keeping its hue.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  contrastRatio,
  FIELD_COLOUR_SOURCES,
  fieldColours,
  MIN_CONTRAST,
  over,
  parseColour,
  readableOn,
  type ColouredField,
  type Rgba,
} from '../../../webview/hex/fieldColours';

type Theme = Record<string, string>;

const LIGHT_COMMON: Theme = {
  'charts-orange': 'rgba(234, 92, 0, 0.33)',
  'charts-purple': '#652d90',
  'charts-blue': '#0063d3',
  'charts-green': '#388a34',
  'charts-yellow': '#bf8803',
  'charts-red': '#e51400',
  'terminal-ansiCyan': '#0598bc',
  'terminal-ansiMagenta': '#bc05bc',
  'debugTokenExpression-string': '#a31515',
  disabledForeground: 'rgba(97, 97, 97, 0.5)',
};
const DARK_COMMON: Theme = {
  'charts-orange': 'rgba(234, 92, 0, 0.33)',
  'charts-purple': '#b180d7',
  'charts-blue': '#59a4f9',
  'charts-green': '#89d185',
  'charts-yellow': '#cca700',
  'charts-red': '#f14c4c',
  'terminal-ansiCyan': '#11a8cd',
  'terminal-ansiMagenta': '#bc3fbc',
  'debugTokenExpression-string': '#ce9178',
  disabledForeground: 'rgba(204, 204, 204, 0.5)',
};

const THEMES: Record<string, Theme> = {
  'Light Modern': { ...LIGHT_COMMON, 'editor-background': '#ffffff', 'editor-foreground': '#3b3b3b', descriptionForeground: '#3b3b3b' },
  'Light+': { ...LIGHT_COMMON, 'editor-background': '#ffffff', 'editor-foreground': '#000000', descriptionForeground: '#717171' },
  'Dark Modern': { ...DARK_COMMON, 'editor-background': '#1f1f1f', 'editor-foreground': '#cccccc', descriptionForeground: '#9d9d9d' },
  'Dark+': { ...DARK_COMMON, 'editor-background': '#1e1e1e', 'editor-foreground': '#d4d4d4', descriptionForeground: 'rgba(204, 204, 204, 0.7)' },
  'Dark High Contrast': {
    'editor-background': '#000000',
    'editor-foreground': '#ffffff',
    'charts-purple': '#b180d7',
    'charts-blue': '#59a4f9',
    'charts-green': '#89d185',
    'charts-yellow': '#ffd370',
    'charts-red': '#f48771',
    'terminal-ansiCyan': '#00cdcd',
    'terminal-ansiMagenta': '#cd00cd',
    'debugTokenExpression-string': '#f48771',
    descriptionForeground: 'rgba(255, 255, 255, 0.7)',
    disabledForeground: '#a5a5a5',
  },
  'Light High Contrast': {
    'editor-background': '#ffffff',
    'editor-foreground': '#292929',
    'charts-purple': '#652d90',
    'charts-blue': '#0063d3',
    'charts-green': '#374e06',
    'charts-yellow': '#895503',
    'charts-red': '#b5200d',
    'terminal-ansiCyan': '#0598bc',
    'terminal-ansiMagenta': '#bc05bc',
    'debugTokenExpression-string': '#a31515',
    descriptionForeground: 'rgba(41, 41, 41, 0.7)',
    disabledForeground: '#7f7f7f',
  },
};

const colour = (text: string): Rgba => parseColour(text)!;
const ratio = (a: string, b: string): number => contrastRatio(colour(a), colour(b));

test('WCAG contrast: black on white is 21:1, a colour on itself 1:1, #767676 on white just passes AA', () => {
  assert.equal(ratio('#000', '#ffffff'), 21);
  assert.equal(ratio('#59a4f9', '#59a4f9'), 1);
  assert.ok(Math.abs(ratio('#767676', '#fff') - 4.54) < 0.01);
});

test('theme colours parse as VS Code writes them: #rgb, #rrggbb, #rrggbbaa, rgb() and rgba()', () => {
  assert.deepEqual(parseColour('#fa0'), { r: 255, g: 170, b: 0, a: 1 });
  assert.deepEqual(parseColour('#0063D3'), { r: 0, g: 99, b: 211, a: 1 });
  assert.deepEqual(parseColour('#61616180'), { r: 97, g: 97, b: 97, a: 128 / 255 });
  assert.deepEqual(parseColour(' rgba(234, 92, 0, 0.33)'), { r: 234, g: 92, b: 0, a: 0.33 });
  assert.deepEqual(parseColour('rgb(1 2 3)'), { r: 1, g: 2, b: 3, a: 1 });
  assert.equal(parseColour(''), undefined);
  assert.equal(parseColour('var(--x)'), undefined);
});

test('the light theme\'s header colour was peach on white, 1.5:1; now an orange at AA', () => {
  const white = colour('#ffffff');
  const peach = over(colour(LIGHT_COMMON['charts-orange']), white);
  assert.ok(contrastRatio(peach, white) < 1.6, `${contrastRatio(peach, white)}`);
  const header = colour(fieldColours((id) => THEMES['Light Modern'][id] ?? '')!.header);
  assert.ok(contrastRatio(header, white) >= MIN_CONTRAST);
  // Still orange: red above green above blue.
  assert.ok(header.r > header.g && header.g > header.b, JSON.stringify(header));
});

for (const [name, theme] of Object.entries(THEMES)) {
  test(`${name}: every field colour reads at 4.5:1 or more on the editor background; those that did already are the theme's own`, () => {
    const background = colour(theme['editor-background']);
    const colours = fieldColours((id) => theme[id] ?? '')!;
    assert.deepEqual(Object.keys(colours).sort(), Object.keys(FIELD_COLOUR_SOURCES).sort());
    const failing: string[] = [];
    for (const [field, css] of Object.entries(colours) as [ColouredField, string][]) {
      const shown = contrastRatio(colour(css), background);
      if (shown < MIN_CONTRAST) failing.push(`${field} ${css} ${shown.toFixed(2)}:1`);
      const source = FIELD_COLOUR_SOURCES[field].find((s) => 'fixed' in s || theme[s.theme] !== undefined);
      const own = source && 'theme' in source && !source.hue ? theme[source.theme] : undefined;
      if (own && colour(own).a === 1 && contrastRatio(colour(own), background) >= MIN_CONTRAST) assert.equal(css, own.toLowerCase(), field);
    }
    assert.deepEqual(failing, []);
    // The fields a clip shows stay told apart: no two of them the same colour.
    const clip = ['header', 'rotation', 'position', 'scale', 'trailing'].map((f) => colours[f as ColouredField]);
    assert.equal(new Set(clip).size, clip.length, clip.join(' '));
  });
}

test('a colour is moved just far enough: to AA, not past 4.6:1; on a dark background it goes lighter', () => {
  const white = colour('#ffffff');
  const yellow = colour('#bf8803');
  assert.ok(contrastRatio(yellow, white) < MIN_CONTRAST);
  const fixed = readableOn(yellow, white);
  assert.ok(contrastRatio(fixed, white) >= MIN_CONTRAST);
  assert.ok(contrastRatio(fixed, white) < MIN_CONTRAST + 0.1, `${contrastRatio(fixed, white)}`);
  // On a dark background the same colour goes lighter.
  const dark = colour('#1f1f1f');
  const blue = readableOn(colour('#0063d3'), dark);
  assert.ok(contrastRatio(blue, dark) >= MIN_CONTRAST && blue.b > 211, JSON.stringify(blue));
});

test('outside VS Code (no editor background) the stylesheet keeps its colours', () => {
  assert.equal(fieldColours(() => ''), undefined);
});
