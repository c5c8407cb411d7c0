;; The motion rules' per-record step (formats/motion/motionScanner.ts's scanBones), in scalar f64
;; and f32 arithmetic that rounds exactly as the TypeScript reference does (f32 where it stores to
;; a Float32Array or calls Math.fround, f64 elsewhere, the same operations in the same order), so
;; the rings, sums and candidates are bit for bit the reference's; a unit test compares them.
;; Assembled by scripts/build-wasm.mjs into motionKernel.generated.ts. The loader
;; (formats/wasm/motionKernel.ts) fills the tables once, copies records to $INPUT and reads the
;; state and the candidates in place. Layout (bytes; one instance per clip, at most 255 bones):
;;   0 f16 -> f32 table (65536 f32)   262144 rotation field   266240 its square
;;   270336 1 - square                 274432 previous record (4 u32 per bone)
;;   278528 previous rotation (4 f32)  282624 previous position (3 f32)
;;   286720 turn ring (17 f32 per bone) 304128 move ring (17 f32 per bone)
;;   321536 moved (u8 per bone)        321792 sums (2 f64)   321808 one decoded rotation (4 f32)
;;   321824 candidates (2 u32 each)    583968 input records
(module
  (memory (export "memory") 13)

  ;; Records [0, count) at $INPUT + $in * 16 for bones from $bone of frame $frame (> 0), the ring
  ;; slots $slot (this step) and $previous (the step before). Writes each candidate as (bone,
  ;; frame * 2 + kind) (only with $judging non-zero) and returns candidates * 2 + (1 when any record changed).
  (func (export "scan") (param $in i32) (param $count i32) (param $bone i32) (param $frame i32)
      (param $slot i32) (param $previous i32) (param $cosHalfMin f64) (param $ratioSquared f64) (param $judging i32) (result i32)
    (local $i i32) (local $end i32) (local $p i32) (local $at i32) (local $o i32)
    (local $rot i32) (local $w1 i32) (local $w2 i32) (local $w3 i32) (local $idx i32)
    (local $a i32) (local $b i32) (local $c i32) (local $cand i32) (local $changed i32)
    (local $radicand f32) (local $fa f32) (local $fb f32) (local $fc f32) (local $fd f32)
    (local $qx f32) (local $qy f32) (local $qz f32) (local $qw f32)
    (local $cos f64) (local $move f64) (local $reach f64) (local $px f64) (local $py f64) (local $pz f64)
    (local $dx f64) (local $dy f64) (local $dz f64) (local $steps f64) (local $farthest f64)
    (local.set $steps (f64.load (i32.const 321792)))
    (local.set $farthest (f64.load (i32.const 321800)))
    (local.set $i (i32.add (i32.const 583968) (i32.shl (local.get $in) (i32.const 4))))
    (local.set $end (i32.add (local.get $i) (i32.shl (local.get $count) (i32.const 4))))
    (local.set $cand (i32.const 321824))
    (block $done
      (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
      (loop $record
        (local.set $rot (i32.load (local.get $i)))
        (local.set $w1 (i32.load offset=4 (local.get $i)))
        (local.set $w2 (i32.load offset=8 (local.get $i)))
        (local.set $w3 (i32.load offset=12 (local.get $i)))
        (local.set $p (i32.add (i32.const 274432) (i32.shl (local.get $bone) (i32.const 4))))
        (local.set $at (i32.mul (local.get $bone) (i32.const 68)))
        (block $next
          (if (v128.any_true (v128.xor (v128.load (local.get $i)) (v128.load (local.get $p))))
            (then)
            (else
              (f32.store (i32.add (local.get $at) (i32.add (i32.const 286720) (i32.shl (local.get $slot) (i32.const 2)))) (f32.const 1))
              (f32.store (i32.add (local.get $at) (i32.add (i32.const 304128) (i32.shl (local.get $slot) (i32.const 2)))) (f32.const 0))
              (br $next)))
          (local.set $changed (i32.const 1))
          (i32.store8 (i32.add (i32.const 321536) (local.get $bone)) (i32.const 1))
          ;; Once no candidate can be taken (the cap reached, every pending one judged) only the
          ;; counters and sums matter: $judging 0 skips the rotations, the turn ring and the candidates.
          (if (local.get $judging) (then
            (local.set $cos (f64.const 1))
            (if (i32.ne (local.get $rot) (i32.load (local.get $p)))
              (then
                (local.set $a (i32.shl (i32.shr_u (local.get $rot) (i32.const 22)) (i32.const 2)))
                (local.set $b (i32.shl (i32.and (i32.shr_u (local.get $rot) (i32.const 12)) (i32.const 0x3ff)) (i32.const 2)))
                (local.set $c (i32.shl (i32.and (i32.shr_u (local.get $rot) (i32.const 2)) (i32.const 0x3ff)) (i32.const 2)))
                (local.set $idx (i32.and (local.get $rot) (i32.const 3)))
                (local.set $radicand (f32.sub (f32.sub (f32.load offset=270336 (local.get $a)) (f32.load offset=266240 (local.get $b))) (f32.load offset=266240 (local.get $c))))
                ;; f32.sqrt rounds as Math.sqrt stored to a Float32Array (double rounding is exact for sqrt).
                (local.set $fd (f32.sqrt (select (local.get $radicand) (f32.const 0) (f32.gt (local.get $radicand) (f32.const 0)))))
                (local.set $fa (f32.load offset=262144 (local.get $a)))
                (local.set $fb (f32.load offset=262144 (local.get $b)))
                (local.set $fc (f32.load offset=262144 (local.get $c)))
                ;; The dropped component at $idx, the kept three in order around it, placed in
                ;; registers: x y z w = (d a b c), (a d b c), (a b d c) or (a b c d).
                (local.set $qx (select (local.get $fd) (local.get $fa) (i32.eqz (local.get $idx))))
                (local.set $qy (select (local.get $fa) (select (local.get $fd) (local.get $fb) (i32.eq (local.get $idx) (i32.const 1))) (i32.eqz (local.get $idx))))
                (local.set $qz (select (local.get $fb) (select (local.get $fd) (local.get $fc) (i32.eq (local.get $idx) (i32.const 2))) (i32.le_u (local.get $idx) (i32.const 1))))
                (local.set $qw (select (local.get $fd) (local.get $fc) (i32.eq (local.get $idx) (i32.const 3))))
                (local.set $o (i32.add (i32.const 278528) (i32.shl (local.get $bone) (i32.const 4))))
                (local.set $cos (f64.abs (f64.add (f64.add (f64.add
                  (f64.mul (f64.promote_f32 (local.get $qx)) (f64.promote_f32 (f32.load (local.get $o))))
                  (f64.mul (f64.promote_f32 (local.get $qy)) (f64.promote_f32 (f32.load offset=4 (local.get $o)))))
                  (f64.mul (f64.promote_f32 (local.get $qz)) (f64.promote_f32 (f32.load offset=8 (local.get $o)))))
                  (f64.mul (f64.promote_f32 (local.get $qw)) (f64.promote_f32 (f32.load offset=12 (local.get $o)))))))
                (f32.store (local.get $o) (local.get $qx))
                (f32.store offset=4 (local.get $o) (local.get $qy))
                (f32.store offset=8 (local.get $o) (local.get $qz))
                (f32.store offset=12 (local.get $o) (local.get $qw))))
            (f32.store (i32.add (local.get $at) (i32.add (i32.const 286720) (i32.shl (local.get $slot) (i32.const 2)))) (f32.demote_f64 (local.get $cos)))
            (if (i32.and
                  (f64.lt (local.get $cos) (local.get $cosHalfMin))
                  (i32.or (i32.eq (local.get $frame) (i32.const 1))
                    (f64.ge (f64.promote_f32 (f32.load (i32.add (local.get $at) (i32.add (i32.const 286720) (i32.shl (local.get $previous) (i32.const 2))))))
                      (local.get $cosHalfMin))))
              (then
                (i32.store (local.get $cand) (local.get $bone))
                (i32.store offset=4 (local.get $cand) (i32.shl (local.get $frame) (i32.const 1)))
                (local.set $cand (i32.add (local.get $cand) (i32.const 8)))))))
          (local.set $move (f64.const 0))
          (if (i32.or (i32.ne (local.get $w1) (i32.load offset=4 (local.get $p)))
                (i32.ne (i32.and (local.get $w2) (i32.const 0xffff)) (i32.and (i32.load offset=8 (local.get $p)) (i32.const 0xffff))))
            (then
              (local.set $o (i32.add (i32.const 282624) (i32.mul (local.get $bone) (i32.const 12))))
              (local.set $px (f64.promote_f32 (f32.load (i32.shl (i32.and (local.get $w1) (i32.const 0xffff)) (i32.const 2)))))
              (local.set $py (f64.promote_f32 (f32.load (i32.shl (i32.shr_u (local.get $w1) (i32.const 16)) (i32.const 2)))))
              (local.set $pz (f64.promote_f32 (f32.load (i32.shl (i32.and (local.get $w2) (i32.const 0xffff)) (i32.const 2)))))
              (local.set $dx (f64.sub (local.get $px) (f64.promote_f32 (f32.load (local.get $o)))))
              (local.set $dy (f64.sub (local.get $py) (f64.promote_f32 (f32.load offset=4 (local.get $o)))))
              (local.set $dz (f64.sub (local.get $pz) (f64.promote_f32 (f32.load offset=8 (local.get $o)))))
              (local.set $move (f64.add (f64.add (f64.mul (local.get $dx) (local.get $dx)) (f64.mul (local.get $dy) (local.get $dy))) (f64.mul (local.get $dz) (local.get $dz))))
              (f32.store (local.get $o) (f32.demote_f64 (local.get $px)))
              (f32.store offset=4 (local.get $o) (f32.demote_f64 (local.get $py)))
              (f32.store offset=8 (local.get $o) (f32.demote_f64 (local.get $pz)))
              (local.set $reach (f64.add (f64.add (f64.mul (local.get $px) (local.get $px)) (f64.mul (local.get $py) (local.get $py))) (f64.mul (local.get $pz) (local.get $pz))))
              ;; A NaN or infinite position is the lint's anim/non-finite, not motion.
              (if (i32.or (i32.eqz (f64.lt (local.get $move) (f64.const inf))) (i32.eqz (f64.lt (local.get $reach) (f64.const inf))))
                (then (local.set $move (f64.const 0)))
                (else (if (f64.gt (local.get $reach) (local.get $farthest)) (then (local.set $farthest (local.get $reach))))))
              (local.set $steps (f64.add (local.get $steps) (local.get $move)))
              (if (i32.and (local.get $judging) (f64.gt (local.get $move)
                    (f64.mul (local.get $ratioSquared) (f64.promote_f32 (f32.load (i32.add (local.get $at) (i32.add (i32.const 304128) (i32.shl (local.get $previous) (i32.const 2)))))))))
                (then
                  (i32.store (local.get $cand) (local.get $bone))
                  (i32.store offset=4 (local.get $cand) (i32.or (i32.shl (local.get $frame) (i32.const 1)) (i32.const 1)))
                  (local.set $cand (i32.add (local.get $cand) (i32.const 8)))))))
          (f32.store (i32.add (local.get $at) (i32.add (i32.const 304128) (i32.shl (local.get $slot) (i32.const 2)))) (f32.demote_f64 (local.get $move)))
          (v128.store (local.get $p) (v128.load (local.get $i))))
        (local.set $bone (i32.add (local.get $bone) (i32.const 1)))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br_if $record (i32.lt_u (local.get $i) (local.get $end)))))
    (f64.store (i32.const 321792) (local.get $steps))
    (f64.store (i32.const 321800) (local.get $farthest))
    (i32.or (i32.shr_u (i32.sub (local.get $cand) (i32.const 321824)) (i32.const 2)) (local.get $changed))))
