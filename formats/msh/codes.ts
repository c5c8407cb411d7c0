/**
 * The stable diagnostic codes of NRes containers and MSH models, their default severities and
 * when they fire: one table for the checks, docs/msh.md and (once adapters use it) the severity
 * override setting. Errors follow the specification's validation list; the warnings named after
 * the canonical layout flag what every known retail model does but this one does not. Never
 * rename a code once published; add new ones.
 */
import { type DiagnosticCodeInfo, type DiagnosticFactory, diagnosticFactory } from '../diagnosticCodes';

export const MSH_DIAGNOSTIC_CODES: readonly DiagnosticCodeInfo[] = [
  { code: 'nres/bad-header', severity: 'error', when: 'fewer than 16 bytes, magic not NRes, version not 0x100, negative entry count, or total size not the blob length' },
  { code: 'nres/bad-directory', severity: 'error', when: 'the directory (64 bytes an entry, at the end) or an entry payload lies outside the blob' },
  { code: 'nres/sort-index', severity: 'warning', when: 'the sort indices are not a permutation of the entries' },
  { code: 'nres/sort-order', severity: 'warning', when: 'the sort indices are a permutation but not the case-insensitive name order' },
  { code: 'nres/unaligned-payload', severity: 'warning', when: 'a payload does not start on an 8-byte boundary' },
  { code: 'nres/name', severity: 'warning', when: 'an entry name has no NUL in its 36 bytes' },
  { code: 'nres/rsli', severity: 'information', when: 'an RsLi container (NL\\0\\1): encrypted and compressed, holds no models, not checked' },
  { code: 'nres/more-problems', severity: 'information', when: 'more directory entry problems than reported' },
  { code: 'msh/missing-stream', severity: 'error', when: 'a model without Res1, Res8 or Res19' },
  { code: 'msh/duplicate-stream', severity: 'warning', when: 'a model with two entries of type 1, 8, 10 or 19 (the first is used)' },
  { code: 'msh/nodes-size', severity: 'error', when: 'Res1 is shorter than attr1 nodes x stride' },
  { code: 'msh/keys-size', severity: 'error', when: 'Res8 size is not a multiple of 24' },
  { code: 'msh/map-size', severity: 'error', when: 'Res19 size is not a multiple of 2' },
  { code: 'msh/attr', severity: 'error', when: 'Res8 attr1 not size / 24 or attr3 not 4; Res19 attr1 not size / 2 or attr3 not 2' },
  { code: 'msh/zero-frames', severity: 'error', when: 'Res19 attr2 (the frame count) is 0' },
  { code: 'msh/node-stride', severity: 'information', when: 'Res1 stride (attr3) is not 38: the nodes are not interpreted' },
  { code: 'msh/parent', severity: 'error', when: 'a parent link that is neither 0xFFFF nor a smaller node index' },
  { code: 'msh/fallback-range', severity: 'error', when: 'a fallback key index >= the key count' },
  { code: 'msh/map-range', severity: 'error', when: 'a mapped node whose map start + frame count exceeds the Res19 word count' },
  { code: 'msh/map-value', severity: 'error', when: 'a map value below the node fallback whose next key (value + 1) is past the key pool' },
  { code: 'msh/key-times', severity: 'error', when: 'key times that do not strictly increase within a track' },
  { code: 'msh/short-track', severity: 'error', when: 'a mapped node whose track has fewer than 2 keys' },
  { code: 'msh/non-finite', severity: 'error', when: 'NaN or infinity in a key position or time' },
  { code: 'msh/names', severity: 'warning', when: 'Res10 records that run past the payload, lack their NUL, or number fewer than the nodes' },
  { code: 'msh/keys-attr2', severity: 'warning', when: 'Res8 attr2 is not 0' },
  { code: 'msh/fallback-order', severity: 'warning', when: 'fallback keys that do not strictly increase from node to node' },
  { code: 'msh/unused-keys', severity: 'warning', when: 'keys after the last node fallback (in no track)' },
  { code: 'msh/static-track', severity: 'warning', when: 'an unmapped node whose track is not exactly one key at time 0' },
  { code: 'msh/key-time-grid', severity: 'warning', when: 'a key time that is not a non-negative integer, or a track whose first key is not at time 0' },
  { code: 'msh/frame-count', severity: 'warning', when: 'the frame count is not the largest fallback key time + 1' },
  { code: 'msh/map-layout', severity: 'warning', when: 'map blocks that are not contiguous, one per mapped node in node order, frame count words each' },
  { code: 'msh/map-entry', severity: 'warning', when: 'a map word that is not the left key of the segment holding its frame (or the fallback past the track end)' },
  { code: 'msh/more-problems', severity: 'information', when: 'more node, key or map problems than reported (gives the total per code)' },
];

/** A diagnostic of an NRes container or MSH model with the code's default severity. */
export const mshDiagnostic: DiagnosticFactory = diagnosticFactory(MSH_DIAGNOSTIC_CODES);
