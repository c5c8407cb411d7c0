/** `[game]`, `[build]`, `[netplay]`: required keys, legal values, the netplay warning. */
import { manifestDiagnostic } from '../codes';
import { findKey, stringValue } from '../model';
import { tableSpec } from '../schema';
import { START_OF_FILE, tableAnchor, type RuleContext } from './context';

/** Characters a game id must not contain: it becomes a folder name on every OS. */
const UNSAFE_ID_CHARACTERS = /[/\\:*?"<>|\u0000-\u001f\u007f]/;

/** Why `id` is not a safe single path component, or undefined when it is. */
export function unsafeGameIdReason(id: string): string | undefined {
  if (id === '.' || id === '..') return `it is "${id}"`;
  const bad = UNSAFE_ID_CHARACTERS.exec(id);
  if (bad) return bad[0].charCodeAt(0) < 0x20 || bad[0] === '\u007f' ? 'it contains a control character' : `it contains "${bad[0]}"`;
  if (/[. ]$/.test(id)) return 'it ends with a dot or a space';
  return undefined;
}

export function checkGameTables(ctx: RuleContext): void {
  const { model } = ctx;
  const game = model.game;
  const spec = tableSpec('game')!;
  if (!game) {
    ctx.report(manifestDiagnostic('manifest/missing-field', START_OF_FILE, 'No `[game]` table: the packer refuses the manifest. Add `[game]` with `id`, `title`, `author` and `version`.', { data: { table: 'game' } }));
    return;
  }
  for (const keySpec of spec.keys.filter((k) => k.required)) {
    const key = findKey(game, keySpec.name);
    if (!key) {
      ctx.report(manifestDiagnostic('manifest/missing-field', tableAnchor(game), `\`[game]\` has no \`${keySpec.name}\`: the packer refuses the manifest. ${keySpec.doc}`, { data: { table: 'game', key: keySpec.name } }));
    } else if (key.value.kind === 'string' && String(key.value.value).trim() === '') {
      ctx.report(manifestDiagnostic('manifest/missing-field', key.value.range, `\`game.${keySpec.name}\` is empty; it must name something. ${keySpec.doc}`, { data: { table: 'game', key: keySpec.name } }));
    }
  }
  const id = stringValue(findKey(game, 'id'));
  const idKey = findKey(game, 'id');
  if (id !== undefined && id !== '' && idKey) {
    const reason = unsafeGameIdReason(id);
    if (reason) {
      ctx.report(manifestDiagnostic('manifest/invalid-value', idKey.value.range, `\`game.id\` "${id}" is not a safe single path component (${reason}); the packer refuses it. Use letters, digits, "-" and "_".`));
    }
  }
  const integer = (name: string): { value: number; key: NonNullable<ReturnType<typeof findKey>> } | undefined => {
    const key = findKey(game, name);
    return key && key.value.kind === 'integer' && typeof key.value.value === 'number' ? { value: key.value.value, key } : undefined;
  };
  const renderMode = integer('render_mode');
  if (renderMode && (renderMode.value < 0 || renderMode.value > 3)) {
    ctx.report(manifestDiagnostic('manifest/invalid-value', renderMode.key.value.range, `\`render_mode\` is ${renderMode.value}; it must be 0..3 (0 Lambert, 1 Matcap, 2 MRBP, 3 SSBP).`));
  }
  const tickRate = integer('tick_rate');
  if (tickRate && ![30, 60, 120].includes(tickRate.value)) {
    ctx.report(manifestDiagnostic('manifest/invalid-value', tickRate.key.value.range, `\`tick_rate\` is ${tickRate.value}; it must be 30, 60 or 120.`));
  }
  const maxPlayers = integer('max_players');
  if (maxPlayers && (maxPlayers.value < 1 || maxPlayers.value > 4)) {
    ctx.report(manifestDiagnostic('manifest/invalid-value', maxPlayers.key.value.range, `\`max_players\` is ${maxPlayers.value}; it must be 1..4.`));
  }
  // Upstream: netplay is enabled unless `[netplay] enabled = false`.
  const enabledKey = findKey(model.netplay, 'enabled');
  const netplayEnabled = !(enabledKey && enabledKey.value.value === false);
  if (maxPlayers && maxPlayers.value === 1 && netplayEnabled) {
    const why = enabledKey ? '`[netplay] enabled = true`' : 'netplay is enabled by default';
    ctx.report(manifestDiagnostic('manifest/netplay-single-player', maxPlayers.key.value.range, `${why} but \`max_players = 1\`: set \`max_players\` to 2..4 for multiplayer, or \`[netplay] enabled = false\`.`));
  }
}
