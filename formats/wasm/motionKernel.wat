;; The motion rules' pass over a clip's records fused with the content lint's test, four records per
;; step in 32-bit lanes (formats/motion/motionScanner.ts's kernel path; the TypeScript loop there is
;; the reference and the fallback). Per record it keeps only what every record needs exactly and a
;; conservative gate for the rest:
;;   - the lint's suspect test (a non-finite half, a zero scale, a non-unit rotation: exactly as
;;     clipKernels.wat's mode 2, per record);
;;   - changed records (raw words against the bone's record one frame earlier): the moved bones
;;     and the frames that change;
;;   - the clip's sums, in f32 steps as the reference computes them: the squared position step
;;     (added to four f64 lane sums by record index, the lanes ended and restarted from zero at
;;     each chunk boundary the caller names: every chunk's lanes are summed alike whatever
;;     record a scan starts at) and the farthest position (squared);
;;   - the gate: a step that may be a pop candidate (it may turn past popMinDegrees while the
;;     step before may not) or a jump candidate (its squared move may exceed ratio^2 times the
;;     one before), with margins far above the f32-versus-f64 rounding, so every candidate of
;;     the reference is flagged; TypeScript judges the flagged records exactly from the raw words.
;; Assembled by scripts/build-wasm.mjs into motionKernel.generated.ts; the loader is
;; motionKernel.ts. Records live at "positions" of a slot: position i at slot + i * 16, and the
;; per-position f32 arrays below at ARRAY + i * 4; a block's records start at position 512, the
;; positions before it hold the bone's records one frame earlier (the prefix). Layout (bytes):
;;   0 three record slots (4612 positions x 16 each, 73792 bytes a slot)
;;   221376 per-position arrays (f32 or i32), 18448 bytes each: two unused, the gate's rotation
;;          fields (a << 16 | b, c | index << 27), position x y z, the gate's turn (|dot| with the
;;          record a frame earlier) and squared move
;;   387408 moved (u8 per bone)   387664 sums: f64x2 lanes 0-1, f64x2 lanes 2-3, f32x4 farthest
;;   387712 bones not yet moved (i32)   387728 changed frames of the block (u8 each, 4096)
;;   391824 suspect groups (position i32, lane masks i32)
;;   400128 chunks ended by the last scan (i32)   400144 their lane sums (f64 x 4 each, 33 at most)
;;   401280 the gate's flagged groups (position i32, lane masks i32)
;; `steps` (a clip held in one block) writes its exact steps as f64 per position over the two
;; unused arrays (221376, turns) and at 409600 (moves), 8 bytes a position, and its candidate
;; groups where scan's gate lists its own (401280).
;; `window` and `count` (a candidate's steps, one record at a time) use 446464-446528 (two decoded
;; rotations) and 446528 (the steps, f64 each, 17 at most).
;; `candidates` (the candidates among scan's flagged groups) writes them over the two unused arrays
;; (221376: record << 1 | kind, u32 each, 8192 at most), which only `steps` uses, for a clip held
;; in one block that has no gate.
(module
  (memory (export "memory") 7)

  ;; The |dot| of four pairs of rotation words, each decoded in lanes exactly as decodeRotation
  ;; (see scan): the record's words, then those a frame earlier, in one call (a call for each,
  ;; with four results, cost more than the arithmetic).
  (func $turn (param $rot v128) (param $rotB v128) (result v128)
    (local $fa v128) (local $fb v128) (local $fc v128) (local $fd v128) (local $idx v128)
    (local $x v128) (local $y v128) (local $z v128) (local $w v128) (local $qx v128) (local $qy v128) (local $qz v128) (local $qw v128) (local $pass i32)
    (loop $decode
      (local.set $fa (f32x4.mul (f32x4.sub (f32x4.mul (f32x4.convert_i32x4_u (i32x4.shr_u (local.get $rot) (i32.const 22)))
        (v128.const f32x4 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9)) (v128.const f32x4 1 1 1 1))
        (v128.const f32x4 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1)))
      (local.set $fb (f32x4.mul (f32x4.sub (f32x4.mul (f32x4.convert_i32x4_u (v128.and (i32x4.shr_u (local.get $rot) (i32.const 12)) (v128.const i32x4 0x3ff 0x3ff 0x3ff 0x3ff)))
        (v128.const f32x4 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9)) (v128.const f32x4 1 1 1 1))
        (v128.const f32x4 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1)))
      (local.set $fc (f32x4.mul (f32x4.sub (f32x4.mul (f32x4.convert_i32x4_u (v128.and (i32x4.shr_u (local.get $rot) (i32.const 2)) (v128.const i32x4 0x3ff 0x3ff 0x3ff 0x3ff)))
        (v128.const f32x4 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9)) (v128.const f32x4 1 1 1 1))
        (v128.const f32x4 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1)))
      (local.set $fd (f32x4.sqrt (f32x4.pmax (v128.const f32x4 0 0 0 0) (f32x4.sub (f32x4.sub (f32x4.sub (v128.const f32x4 1 1 1 1)
        (f32x4.mul (local.get $fa) (local.get $fa))) (f32x4.mul (local.get $fb) (local.get $fb))) (f32x4.mul (local.get $fc) (local.get $fc))))))
      (local.set $idx (v128.and (local.get $rot) (v128.const i32x4 3 3 3 3)))
      ;; x y z w = (d a b c), (a d b c), (a b d c) or (a b c d).
      (local.set $qx (v128.bitselect (local.get $fd) (local.get $fa) (i32x4.eq (local.get $idx) (v128.const i32x4 0 0 0 0))))
      (local.set $qy (v128.bitselect (local.get $fa)
        (v128.bitselect (local.get $fd) (local.get $fb) (i32x4.eq (local.get $idx) (v128.const i32x4 1 1 1 1)))
        (i32x4.eq (local.get $idx) (v128.const i32x4 0 0 0 0))))
      (local.set $qz (v128.bitselect (local.get $fb)
        (v128.bitselect (local.get $fd) (local.get $fc) (i32x4.eq (local.get $idx) (v128.const i32x4 2 2 2 2)))
        (i32x4.lt_u (local.get $idx) (v128.const i32x4 2 2 2 2))))
      (local.set $qw (v128.bitselect (local.get $fd) (local.get $fc) (i32x4.eq (local.get $idx) (v128.const i32x4 3 3 3 3))))
      ;; The record's first, then the words a frame earlier.
      (if (i32.eqz (local.get $pass))
        (then
          (local.set $x (local.get $qx)) (local.set $y (local.get $qy)) (local.set $z (local.get $qz)) (local.set $w (local.get $qw))
          (local.set $rot (local.get $rotB))
          (local.set $pass (i32.const 1))
          (br $decode))))
    (f32x4.abs (f32x4.add (f32x4.add (f32x4.add
      (f32x4.mul (local.get $x) (local.get $qx)) (f32x4.mul (local.get $y) (local.get $qy)))
      (f32x4.mul (local.get $z) (local.get $qz))) (f32x4.mul (local.get $w) (local.get $qw)))))

  ;; Scans `count` positions from `first` of the slot at `raw` (rounded up to whole groups of
  ;; four; the caller fills the extra positions with the records one frame earlier, and the
  ;; prefix with the last frame's records). `bone`: the bone of position `first`; frame numbers of the changed-frame bytes count from
  ;; its frame. Thresholds: a turn may be a pop when its f32 |dot| < `cosHi` and the step before
  ;; had |dot| >= `cosLo`; a move may be a jump when > `ratio` x the step before. `judging` 0:
  ;; only suspects are flagged, and no turn, move or their stored values are computed (a pass
  ;; never judges again once it stops). `small`: the largest change of each rotation field (dropped index
  ;; kept) that turns less than the pop threshold (-1: none); such steps count as |dot| 1.
  ;; Flagged groups are written as (position, lane masks) in two lists: the suspects (suspect
  ;; lanes) and the gate's (turn lanes << 4 | move lanes << 8); returns their counts, the
  ;; suspects' | the gate's << 16. `split`: the position of the
  ;; first record of the next chunk (-1: none), then every `chunk` positions (128 or more): the
  ;; lanes of the records before it end their chunk (stored, in order) and the rest start from zero.
  ;; The loop body is ordered to keep few vectors live at once (16 registers on x64): each part
  ;; ends in a store or a branch, so the compiler cannot sink its arithmetic past the next part.
  (func (export "scan") (param $raw i32) (param $first i32) (param $count i32)
      (param $bones i32) (param $bone i32) (param $cosHi f32) (param $cosLo f32) (param $ratio f32) (param $judging i32) (param $small i32)
      (param $split i32) (param $chunk i32) (result i32)
    (local $r i32) (local $a i32) (local $end i32) (local $back i32) (local $backA i32) (local $out i32) (local $gated i32)
    (local $frame i32) (local $marked i32) (local $k i32) (local $b i32) (local $f i32) (local $tainted i32)
    (local $r0 v128) (local $r1 v128) (local $r2 v128) (local $r3 v128)
    (local $lo01 v128) (local $hi01 v128) (local $lo23 v128) (local $hi23 v128)
    (local $rot v128) (local $w1 v128) (local $w2 v128) (local $w3 v128)
    (local $fa v128) (local $fb v128) (local $fc v128) (local $fd v128) (local $fab v128) (local $t v128)
    (local $bad v128) (local $nonUnit v128) (local $x v128) (local $y v128) (local $z v128) (local $w v128) (local $cos v128)
    (local $px v128) (local $py v128) (local $pz v128) (local $dx v128) (local $dy v128) (local $dz v128) (local $move v128)
    (local $jump v128)
    (local $acc0 v128) (local $acc1 v128) (local $far v128)
    (local $hi v128) (local $lo v128) (local $rat v128) (local $smallTurn v128)
    (local $splitA i32) (local $ended i32) (local $before v128)
    (memory.fill (i32.const 387728) (i32.const 0) (i32.const 4096))
    (local.set $r (i32.add (local.get $raw) (i32.shl (local.get $first) (i32.const 4))))
    (local.set $a (i32.shl (local.get $first) (i32.const 2)))
    (local.set $end (i32.add (local.get $r) (i32.shl (i32.and (i32.add (local.get $count) (i32.const 3)) (i32.const -4)) (i32.const 4))))
    (local.set $back (i32.shl (local.get $bones) (i32.const 4)))
    (local.set $backA (i32.shl (local.get $bones) (i32.const 2)))
    (local.set $out (i32.const 391824))
    (local.set $gated (i32.const 401280))
    (local.set $marked (i32.const -1))
    (local.set $tainted (i32.load (i32.const 387716)))
    (local.set $acc0 (v128.load (i32.const 387664)))
    (local.set $acc1 (v128.load (i32.const 387680)))
    (local.set $far (v128.load (i32.const 387696)))
    ;; The group holding the split (its array offset, as $a), or -16 (none) past the records scanned.
    (local.set $splitA (select (i32.shl (i32.and (local.get $split) (i32.const -4)) (i32.const 2)) (i32.const -16)
      (i32.and (i32.ge_s (local.get $split) (local.get $first)) (i32.lt_s (local.get $split) (i32.add (local.get $first) (local.get $count))))))
    (block $done
      (br_if $done (i32.ge_u (local.get $r) (local.get $end)))
      (loop $group
        ;; Changed records (raw words against the bone's record one frame earlier): the moved bones
        ;; (until all have moved) and the frames that change (once per frame), lane by lane only
        ;; where that is still news; the rest of a frame already marked is not compared.
        (if (i32.or (i32.load (i32.const 387712))
              (i32.gt_s (i32.add (local.get $frame) (i32.ge_u (i32.add (local.get $bone) (i32.const 3)) (local.get $bones))) (local.get $marked)))
          (then
            (local.set $b (i32.sub (local.get $r) (local.get $back)))
            (if (v128.any_true (v128.or
                  (v128.or (v128.xor (v128.load (local.get $r)) (v128.load (local.get $b)))
                    (v128.xor (v128.load offset=16 (local.get $r)) (v128.load offset=16 (local.get $b))))
                  (v128.or (v128.xor (v128.load offset=32 (local.get $r)) (v128.load offset=32 (local.get $b)))
                    (v128.xor (v128.load offset=48 (local.get $r)) (v128.load offset=48 (local.get $b))))))
              (then
                (local.set $k (i32.const 0))
                (loop $lane
                  (if (v128.any_true (v128.xor
                        (v128.load (i32.add (local.get $r) (i32.shl (local.get $k) (i32.const 4))))
                        (v128.load (i32.sub (i32.add (local.get $r) (i32.shl (local.get $k) (i32.const 4))) (local.get $back)))))
                    (then
                      (local.set $b (i32.add (local.get $bone) (local.get $k)))
                      (local.set $f (local.get $frame))
                      (if (i32.ge_u (local.get $b) (local.get $bones))
                        (then
                          (local.set $b (i32.sub (local.get $b) (local.get $bones)))
                          (local.set $f (i32.add (local.get $f) (i32.const 1)))))
                      (if (i32.eqz (i32.load8_u offset=387408 (local.get $b)))
                        (then
                          (i32.store8 offset=387408 (local.get $b) (i32.const 1))
                          (i32.store (i32.const 387712) (i32.sub (i32.load (i32.const 387712)) (i32.const 1)))))
                      (i32.store8 offset=387728 (local.get $f) (i32.const 1))
                      (local.set $marked (local.get $f))))
                  (local.set $k (i32.add (local.get $k) (i32.const 1)))
                  (br_if $lane (i32.lt_u (local.get $k) (i32.const 4))))))))
        (local.set $r0 (v128.load (local.get $r)))
        (local.set $r1 (v128.load offset=16 (local.get $r)))
        (local.set $r2 (v128.load offset=32 (local.get $r)))
        (local.set $r3 (v128.load offset=48 (local.get $r)))
        ;; Words k of the four records in lanes 0-3: rotation, halves 0-1, 2-3, 4-5.
        (local.set $lo01 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $r0) (local.get $r1)))
        (local.set $hi01 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $r0) (local.get $r1)))
        (local.set $lo23 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $r2) (local.get $r3)))
        (local.set $hi23 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $r2) (local.get $r3)))
        (local.set $rot (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $lo01) (local.get $lo23)))
        (local.set $w1 (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $lo01) (local.get $lo23)))
        (local.set $w2 (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $hi01) (local.get $hi23)))
        (local.set $w3 (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $hi01) (local.get $hi23)))
        ;; Half magnitudes doubled (shifted left, dropping the sign), less two for the scale halves
        ;; (w2's high half, both of w3's; 0 wraps to 0xfffe): a half at 0x7bff or more (doubled:
        ;; above 0xf7fd) is non-finite (exponent 31), a zero scale, or a position of +-65504 (flagged
        ;; too: the caller re-checks every suspect). Nonzero 16-bit lanes of $bad. Shifts rather
        ;; than masks: fewer constants to keep in registers.
        (local.set $bad (i16x8.sub_sat_u
          (i16x8.max_u
            (i16x8.max_u (i16x8.shl (local.get $w1) (i32.const 1))
              (i16x8.sub (i16x8.shl (local.get $w2) (i32.const 1)) (v128.const i16x8 0 2 0 2 0 2 0 2)))
            (i16x8.sub (i16x8.shl (local.get $w3) (i32.const 1)) (v128.const i16x8 2 2 2 2 2 2 2 2)))
          (v128.const i16x8 0xf7fd 0xf7fd 0xf7fd 0xf7fd 0xf7fd 0xf7fd 0xf7fd 0xf7fd)))
        ;; The rotation's fields as 16-bit lanes: a << 16 | b, and c (an integer per field, no decode;
        ;; by shifts alone).
        (local.set $fab (v128.or (i32x4.shl (i32x4.shr_u (local.get $rot) (i32.const 22)) (i32.const 16))
          (i32x4.shr_u (i32x4.shl (local.get $rot) (i32.const 10)) (i32.const 22))))
        (local.set $fc (i32x4.shr_u (i32x4.shl (local.get $rot) (i32.const 20)) (i32.const 22)))
        ;; The lint, per record: a non-unit rotation when the decoded fields' squares sum to 1 or
        ;; more. Field v = (2q - 1023) / (1023 sqrt 2), so the sum is S / (2 * 1023^2) with S the sum
        ;; of the (2q - 1023)^2, exact in integers; S within NON_UNIT_MARGIN (64, a relative 3e-5, far
        ;; above the f32 decode's rounding, below 1e-6) of 2 * 1023^2 is flagged too (the caller
        ;; re-checks every suspect exactly). A valid record's fields sum to at most 3/4. c's lane pair
        ;; holds (c, 0): its second term is (0 - 1023)^2, added to the bound too.
        (local.set $nonUnit (i32x4.gt_s (i32x4.add
            (i32x4.dot_i16x8_s (local.tee $t (i16x8.sub (i16x8.shl (local.get $fab) (i32.const 1)) (v128.const i16x8 1023 1023 1023 1023 1023 1023 1023 1023))) (local.get $t))
            (i32x4.dot_i16x8_s (local.tee $t (i16x8.sub (i16x8.shl (local.get $fc) (i32.const 1)) (v128.const i16x8 1023 1023 1023 1023 1023 1023 1023 1023))) (local.get $t)))
          (v128.const i32x4 3139523 3139523 3139523 3139523)))
        (if (v128.any_true (v128.or (local.get $bad) (local.get $nonUnit)))
          (then
            (i32.store (local.get $out) (i32.shr_u (local.get $a) (i32.const 2)))
            (i32.store offset=4 (local.get $out) (i32x4.bitmask (v128.or (i32x4.ne (local.get $bad) (v128.const i32x4 0 0 0 0)) (local.get $nonUnit))))
            (local.set $out (i32.add (local.get $out) (i32.const 8)))
            ;; From the first group with such a half on (kept across scans), positions take the exact
            ;; path: NaN for a non-finite half, no step to or from one. Until then every position and step is finite.
            (if (v128.any_true (local.get $bad)) (then (local.set $tainted (i32.const 1))))))
        ;; While judging, the gate's rotation fields for its loop below: a << 16 | b, and
        ;; c | index << 27 (a changed index moves the high lane by 2048 or more, past any `small`).
        (if (local.get $judging)
          (then
            (v128.store offset=258272 (local.get $a) (local.get $fab))
            (v128.store offset=276720 (local.get $a) (v128.or (local.get $fc) (i32x4.shr_u (i32x4.shl (local.get $rot) (i32.const 30)) (i32.const 3))))))
        ;; Positions: f16 -> f32 exactly. The half's sign moved to bit 31 and its magnitude to bits
        ;; 13-27 (an arithmetic shift by 3, bits 28-30 cleared) read as an f32 times 2^112 is the half's
        ;; value, normal, subnormal or zero.
        (local.set $px (f32x4.mul (v128.and (i32x4.shr_s (i32x4.shl (local.get $w1) (i32.const 16)) (i32.const 3))
          (v128.const i32x4 0x8fffe000 0x8fffe000 0x8fffe000 0x8fffe000)) (v128.const f32x4 0x1p112 0x1p112 0x1p112 0x1p112)))
        (local.set $py (f32x4.mul (v128.and (i32x4.shr_s (local.get $w1) (i32.const 3))
          (v128.const i32x4 0x8fffe000 0x8fffe000 0x8fffe000 0x8fffe000)) (v128.const f32x4 0x1p112 0x1p112 0x1p112 0x1p112)))
        (local.set $pz (f32x4.mul (v128.and (i32x4.shr_s (i32x4.shl (local.get $w2) (i32.const 16)) (i32.const 3))
          (v128.const i32x4 0x8fffe000 0x8fffe000 0x8fffe000 0x8fffe000)) (v128.const f32x4 0x1p112 0x1p112 0x1p112 0x1p112)))
        (if (local.get $tainted)
          (then
            (local.set $px (v128.bitselect (v128.const i32x4 0x7fc00000 0x7fc00000 0x7fc00000 0x7fc00000) (local.get $px)
              (i32x4.gt_s (v128.and (local.get $w1) (v128.const i32x4 0x7fff 0x7fff 0x7fff 0x7fff)) (v128.const i32x4 0x7bff 0x7bff 0x7bff 0x7bff))))
            (local.set $py (v128.bitselect (v128.const i32x4 0x7fc00000 0x7fc00000 0x7fc00000 0x7fc00000) (local.get $py)
              (i32x4.gt_u (v128.and (local.get $w1) (v128.const i32x4 0x7fff0000 0x7fff0000 0x7fff0000 0x7fff0000)) (v128.const i32x4 0x7bffffff 0x7bffffff 0x7bffffff 0x7bffffff))))
            (local.set $pz (v128.bitselect (v128.const i32x4 0x7fc00000 0x7fc00000 0x7fc00000 0x7fc00000) (local.get $pz)
              (i32x4.gt_s (v128.and (local.get $w2) (v128.const i32x4 0x7fff 0x7fff 0x7fff 0x7fff)) (v128.const i32x4 0x7bff 0x7bff 0x7bff 0x7bff))))))
        ;; The farthest position (squared): updated only where a lane's reach is above it (the
        ;; branch keeps the reach computed here, and $far where the reach is NaN, as pmax would).
        (local.set $t (f32x4.add (f32x4.add (f32x4.mul (local.get $px) (local.get $px)) (f32x4.mul (local.get $py) (local.get $py))) (f32x4.mul (local.get $pz) (local.get $pz))))
        (if (v128.any_true (f32x4.gt (local.get $t) (local.get $far)))
          (then (local.set $far (f32x4.pmax (local.get $far) (local.get $t)))))
        (local.set $b (i32.sub (local.get $a) (local.get $backA)))
        (local.set $dx (f32x4.sub (local.get $px) (v128.load offset=295168 (local.get $b))))
        (local.set $dy (f32x4.sub (local.get $py) (v128.load offset=313616 (local.get $b))))
        (local.set $dz (f32x4.sub (local.get $pz) (v128.load offset=332064 (local.get $b))))
        (v128.store offset=295168 (local.get $a) (local.get $px))
        (v128.store offset=313616 (local.get $a) (local.get $py))
        (v128.store offset=332064 (local.get $a) (local.get $pz))
        (local.set $move (f32x4.add (f32x4.add (f32x4.mul (local.get $dx) (local.get $dx)) (f32x4.mul (local.get $dy) (local.get $dy))) (f32x4.mul (local.get $dz) (local.get $dz))))
        ;; A step to or from a non-finite position counts as none.
        (if (local.get $tainted)
          (then (local.set $move (v128.and (local.get $move) (f32x4.lt (local.get $move) (v128.const f32x4 inf inf inf inf))))))
        (v128.store offset=368960 (local.get $a) (local.get $move))
        (if (i32.eq (local.get $a) (local.get $splitA))
          (then
            ;; A chunk ends inside this group: its lanes before the split are added and stored, the
            ;; others start the next chunk's lanes from zero (adding +0 leaves a sum as it is).
            (local.set $before (i32x4.lt_s (v128.const i32x4 0 1 2 3) (i32x4.splat (i32.and (local.get $split) (i32.const 3)))))
            (local.set $t (v128.and (local.get $move) (local.get $before)))
            (v128.store offset=400144 (local.get $ended) (f64x2.add (local.get $acc0) (f64x2.promote_low_f32x4 (local.get $t))))
            (v128.store offset=400160 (local.get $ended)
              (f64x2.add (local.get $acc1) (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $t) (local.get $t)))))
            (local.set $ended (i32.add (local.get $ended) (i32.const 32)))
            (local.set $t (v128.andnot (local.get $move) (local.get $before)))
            (local.set $acc0 (f64x2.add (v128.const f64x2 0 0) (f64x2.promote_low_f32x4 (local.get $t))))
            (local.set $acc1 (f64x2.add (v128.const f64x2 0 0) (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $t) (local.get $t)))))
            (local.set $split (i32.add (local.get $split) (local.get $chunk)))
            (local.set $splitA (select (i32.shl (i32.and (local.get $split) (i32.const -4)) (i32.const 2)) (i32.const -16)
              (i32.lt_s (local.get $split) (i32.add (local.get $first) (local.get $count))))))
          (else
            (local.set $acc0 (f64x2.add (local.get $acc0) (f64x2.promote_low_f32x4 (local.get $move))))
            (local.set $acc1 (f64x2.add (local.get $acc1) (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $move) (local.get $move)))))))
        (local.set $bone (i32.add (local.get $bone) (i32.const 4)))
        (if (i32.ge_u (local.get $bone) (local.get $bones))
          (then
            (local.set $bone (i32.sub (local.get $bone) (local.get $bones)))
            (local.set $frame (i32.add (local.get $frame) (i32.const 1)))))
        (local.set $r (i32.add (local.get $r) (i32.const 64)))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (br_if $group (i32.lt_u (local.get $r) (local.get $end)))))
    ;; The gate, in a loop of its own (fewer vectors live in each): only while candidates are
    ;; taken (its values are never read again after). A group whose rotation words all keep their
    ;; dropped index and move each field by at most `small` steps turns less than popMinDegrees
    ;; (the caller's bound): no decode, |dot| 1. The fields, compared in 16-bit lanes with those a
    ;; frame earlier, and the moves are those the first loop stored.
    (if (local.get $judging)
      (then
        (local.set $r (i32.add (local.get $raw) (i32.shl (local.get $first) (i32.const 4))))
        (local.set $a (i32.shl (local.get $first) (i32.const 2)))
        (local.set $hi (f32x4.splat (local.get $cosHi)))
        (local.set $lo (f32x4.splat (local.get $cosLo)))
        (local.set $rat (f32x4.splat (local.get $ratio)))
        (local.set $smallTurn (i16x8.splat (local.get $small)))
        (block $gateDone
          (br_if $gateDone (i32.ge_u (local.get $r) (local.get $end)))
          (loop $gate
            (local.set $b (i32.sub (local.get $a) (local.get $backA)))
            (local.set $t (i16x8.gt_s
              (i16x8.max_s
                (i16x8.abs (i16x8.sub (v128.load offset=258272 (local.get $a)) (v128.load offset=258272 (local.get $b))))
                (i16x8.abs (i16x8.sub (v128.load offset=276720 (local.get $a)) (v128.load offset=276720 (local.get $b)))))
              (local.get $smallTurn)))
            ;; A group to decode gets |dot| 1 for now: the decode pass below sets it, in order, before
            ;; any later group reads it.
            (v128.store offset=350512 (local.get $a) (v128.const f32x4 1 1 1 1))
            (local.set $jump (f32x4.gt (v128.load offset=368960 (local.get $a)) (f32x4.mul (v128.load offset=368960 (local.get $b)) (local.get $rat))))
            (if (v128.any_true (v128.or (local.get $t) (local.get $jump)))
              (then
                (i32.store (local.get $gated) (i32.shr_u (local.get $a) (i32.const 2)))
                (i32.store offset=4 (local.get $gated) (i32.or (i32.shl (i32x4.bitmask (local.get $jump)) (i32.const 8))
                  (i32.shl (v128.any_true (local.get $t)) (i32.const 12))))
                (local.set $gated (i32.add (local.get $gated) (i32.const 8)))))
            (local.set $r (i32.add (local.get $r) (i32.const 64)))
            (local.set $a (i32.add (local.get $a) (i32.const 16)))
            (br_if $gate (i32.lt_u (local.get $r) (local.get $end)))))
        ;; The groups to decode (mask bit 12), in order: both rotations decoded, the record's then
        ;; the one a frame earlier; their turn lanes replace the bit.
        (local.set $k (i32.const 401280))
        (block $decodeDone
          (loop $decode
            (br_if $decodeDone (i32.ge_u (local.get $k) (local.get $gated)))
            (if (i32.and (i32.load offset=4 (local.get $k)) (i32.const 0x1000))
              (then
                (local.set $a (i32.shl (i32.load (local.get $k)) (i32.const 2)))
                (local.set $b (i32.sub (local.get $a) (local.get $backA)))
                (local.set $r (i32.add (local.get $raw) (i32.shl (local.get $a) (i32.const 2))))
                (local.set $f (i32.sub (local.get $r) (local.get $back)))
                (local.set $cos (call $turn
                  (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
                    (i8x16.shuffle 0 1 2 3 16 17 18 19 0 1 2 3 16 17 18 19 (v128.load (local.get $r)) (v128.load offset=16 (local.get $r)))
                    (i8x16.shuffle 0 1 2 3 16 17 18 19 0 1 2 3 16 17 18 19 (v128.load offset=32 (local.get $r)) (v128.load offset=48 (local.get $r))))
                  (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
                    (i8x16.shuffle 0 1 2 3 16 17 18 19 0 1 2 3 16 17 18 19 (v128.load (local.get $f)) (v128.load offset=16 (local.get $f)))
                    (i8x16.shuffle 0 1 2 3 16 17 18 19 0 1 2 3 16 17 18 19 (v128.load offset=32 (local.get $f)) (v128.load offset=48 (local.get $f))))))
                (i32.store offset=4 (local.get $k) (i32.or (i32.and (i32.load offset=4 (local.get $k)) (i32.const 0xf00))
                  (i32.shl (i32x4.bitmask (v128.and (f32x4.lt (local.get $cos) (local.get $hi))
                    (f32x4.ge (v128.load offset=350512 (local.get $b)) (local.get $lo)))) (i32.const 4))))
                (v128.store offset=350512 (local.get $a) (local.get $cos))))
            (local.set $k (i32.add (local.get $k) (i32.const 8)))
            (br $decode)))))
    (i32.store (i32.const 387716) (local.get $tainted))
    (v128.store (i32.const 387664) (local.get $acc0))
    (v128.store (i32.const 387680) (local.get $acc1))
    (v128.store (i32.const 387696) (local.get $far))
    (i32.store (i32.const 400128) (i32.shr_u (local.get $ended) (i32.const 5)))
    ;; The last frame's values become the next block's prefix (for a full block: count = 4096):
    ;; the arrays from the gate's fields on (the first two are unused).
    (local.set $b (i32.shl (i32.sub (i32.add (local.get $first) (local.get $count)) (local.get $bones)) (i32.const 2)))
    (local.set $a (i32.shl (i32.sub (i32.const 512) (local.get $bones)) (i32.const 2)))
    (local.set $k (i32.const 258272))
    (loop $arrays
      (memory.copy (i32.add (local.get $k) (local.get $a)) (i32.add (local.get $k) (local.get $b)) (local.get $backA))
      (local.set $k (i32.add (local.get $k) (i32.const 18448)))
      (br_if $arrays (i32.lt_u (local.get $k) (i32.const 387408))))
    (i32.or (i32.shr_u (i32.sub (local.get $out) (i32.const 391824)) (i32.const 3))
      (i32.shl (i32.shr_u (i32.sub (local.get $gated) (i32.const 401280)) (i32.const 3)) (i32.const 16))))

  ;; The exact steps of `count` positions from `first` of the records at `raw` (rounded up to
  ;; whole groups of four; the prefix and padding filled as for scan), each against the record
  ;; one frame earlier, in f64 as the TypeScript loop computes them before storing them as f32:
  ;; the |dot| of the two rotations (exactly 1 where the word is unchanged) at 221376 + 8 x
  ;; position, the squared move (exactly 0 where the position's halves are unchanged) at 409600
  ;; + 8 x position. For a clip held in one block, whose candidates are then taken exactly, as
  ;; the loop takes them: a turn when its |dot| < `cosHalfMin` and the step a frame earlier (as
  ;; f32) >= it, a move when it is > `ratioSquared` times the step a frame earlier (as f32); the
  ;; positions `first - bones` to `first` (frame 0's previous steps) are set to 1 and 0, so frame
  ;; 0 takes none and frame 1 compares with them. The groups holding one are listed at 401280 as
  ;; (position, turn lanes << 4 | move lanes << 8); returns how many.
  ;; Two passes: every record from the frame before `first` on is decoded once (its rotation as
  ;; decodeRotation, its position's halves as f32) into the per-position arrays 258272 to 387408
  ;; (x y z w, then position x y z; scan's own values there are not needed once a clip held in
  ;; one block is scanned), then each step is taken from the arrays at its position and a frame
  ;; earlier. The steps' parts run twice by small loops (lanes 0-1, then 2-3): calls with vector
  ;; results cost more than the arithmetic.
  (func (export "steps") (param $raw i32) (param $first i32) (param $count i32) (param $bones i32)
      (param $cosHalfMin f64) (param $ratioSquared f64) (result i32)
    (local $p i32) (local $end i32) (local $q i32) (local $o i32) (local $a i32) (local $pass i32)
    (local $back i32) (local $backA i32) (local $flags i32) (local $out i32) (local $cos v128) (local $ratio v128)
    (local $lo01 v128) (local $hi01 v128) (local $lo23 v128) (local $hi23 v128)
    (local $rot v128) (local $w1 v128) (local $w2 v128) (local $rotB v128) (local $w1B v128) (local $w2B v128)
    (local $fa v128) (local $fb v128) (local $fc v128) (local $fd v128) (local $idx v128)
    (local $x v128) (local $y v128) (local $z v128) (local $w v128) (local $px v128) (local $py v128) (local $pz v128) (local $pw v128)
    (local $mag v128) (local $cx v128) (local $cy v128) (local $cz v128) (local $m v128)
    (local $same v128)
    (local.set $end (i32.add (local.get $first) (i32.and (i32.add (local.get $count) (i32.const 3)) (i32.const -4))))
    (local.set $back (i32.shl (local.get $bones) (i32.const 3)))
    (local.set $backA (i32.shl (local.get $bones) (i32.const 2)))
    (local.set $out (i32.const 401280))
    (local.set $cos (f64x2.splat (local.get $cosHalfMin)))
    (local.set $ratio (f64x2.splat (local.get $ratioSquared)))
    ;; Frame 0's previous steps: |dot| 1, move 0.
    (local.set $a (i32.shl (local.get $first) (i32.const 3)))
    (local.set $q (i32.sub (local.get $a) (local.get $back)))
    (block $filled
      (loop $fill
        (br_if $filled (i32.ge_u (local.get $q) (local.get $a)))
        (f64.store offset=221376 (local.get $q) (f64.const 1))
        (f64.store offset=409600 (local.get $q) (f64.const 0))
        (local.set $q (i32.add (local.get $q) (i32.const 8)))
        (br $fill)))
    (if (i32.ge_u (local.get $first) (local.get $end)) (then (return (i32.const 0))))
    ;; Decoded once, whole groups from the one holding position first - bones: the rotation to
    ;; x y z w (arrays at 258272, 276720, 295168, 313616), halves 0 and 1 of the second word and
    ;; the low half of the third to f32 (332064, 350512, 368960). A half's magnitude shifted into
    ;; an f32's place is its value times 2^-112; exponent 31 takes the f32's 255.
    (local.set $p (i32.and (i32.sub (local.get $first) (local.get $bones)) (i32.const -4)))
    (loop $decode
      (local.set $q (i32.add (local.get $raw) (i32.shl (local.get $p) (i32.const 4))))
      (local.set $lo01 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (v128.load (local.get $q)) (v128.load offset=16 (local.get $q))))
      (local.set $hi01 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (v128.load (local.get $q)) (v128.load offset=16 (local.get $q))))
      (local.set $lo23 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (v128.load offset=32 (local.get $q)) (v128.load offset=48 (local.get $q))))
      (local.set $hi23 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (v128.load offset=32 (local.get $q)) (v128.load offset=48 (local.get $q))))
      (local.set $rot (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $lo01) (local.get $lo23)))
      (local.set $w1 (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $lo01) (local.get $lo23)))
      (local.set $w2 (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $hi01) (local.get $hi23)))
      (local.set $o (i32.shl (local.get $p) (i32.const 2)))
      (local.set $fa (f32x4.mul (f32x4.sub (f32x4.mul (f32x4.convert_i32x4_u (i32x4.shr_u (local.get $rot) (i32.const 22)))
        (v128.const f32x4 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9)) (v128.const f32x4 1 1 1 1))
        (v128.const f32x4 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1)))
      (local.set $fb (f32x4.mul (f32x4.sub (f32x4.mul (f32x4.convert_i32x4_u (v128.and (i32x4.shr_u (local.get $rot) (i32.const 12)) (v128.const i32x4 0x3ff 0x3ff 0x3ff 0x3ff)))
        (v128.const f32x4 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9)) (v128.const f32x4 1 1 1 1))
        (v128.const f32x4 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1)))
      (local.set $fc (f32x4.mul (f32x4.sub (f32x4.mul (f32x4.convert_i32x4_u (v128.and (i32x4.shr_u (local.get $rot) (i32.const 2)) (v128.const i32x4 0x3ff 0x3ff 0x3ff 0x3ff)))
        (v128.const f32x4 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9)) (v128.const f32x4 1 1 1 1))
        (v128.const f32x4 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1)))
      (local.set $fd (f32x4.sqrt (f32x4.pmax (v128.const f32x4 0 0 0 0) (f32x4.sub (f32x4.sub (f32x4.sub (v128.const f32x4 1 1 1 1)
        (f32x4.mul (local.get $fa) (local.get $fa))) (f32x4.mul (local.get $fb) (local.get $fb))) (f32x4.mul (local.get $fc) (local.get $fc))))))
      (local.set $idx (v128.and (local.get $rot) (v128.const i32x4 3 3 3 3)))
      ;; x y z w = (d a b c), (a d b c), (a b d c) or (a b c d).
      (v128.store offset=258272 (local.get $o) (v128.bitselect (local.get $fd) (local.get $fa) (i32x4.eq (local.get $idx) (v128.const i32x4 0 0 0 0))))
      (v128.store offset=276720 (local.get $o) (v128.bitselect (local.get $fa)
        (v128.bitselect (local.get $fd) (local.get $fb) (i32x4.eq (local.get $idx) (v128.const i32x4 1 1 1 1)))
        (i32x4.eq (local.get $idx) (v128.const i32x4 0 0 0 0))))
      (v128.store offset=295168 (local.get $o) (v128.bitselect (local.get $fb)
        (v128.bitselect (local.get $fd) (local.get $fc) (i32x4.eq (local.get $idx) (v128.const i32x4 2 2 2 2)))
        (i32x4.lt_u (local.get $idx) (v128.const i32x4 2 2 2 2))))
      (v128.store offset=313616 (local.get $o) (v128.bitselect (local.get $fd) (local.get $fc) (i32x4.eq (local.get $idx) (v128.const i32x4 3 3 3 3))))
      (local.set $mag (i32x4.shl (v128.and (local.get $w1) (v128.const i32x4 0x7fff 0x7fff 0x7fff 0x7fff)) (i32.const 13)))
      (v128.store offset=332064 (local.get $o) (v128.or
        (i32x4.shl (v128.and (local.get $w1) (v128.const i32x4 0x8000 0x8000 0x8000 0x8000)) (i32.const 16))
        (v128.bitselect
          (v128.or (local.get $mag) (v128.const i32x4 0x7f800000 0x7f800000 0x7f800000 0x7f800000))
          (f32x4.mul (local.get $mag) (v128.const f32x4 0x1p112 0x1p112 0x1p112 0x1p112))
          (i32x4.gt_s (local.get $mag) (v128.const i32x4 0x0f7fe000 0x0f7fe000 0x0f7fe000 0x0f7fe000)))))
      (local.set $w1 (i32x4.shr_u (local.get $w1) (i32.const 16)))
      (local.set $mag (i32x4.shl (v128.and (local.get $w1) (v128.const i32x4 0x7fff 0x7fff 0x7fff 0x7fff)) (i32.const 13)))
      (v128.store offset=350512 (local.get $o) (v128.or
        (i32x4.shl (v128.and (local.get $w1) (v128.const i32x4 0x8000 0x8000 0x8000 0x8000)) (i32.const 16))
        (v128.bitselect
          (v128.or (local.get $mag) (v128.const i32x4 0x7f800000 0x7f800000 0x7f800000 0x7f800000))
          (f32x4.mul (local.get $mag) (v128.const f32x4 0x1p112 0x1p112 0x1p112 0x1p112))
          (i32x4.gt_s (local.get $mag) (v128.const i32x4 0x0f7fe000 0x0f7fe000 0x0f7fe000 0x0f7fe000)))))
      (local.set $mag (i32x4.shl (v128.and (local.get $w2) (v128.const i32x4 0x7fff 0x7fff 0x7fff 0x7fff)) (i32.const 13)))
      (v128.store offset=368960 (local.get $o) (v128.or
        (i32x4.shl (v128.and (local.get $w2) (v128.const i32x4 0x8000 0x8000 0x8000 0x8000)) (i32.const 16))
        (v128.bitselect
          (v128.or (local.get $mag) (v128.const i32x4 0x7f800000 0x7f800000 0x7f800000 0x7f800000))
          (f32x4.mul (local.get $mag) (v128.const f32x4 0x1p112 0x1p112 0x1p112 0x1p112))
          (i32x4.gt_s (local.get $mag) (v128.const i32x4 0x0f7fe000 0x0f7fe000 0x0f7fe000 0x0f7fe000)))))
      (local.set $p (i32.add (local.get $p) (i32.const 4)))
      (br_if $decode (i32.lt_u (local.get $p) (local.get $end))))
    (local.set $p (local.get $first))
    (loop $group
      (local.set $flags (i32.const 0))
      ;; The four records' words, then those a frame earlier: which rotations and positions changed.
      (local.set $q (i32.add (local.get $raw) (i32.shl (local.get $p) (i32.const 4))))
      (local.set $pass (i32.const 0))
      (loop $load
        (local.set $lo01 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (v128.load (local.get $q)) (v128.load offset=16 (local.get $q))))
        (local.set $hi01 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (v128.load (local.get $q)) (v128.load offset=16 (local.get $q))))
        (local.set $lo23 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (v128.load offset=32 (local.get $q)) (v128.load offset=48 (local.get $q))))
        (local.set $hi23 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (v128.load offset=32 (local.get $q)) (v128.load offset=48 (local.get $q))))
        (local.set $rotB (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $lo01) (local.get $lo23)))
        (local.set $w1B (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $lo01) (local.get $lo23)))
        (local.set $w2B (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $hi01) (local.get $hi23)))
        (if (i32.eqz (local.get $pass))
          (then
            (local.set $rot (local.get $rotB)) (local.set $w1 (local.get $w1B)) (local.set $w2 (local.get $w2B))
            (local.set $q (i32.sub (local.get $q) (i32.shl (local.get $bones) (i32.const 4))))
            (local.set $pass (i32.const 1))
            (br $load))))
      ;; The record's rotation (x y z w) and the one a frame earlier (px py pz pw), as decoded.
      (local.set $o (i32.shl (local.get $p) (i32.const 2)))
      (local.set $q (i32.sub (local.get $o) (local.get $backA)))
      (local.set $x (v128.load offset=258272 (local.get $o)))
      (local.set $y (v128.load offset=276720 (local.get $o)))
      (local.set $z (v128.load offset=295168 (local.get $o)))
      (local.set $w (v128.load offset=313616 (local.get $o)))
      (local.set $px (v128.load offset=258272 (local.get $q)))
      (local.set $py (v128.load offset=276720 (local.get $q)))
      (local.set $pz (v128.load offset=295168 (local.get $q)))
      (local.set $pw (v128.load offset=313616 (local.get $q)))
      (local.set $a (i32.shl (local.get $p) (i32.const 3)))
      ;; |x px + y py + z pz + w pw| in f64, summed in that order (the loop's turn), lanes 0-1 then
      ;; 2-3 (moved down); exactly 1 where the rotation word is unchanged.
      (local.set $same (i32x4.eq (local.get $rot) (local.get $rotB)))
      (local.set $pass (i32.const 0))
      (loop $dot
        (local.set $m (f64x2.abs (f64x2.add (f64x2.add (f64x2.add
          (f64x2.mul (f64x2.promote_low_f32x4 (local.get $x)) (f64x2.promote_low_f32x4 (local.get $px)))
          (f64x2.mul (f64x2.promote_low_f32x4 (local.get $y)) (f64x2.promote_low_f32x4 (local.get $py))))
          (f64x2.mul (f64x2.promote_low_f32x4 (local.get $z)) (f64x2.promote_low_f32x4 (local.get $pz))))
          (f64x2.mul (f64x2.promote_low_f32x4 (local.get $w)) (f64x2.promote_low_f32x4 (local.get $pw))))))
        (local.set $q (i32.add (local.get $a) (i32.shl (local.get $pass) (i32.const 4))))
        (local.set $m (v128.bitselect (v128.const f64x2 1 1) (local.get $m) (i64x2.extend_low_i32x4_s (local.get $same))))
        (v128.store offset=221376 (local.get $q) (local.get $m))
        (local.set $flags (i32.or (local.get $flags) (i32.shl (i64x2.bitmask (v128.and (f64x2.lt (local.get $m) (local.get $cos))
            (f64x2.ge (f64x2.promote_low_f32x4 (f32x4.demote_f64x2_zero (v128.load offset=221376 (i32.sub (local.get $q) (local.get $back))))) (local.get $cos))))
          (i32.add (i32.const 4) (i32.shl (local.get $pass) (i32.const 1))))))
        (if (i32.eqz (local.get $pass))
          (then
            (local.set $x (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $x) (local.get $x)))
            (local.set $y (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $y) (local.get $y)))
            (local.set $z (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $z) (local.get $z)))
            (local.set $w (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $w) (local.get $w)))
            (local.set $px (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $px) (local.get $px)))
            (local.set $py (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $py) (local.get $py)))
            (local.set $pz (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $pz) (local.get $pz)))
            (local.set $pw (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $pw) (local.get $pw)))
            (local.set $same (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $same) (local.get $same)))
            (local.set $pass (i32.const 1))
            (br $dot))))
      ;; The positions, as decoded: the record's x y z, the one a frame earlier px py pz.
      (local.set $q (i32.sub (local.get $o) (local.get $backA)))
      (local.set $x (v128.load offset=332064 (local.get $o)))
      (local.set $y (v128.load offset=350512 (local.get $o)))
      (local.set $z (v128.load offset=368960 (local.get $o)))
      (local.set $px (v128.load offset=332064 (local.get $q)))
      (local.set $py (v128.load offset=350512 (local.get $q)))
      (local.set $pz (v128.load offset=368960 (local.get $q)))
      ;; The squared move in f64 ((dx dx + dy dy) + dz dz, the new position less the one before),
      ;; 0 where it or the new position's squared distance is not finite, exactly 0 where the
      ;; position's halves are unchanged: lanes 0-1, then 2-3 (moved down).
      (local.set $same (v128.and (i32x4.eq (local.get $w1) (local.get $w1B))
        (i32x4.eq (v128.and (v128.xor (local.get $w2) (local.get $w2B)) (v128.const i32x4 0xffff 0xffff 0xffff 0xffff)) (v128.const i32x4 0 0 0 0))))
      (local.set $pass (i32.const 0))
      (loop $move
        (local.set $cx (f64x2.promote_low_f32x4 (local.get $x)))
        (local.set $cy (f64x2.promote_low_f32x4 (local.get $y)))
        (local.set $cz (f64x2.promote_low_f32x4 (local.get $z)))
        (local.set $fa (f64x2.sub (local.get $cx) (f64x2.promote_low_f32x4 (local.get $px))))
        (local.set $fb (f64x2.sub (local.get $cy) (f64x2.promote_low_f32x4 (local.get $py))))
        (local.set $fc (f64x2.sub (local.get $cz) (f64x2.promote_low_f32x4 (local.get $pz))))
        (local.set $m (f64x2.add (f64x2.add (f64x2.mul (local.get $fa) (local.get $fa)) (f64x2.mul (local.get $fb) (local.get $fb))) (f64x2.mul (local.get $fc) (local.get $fc))))
        (local.set $m (v128.and (local.get $m) (v128.and
          (f64x2.lt (local.get $m) (v128.const f64x2 inf inf))
          (f64x2.lt (f64x2.add (f64x2.add (f64x2.mul (local.get $cx) (local.get $cx)) (f64x2.mul (local.get $cy) (local.get $cy))) (f64x2.mul (local.get $cz) (local.get $cz)))
            (v128.const f64x2 inf inf)))))
        (local.set $q (i32.add (local.get $a) (i32.shl (local.get $pass) (i32.const 4))))
        (local.set $m (v128.andnot (local.get $m) (i64x2.extend_low_i32x4_s (local.get $same))))
        (v128.store offset=409600 (local.get $q) (local.get $m))
        (local.set $flags (i32.or (local.get $flags) (i32.shl (i64x2.bitmask (f64x2.gt (local.get $m)
            (f64x2.mul (local.get $ratio) (f64x2.promote_low_f32x4 (f32x4.demote_f64x2_zero (v128.load offset=409600 (i32.sub (local.get $q) (local.get $back))))))))
          (i32.add (i32.const 8) (i32.shl (local.get $pass) (i32.const 1))))))
        (if (i32.eqz (local.get $pass))
          (then
            (local.set $x (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $x) (local.get $x)))
            (local.set $y (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $y) (local.get $y)))
            (local.set $z (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $z) (local.get $z)))
            (local.set $px (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $px) (local.get $px)))
            (local.set $py (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $py) (local.get $py)))
            (local.set $pz (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $pz) (local.get $pz)))
            (local.set $same (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $same) (local.get $same)))
            (local.set $pass (i32.const 1))
            (br $move))))
      (if (local.get $flags)
        (then
          (i32.store (local.get $out) (local.get $p))
          (i32.store offset=4 (local.get $out) (local.get $flags))
          (local.set $out (i32.add (local.get $out) (i32.const 8)))))
      (local.set $p (i32.add (local.get $p) (i32.const 4)))
      (br_if $group (i32.lt_u (local.get $p) (local.get $end))))
    (i32.shr_u (i32.sub (local.get $out) (i32.const 401280)) (i32.const 3)))

  ;; A window's steps (`window`, `count`): one bone's step at up to 17 consecutive frames, computed
  ;; one record at a time exactly as the TypeScript loop computes them (exactStep.ts), so the
  ;; scanner judges its candidates here from their first one, not in JavaScript that V8 has not yet
  ;; optimised. Scratch: two decoded rotations (x y z w f32) at 446464 (the record's) and 446480
  ;; (the one a frame earlier), then the steps as f64 at 446528 (17 at most).

  ;; The byte address of the pass's record `record`, one of the last three blocks of 4096 (block b's
  ;; position 0 at byte `b0`, `b1` or `b2` for b % 3 = 0, 1, 2; its records from position 512).
  (func $recordAt (param $record i32) (param $b0 i32) (param $b1 i32) (param $b2 i32) (result i32)
    (local $slot i32)
    (local.set $slot (i32.rem_u (i32.shr_u (local.get $record) (i32.const 12)) (i32.const 3)))
    (i32.add
      (select (local.get $b0) (select (local.get $b1) (local.get $b2) (i32.eq (local.get $slot) (i32.const 1))) (i32.eqz (local.get $slot)))
      (i32.shl (i32.add (i32.const 512) (i32.and (local.get $record) (i32.const 4095))) (i32.const 4))))

  ;; Decodes rotation `word` to x y z w (f32) at `at`, as decodeRotation: fields (q / 511.5 - 1) / sqrt 2
  ;; in f32 steps, the dropped component sqrt(max(0, ((1 - a a) - b b) - c c)) at its index.
  (func $decode (param $word i32) (param $at i32)
    (local $fa f32) (local $fb f32) (local $fc f32) (local $fd f32) (local $idx i32)
    (local.set $fa (f32.mul (f32.sub (f32.mul (f32.convert_i32_u (i32.shr_u (local.get $word) (i32.const 22))) (f32.const 0x1.00401p-9)) (f32.const 1))
      (f32.const 0x1.6a09e6p-1)))
    (local.set $fb (f32.mul (f32.sub (f32.mul (f32.convert_i32_u (i32.and (i32.shr_u (local.get $word) (i32.const 12)) (i32.const 0x3ff))) (f32.const 0x1.00401p-9)) (f32.const 1))
      (f32.const 0x1.6a09e6p-1)))
    (local.set $fc (f32.mul (f32.sub (f32.mul (f32.convert_i32_u (i32.and (i32.shr_u (local.get $word) (i32.const 2)) (i32.const 0x3ff))) (f32.const 0x1.00401p-9)) (f32.const 1))
      (f32.const 0x1.6a09e6p-1)))
    (local.set $fd (f32.sub (f32.sub (f32.sub (f32.const 1) (f32.mul (local.get $fa) (local.get $fa))) (f32.mul (local.get $fb) (local.get $fb)))
      (f32.mul (local.get $fc) (local.get $fc))))
    (local.set $fd (f32.sqrt (select (local.get $fd) (f32.const 0) (f32.gt (local.get $fd) (f32.const 0)))))
    (local.set $idx (i32.and (local.get $word) (i32.const 3)))
    ;; x y z w = (d a b c), (a d b c), (a b d c) or (a b c d).
    (f32.store (local.get $at) (select (local.get $fd) (local.get $fa) (i32.eqz (local.get $idx))))
    (f32.store offset=4 (local.get $at) (select (local.get $fa) (select (local.get $fd) (local.get $fb) (i32.eq (local.get $idx) (i32.const 1))) (i32.eqz (local.get $idx))))
    (f32.store offset=8 (local.get $at) (select (local.get $fb) (select (local.get $fd) (local.get $fc) (i32.eq (local.get $idx) (i32.const 2))) (i32.lt_u (local.get $idx) (i32.const 2))))
    (f32.store offset=12 (local.get $at) (select (local.get $fd) (local.get $fc) (i32.eq (local.get $idx) (i32.const 3)))))

  ;; The value of half `h` (its low 16 bits), as the f16 table gives it: its magnitude shifted into
  ;; an f32's place is its value times 2^-112; exponent 31 takes the f32's 255.
  (func $half (param $h i32) (result f64)
    (local $mag i32)
    (local.set $mag (i32.shl (i32.and (local.get $h) (i32.const 0x7fff)) (i32.const 13)))
    (f64.promote_f32 (f32.reinterpret_i32 (i32.or (i32.shl (i32.and (local.get $h) (i32.const 0x8000)) (i32.const 16))
      (select (i32.or (local.get $mag) (i32.const 0x7f800000))
        (i32.reinterpret_f32 (f32.mul (f32.reinterpret_i32 (local.get $mag)) (f32.const 0x1p112)))
        (i32.gt_s (local.get $mag) (i32.const 0x0f7fe000)))))))

  ;; Computes the steps of one bone at `n` (1 to 17) consecutive frames into the f64 scratch, in
  ;; order: kind 0 the |dot| of the record's rotation with the one a frame earlier in f64 of their
  ;; f32 components (exactly 1 where the rotation word is unchanged), kind 1 the squared move in
  ;; f64 ((dx dx + dy dy) + dz dz; 0 where the position's halves are unchanged, or where it or the
  ;; new position's squared distance is not finite). Step i ends at record `last` - (n - 1 - i)
  ;; `bones` (records of the pass, addressed as $recordAt). Returns `count` of them with `skip`
  ;; and `limit`.
  (func $window (export "window") (param $kind i32) (param $last i32) (param $n i32) (param $bones i32)
      (param $b0 i32) (param $b1 i32) (param $b2 i32) (param $skip i32) (param $limit f64) (result i32)
    (local $record i32) (local $i i32) (local $at i32) (local $word i32) (local $previous i32) (local $value f64)
    (local $w1 i32) (local $w2 i32) (local $pw1 i32) (local $pw2 i32) (local $x f64) (local $y f64) (local $z f64)
    (local $dx f64) (local $dy f64) (local $dz f64)
    (local.set $record (i32.sub (local.get $last) (i32.mul (local.get $n) (local.get $bones))))
    (local.set $at (call $recordAt (local.get $record) (local.get $b0) (local.get $b1) (local.get $b2)))
    (if (i32.eqz (local.get $kind))
      (then
        (local.set $previous (i32.load (local.get $at)))
        (call $decode (local.get $previous) (i32.const 446480))
        (loop $turns
          (local.set $record (i32.add (local.get $record) (local.get $bones)))
          (local.set $word (i32.load (call $recordAt (local.get $record) (local.get $b0) (local.get $b1) (local.get $b2))))
          (local.set $value (f64.const 1))
          (if (i32.ne (local.get $word) (local.get $previous))
            (then
              (call $decode (local.get $word) (i32.const 446464))
              (local.set $value (f64.abs (f64.add (f64.add (f64.add
                (f64.mul (f64.promote_f32 (f32.load (i32.const 446464))) (f64.promote_f32 (f32.load (i32.const 446480))))
                (f64.mul (f64.promote_f32 (f32.load (i32.const 446468))) (f64.promote_f32 (f32.load (i32.const 446484)))))
                (f64.mul (f64.promote_f32 (f32.load (i32.const 446472))) (f64.promote_f32 (f32.load (i32.const 446488)))))
                (f64.mul (f64.promote_f32 (f32.load (i32.const 446476))) (f64.promote_f32 (f32.load (i32.const 446492)))))))
              (v128.store (i32.const 446480) (v128.load (i32.const 446464)))
              (local.set $previous (local.get $word))))
          (f64.store offset=446528 (i32.shl (local.get $i) (i32.const 3)) (local.get $value))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br_if $turns (i32.lt_u (local.get $i) (local.get $n)))))
      (else
        (local.set $pw1 (i32.load offset=4 (local.get $at)))
        (local.set $pw2 (i32.load offset=8 (local.get $at)))
        (loop $moves
          (local.set $record (i32.add (local.get $record) (local.get $bones)))
          (local.set $at (call $recordAt (local.get $record) (local.get $b0) (local.get $b1) (local.get $b2)))
          (local.set $w1 (i32.load offset=4 (local.get $at)))
          (local.set $w2 (i32.load offset=8 (local.get $at)))
          (local.set $value (f64.const 0))
          (if (i32.or (i32.ne (local.get $w1) (local.get $pw1)) (i32.and (i32.xor (local.get $w2) (local.get $pw2)) (i32.const 0xffff)))
            (then
              (local.set $x (call $half (local.get $w1)))
              (local.set $y (call $half (i32.shr_u (local.get $w1) (i32.const 16))))
              (local.set $z (call $half (local.get $w2)))
              (local.set $dx (f64.sub (local.get $x) (call $half (local.get $pw1))))
              (local.set $dy (f64.sub (local.get $y) (call $half (i32.shr_u (local.get $pw1) (i32.const 16)))))
              (local.set $dz (f64.sub (local.get $z) (call $half (local.get $pw2))))
              (local.set $value (f64.add (f64.add (f64.mul (local.get $dx) (local.get $dx)) (f64.mul (local.get $dy) (local.get $dy))) (f64.mul (local.get $dz) (local.get $dz))))
              (if (i32.eqz (i32.and (f64.lt (local.get $value) (f64.const inf))
                    (f64.lt (f64.add (f64.add (f64.mul (local.get $x) (local.get $x)) (f64.mul (local.get $y) (local.get $y))) (f64.mul (local.get $z) (local.get $z))) (f64.const inf))))
                (then (local.set $value (f64.const 0))))))
          (f64.store offset=446528 (i32.shl (local.get $i) (i32.const 3)) (local.get $value))
          (local.set $pw1 (local.get $w1))
          (local.set $pw2 (local.get $w2))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br_if $moves (i32.lt_u (local.get $i) (local.get $n))))))
    (call $count (local.get $kind) (local.get $n) (local.get $skip) (local.get $limit)))

  ;; Of the `n` steps `window` computed, each as f32 (as the loop's ring holds it), the one at `skip`
  ;; left out: kind 0, how many are below `limit`; kind 1, how many are above it, or -1 when one is NaN.
  (func $count (export "count") (param $kind i32) (param $n i32) (param $skip i32) (param $limit f64) (result i32)
    (local $i i32) (local $value f64) (local $counted i32)
    (block $done
      (loop $steps
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (if (i32.ne (local.get $i) (local.get $skip))
          (then
            (local.set $value (f64.promote_f32 (f32.demote_f64 (f64.load offset=446528 (i32.shl (local.get $i) (i32.const 3))))))
            (if (i32.eqz (local.get $kind))
              (then (local.set $counted (i32.add (local.get $counted) (f64.lt (local.get $value) (local.get $limit)))))
              (else
                (if (f64.ne (local.get $value) (local.get $value)) (then (return (i32.const -1))))
                (local.set $counted (i32.add (local.get $counted) (f64.gt (local.get $value) (local.get $limit))))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $steps)))
    (local.get $counted))

  ;; The candidates among the gate's flagged groups of the last scan (`groups` of them at 401280), as
  ;; the scanner takes a flagged record: of `count` positions from 512, the records at `start` + i of
  ;; the pass (addressed as $recordAt), frame 1 or later (record >= `bones`); a flagged turn whose step
  ;; (`window` kind 0, the step alone at frame 1, else with the one before) is below `cosHalfMin`
  ;; where the one before, as f32, is not; a flagged move whose squared move is above `ratioSquared`
  ;; times the one before as f32 (times 0 at frame 1). Writes record << 1 | kind (0 turn, 1 move) at
  ;; 221376, in record order, a record's turn before its move; returns how many.
  (func (export "candidates") (param $groups i32) (param $start i32) (param $count i32) (param $bones i32)
      (param $b0 i32) (param $b1 i32) (param $b2 i32) (param $cosHalfMin f64) (param $ratioSquared f64) (result i32)
    (local $j i32) (local $position i32) (local $mask i32) (local $k i32) (local $i i32) (local $record i32)
    (local $n i32) (local $out i32) (local $before f64)
    (block $groupsDone
      (loop $eachGroup
        (br_if $groupsDone (i32.ge_u (local.get $j) (local.get $groups)))
        (local.set $position (i32.load offset=401280 (i32.shl (local.get $j) (i32.const 3))))
        (local.set $mask (i32.load offset=401284 (i32.shl (local.get $j) (i32.const 3))))
        (local.set $k (i32.const 0))
        (block $lanesDone
          (loop $eachLane
            (br_if $lanesDone (i32.ge_u (local.get $k) (i32.const 4)))
            (local.set $i (i32.add (i32.sub (local.get $position) (i32.const 512)) (local.get $k)))
            (br_if $lanesDone (i32.ge_s (local.get $i) (local.get $count)))
            (local.set $record (i32.add (local.get $start) (local.get $i)))
            (if (i32.ge_u (local.get $record) (local.get $bones))
              (then
                ;; The step before and the record's own (frame 1: its own alone, the one before is no step).
                (local.set $n (select (i32.const 1) (i32.const 2) (i32.lt_u (local.get $record) (i32.shl (local.get $bones) (i32.const 1)))))
                (if (i32.and (i32.shr_u (local.get $mask) (i32.add (local.get $k) (i32.const 4))) (i32.const 1))
                  (then
                    (drop (call $window (i32.const 0) (local.get $record) (local.get $n) (local.get $bones)
                      (local.get $b0) (local.get $b1) (local.get $b2) (i32.const 0) (f64.const 0)))
                    (if (i32.and
                          (f64.lt (f64.load offset=446528 (i32.shl (i32.sub (local.get $n) (i32.const 1)) (i32.const 3))) (local.get $cosHalfMin))
                          (i32.or (i32.eq (local.get $n) (i32.const 1))
                            (f64.ge (f64.promote_f32 (f32.demote_f64 (f64.load (i32.const 446528)))) (local.get $cosHalfMin))))
                      (then
                        (i32.store offset=221376 (i32.shl (local.get $out) (i32.const 2)) (i32.shl (local.get $record) (i32.const 1)))
                        (local.set $out (i32.add (local.get $out) (i32.const 1)))))))
                (if (i32.and (i32.shr_u (local.get $mask) (i32.add (local.get $k) (i32.const 8))) (i32.const 1))
                  (then
                    (drop (call $window (i32.const 1) (local.get $record) (local.get $n) (local.get $bones)
                      (local.get $b0) (local.get $b1) (local.get $b2) (i32.const 0) (f64.const 0)))
                    (local.set $before (select (f64.const 0) (f64.promote_f32 (f32.demote_f64 (f64.load (i32.const 446528)))) (i32.eq (local.get $n) (i32.const 1))))
                    (if (f64.gt (f64.load offset=446528 (i32.shl (i32.sub (local.get $n) (i32.const 1)) (i32.const 3)))
                          (f64.mul (local.get $ratioSquared) (local.get $before)))
                      (then
                        (i32.store offset=221376 (i32.shl (local.get $out) (i32.const 2)) (i32.or (i32.shl (local.get $record) (i32.const 1)) (i32.const 1)))
                        (local.set $out (i32.add (local.get $out) (i32.const 1)))))))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $eachLane)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $eachGroup)))
    (local.get $out))
)
