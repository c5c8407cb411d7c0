/**
 * The one conversion from the core's row layout (formats/editing/rowLayout.ts, formats/msh/rows.ts,
 * formats/msh/model.ts, formats/msh/nres.ts) to the hex editor's `HexRowLayout`
 * (protocol/hexRowLayout.ts), field by field. An NRes file's blobs and entries are converted once
 * each, so a model's `blob` is its file's blob and its streams are its blob's entries, as in the core.
 */
import type { RowLayout } from '../../formats/editing/rowLayout';
import type { MshFileLayout, MshModelLayout, MshNameRecord } from '../../formats/msh/model';
import type { NresBlob, NresEntry } from '../../formats/msh/nres';
import type { MshRowLayout } from '../../formats/msh/rows';
import type { HexMshFile, HexMshLayout, HexMshModel, HexMshNameRecord, HexNresBlob, HexNresEntry, HexRowLayout } from '../hexRowLayout';
import { withoutUndefined } from './plain';

export function hexRowLayoutWire(layout: RowLayout): HexRowLayout {
  if (layout.kind === 'msh') return mshLayoutWire(layout);
  return {
    kind: layout.kind, size: layout.size, headerSize: layout.headerSize, recordSize: layout.recordSize, boneCount: layout.boneCount,
    frameCount: layout.frameCount, recordCount: layout.recordCount, expectedSize: layout.expectedSize, rowCount: layout.rowCount,
  };
}

function mshLayoutWire(layout: MshRowLayout): HexMshLayout {
  return {
    kind: layout.kind,
    size: layout.size,
    rowCount: layout.rowCount,
    segments: layout.segments.map((s) => ({ start: s.start, end: s.end, recordBytes: s.recordBytes, cuts: [...s.cuts], firstRow: s.firstRow })),
    file: mshFileWire(layout.file),
  };
}

function mshFileWire(file: MshFileLayout): HexMshFile {
  const entries = new Map<NresEntry, HexNresEntry>();
  const entry = (e: NresEntry): HexNresEntry => {
    let wire = entries.get(e);
    if (!wire) {
      wire = {
        index: e.index, typeId: e.typeId, attr1: e.attr1, attr2: e.attr2, attr3: e.attr3, dataSize: e.dataSize, dataOffset: e.dataOffset,
        sortIndex: e.sortIndex, name: e.name, nameField: e.nameField.slice(), entryStart: e.entryStart, dataStart: e.dataStart, payloadInside: e.payloadInside,
      };
      entries.set(e, wire);
    }
    return wire;
  };
  const blobs = new Map<NresBlob, HexNresBlob>();
  const blob = (b: NresBlob): HexNresBlob => {
    let wire = blobs.get(b);
    if (!wire) {
      wire = withoutUndefined({
        base: b.base, length: b.length, header: { version: b.header.version, entryCount: b.header.entryCount, totalSize: b.header.totalSize },
        extent: b.extent, directoryStart: b.directoryStart, entries: b.entries.map(entry),
      });
      blobs.set(b, wire);
    }
    return wire;
  };
  return { size: file.size, container: file.container, blobs: file.blobs.map(blob), models: file.models.map((m) => modelWire(m, blob, entry)) };
}

function modelWire(m: MshModelLayout, blob: (b: NresBlob) => HexNresBlob, entry: (e: NresEntry) => HexNresEntry): HexMshModel {
  const stream = (e: NresEntry | undefined): HexNresEntry | undefined => e && entry(e);
  return withoutUndefined({
    index: m.index,
    name: m.name,
    subject: m.subject,
    blobIndex: m.blobIndex,
    blob: blob(m.blob),
    outerEntry: stream(m.outerEntry),
    streams: withoutUndefined({ nodes: stream(m.streams.nodes), keys: stream(m.streams.keys), names: stream(m.streams.names), map: stream(m.streams.map) }),
    nodeStride: m.nodeStride,
    nodeCount: m.nodeCount,
    nodeWords: m.nodeWords.slice(),
    keyCount: m.keyCount,
    wordCount: m.wordCount,
    frameCount: m.frameCount,
    nameRecords: m.nameRecords.map(nameRecordWire),
    animated: m.animated,
    fallbacksIncrease: m.fallbacksIncrease,
    mapBlocksIncrease: m.mapBlocksIncrease,
    mappedNodes: [...m.mappedNodes],
  });
}

function nameRecordWire(r: MshNameRecord): HexMshNameRecord {
  return withoutUndefined({ node: r.node, start: r.start, end: r.end, length: r.length, text: r.text });
}
