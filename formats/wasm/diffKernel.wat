;; The clip diff's per-record step (formats/diff/clipDiffReference.ts's measure and
;; clipDiffTotals.ts's add, fused): compare two windows of records, and for every pair whose bytes
;; differ decode only the channels whose bits differ, measure them (angle in degrees, distance,
;; scale ratio) and fold the measures into the per-bone, per-frame and grid totals. Every step
;; rounds exactly as the TypeScript reference: rotations decode in f32 from the shared tables,
;; halves through the shared f16 table, measures in f64 with the same operations in the same
;; order, and acos is fdlibm's (the one V8's Math.acos runs), so the totals are bit for bit the
;; reference's; a unit test compares them, and the loader checks $acos against Math.acos.
;; Assembled by scripts/build-wasm.mjs into diffKernel.generated.ts; loaded by diffKernel.ts,
;; one instance per diff. Layout (bytes):
;;   0 f16 -> f32 table (65536 f32)   262144 rotation field (1024 f32)   266240 its square
;;   270336 1 - square                 274432 two decoded rotations (4 f32 each)
;;   274496 bone totals, 64 bytes a bone (at most 255): f64 rotation max, sum, position max,
;;          sum, scale max, sum; i32 rotation frame, position frame, scale frame, changed
;;   290816 one frame's lists (256 each): f64 norms' product, |dot|, distance, ratio, angle;
;;          i32 bone, angle to compute
;;   303104 and on, where the loader puts them: frame totals (32 bytes a frame: f64 rotation max,
;;   position max, scale max; i32 rotation bone, changed), the window's grid slab, the windows.
(module
  (memory (export "memory") 5)

  ;; acos(x) as fdlibm's e_acos.c computes it (Sun Microsystems, 1993; freely redistributable),
  ;; the same f64 operations in the same order, hence the same bits as V8's Math.acos.
  (func $acos (export "acos") (param $x f64) (result f64)
    (local $hx i32) (local $ix i32) (local $z f64) (local $p f64) (local $q f64) (local $s f64) (local $df f64) (local $c f64)
    (local.set $hx (i32.wrap_i64 (i64.shr_u (i64.reinterpret_f64 (local.get $x)) (i64.const 32))))
    (local.set $ix (i32.and (local.get $hx) (i32.const 0x7fffffff)))
    (if (i32.ge_u (local.get $ix) (i32.const 0x3ff00000))
      (then
        (if (i32.eqz (i32.or (i32.sub (local.get $ix) (i32.const 0x3ff00000)) (i32.wrap_i64 (i64.reinterpret_f64 (local.get $x)))))
          (then
            (if (i32.gt_s (local.get $hx) (i32.const 0)) (then (return (f64.const 0))))
            (return (f64.add (f64.const 0x1.921fb54442d18p1) (f64.mul (f64.const 2) (f64.const 0x1.1a62633145c07p-54))))))
        (return (f64.const nan))))
    (if (i32.lt_u (local.get $ix) (i32.const 0x3fe00000))
      (then
        (if (i32.le_u (local.get $ix) (i32.const 0x3c600000))
          (then (return (f64.add (f64.const 0x1.921fb54442d18p0) (f64.const 0x1.1a62633145c07p-54)))))
        (local.set $z (f64.mul (local.get $x) (local.get $x)))
        (return (f64.sub (f64.const 0x1.921fb54442d18p0)
          (f64.sub (local.get $x) (f64.sub (f64.const 0x1.1a62633145c07p-54)
            (f64.mul (local.get $x) (f64.div (call $acosP (local.get $z)) (call $acosQ (local.get $z))))))))))
    (if (i32.lt_s (local.get $hx) (i32.const 0))
      (then
        (local.set $z (f64.mul (f64.add (f64.const 1) (local.get $x)) (f64.const 0.5)))
        (local.set $p (call $acosP (local.get $z)))
        (local.set $q (call $acosQ (local.get $z)))
        (local.set $s (f64.sqrt (local.get $z)))
        (return (f64.sub (f64.const 0x1.921fb54442d18p1)
          (f64.mul (f64.const 2) (f64.add (local.get $s)
            (f64.sub (f64.mul (f64.div (local.get $p) (local.get $q)) (local.get $s)) (f64.const 0x1.1a62633145c07p-54))))))))
    (local.set $z (f64.mul (f64.sub (f64.const 1) (local.get $x)) (f64.const 0.5)))
    (local.set $s (f64.sqrt (local.get $z)))
    (local.set $df (f64.reinterpret_i64 (i64.and (i64.reinterpret_f64 (local.get $s)) (i64.const 0xffffffff00000000))))
    (local.set $c (f64.div (f64.sub (local.get $z) (f64.mul (local.get $df) (local.get $df))) (f64.add (local.get $s) (local.get $df))))
    (f64.mul (f64.const 2) (f64.add (local.get $df)
      (f64.add (f64.mul (f64.div (call $acosP (local.get $z)) (call $acosQ (local.get $z))) (local.get $s)) (local.get $c)))))

  ;; fdlibm's numerator z*(pS0 + z*(pS1 + ... + z*pS5)) and denominator 1 + z*(qS1 + ... + z*qS4).
  (func $acosP (param $z f64) (result f64)
    (f64.mul (local.get $z) (f64.add (f64.const 0x1.5555555555555p-3) (f64.mul (local.get $z)
      (f64.add (f64.const -0x1.4d61203eb6f7dp-2) (f64.mul (local.get $z)
        (f64.add (f64.const 0x1.9c1550e884455p-3) (f64.mul (local.get $z)
          (f64.add (f64.const -0x1.48228b5688f3bp-5) (f64.mul (local.get $z)
            (f64.add (f64.const 0x1.9efe07501b288p-11) (f64.mul (local.get $z) (f64.const 0x1.23de10dfdf709p-15)))))))))))))
  (func $acosQ (param $z f64) (result f64)
    (f64.add (f64.const 1) (f64.mul (local.get $z)
      (f64.add (f64.const -0x1.33a271c8a2d4bp1) (f64.mul (local.get $z)
        (f64.add (f64.const 0x1.02ae59c598ac8p1) (f64.mul (local.get $z)
          (f64.add (f64.const -0x1.6066c1b8d0159p-1) (f64.mul (local.get $z) (f64.const 0x1.3b8c5b12e9282p-4))))))))))

  ;; Object.is on two decoded halves: the same bits, or both NaN.
  (func $same (param $x f32) (param $y f32) (result i32)
    (i32.or (i32.eq (i32.reinterpret_f32 (local.get $x)) (i32.reinterpret_f32 (local.get $y)))
      (i32.and (f32.ne (local.get $x) (local.get $x)) (f32.ne (local.get $y) (local.get $y)))))

;; Per frame, three steps. 1: each pair whose bytes differ is decoded where its bits differ; a
  ;; rotation pair leaves its norms' product and |dot| (rotationAngleDeg before its sqrt), the
  ;; position its distance, the scale its ratio, in the frame's lists at 290816 (f64 product,
  ;; |dot|, distance, ratio, angle; i32 bone, whether there is an angle to compute). 2: the angles,
  ;; two at a time in f64x2 lanes (sqrt, divide, fdlibm's acos: each lane the scalar steps, so the
  ;; same bits); cosines outside acos's two common branches go through $acos. 3: the totals, in
  ;; record order, as clipDiffTotals.ts's add.
  ;; Compares frames [first, first + count) of the two windows (frame f's records at
  ;; $a + f * $strideA and $b + f * $strideB), bones [0, $bones). Frame totals are at
  ;; $frameAt + frame * 32 (whole-clip frame numbers); the grid slab holds $slabColumns cells a
  ;; bone from column $columnFirst, where frame's column is frame * $columns / $frames. Returns
  ;; how many pairs changed by meaning.
  (func (export "compare") (param $a i32) (param $strideA i32) (param $b i32) (param $strideB i32) (param $bones i32)
      (param $first i32) (param $count i32) (param $frames i32) (param $columns i32) (param $columnFirst i32)
      (param $slab i32) (param $slabColumns i32) (param $frameAt i32) (result i32)
    (local $f i32) (local $frame i32) (local $bone i32) (local $ra i32) (local $rb i32) (local $cell i32) (local $cellRow i32)
    (local $fa i32) (local $ba i32) (local $changed i32) (local $n i32) (local $k i32) (local $flag i32)
    (local $rotA i32) (local $rotB i32) (local $w1A i32) (local $w1B i32) (local $w2A i32) (local $w2B i32) (local $w3A i32) (local $w3B i32)
    (local $angle f64) (local $distance f64) (local $ratio f64) (local $r f64)
    (local $ax f64) (local $ay f64) (local $az f64) (local $aw f64) (local $bx f64) (local $by f64) (local $bz f64) (local $bw f64)
    (local $dx f64) (local $dy f64) (local $dz f64)
    (local $xA f32) (local $yA f32) (local $zA f32) (local $xB f32) (local $yB f32) (local $zB f32)
    (local $qa i32) (local $qb i32) (local $qc i32) (local $idx i32) (local $radicand f32)
    (local $sa f64) (local $sb f64) (local $q f64)
    (local $norms v128) (local $cos v128) (local $near v128) (local $z v128) (local $pq v128) (local $s v128) (local $df v128)
    (local $angles v128) (local $valid v128) (local $todo v128) (local $fix v128)
    (if (i32.eqz (local.get $count)) (then (return (i32.const 0))))
    (loop $frameLoop
      (local.set $frame (i32.add (local.get $first) (local.get $f)))
      (local.set $cellRow (i32.add (local.get $slab) (i32.shl
        (i32.sub (i32.div_u (i32.mul (local.get $frame) (local.get $columns)) (local.get $frames)) (local.get $columnFirst)) (i32.const 3))))
      (local.set $fa (i32.add (local.get $frameAt) (i32.shl (local.get $frame) (i32.const 5))))
      (local.set $ra (i32.add (local.get $a) (i32.mul (local.get $f) (local.get $strideA))))
      (local.set $rb (i32.add (local.get $b) (i32.mul (local.get $f) (local.get $strideB))))
      (local.set $bone (i32.const 0))
      (local.set $n (i32.const 0))
      ;; Step 1.
      (loop $record
        (block $next
          (br_if $next (i32.eqz (v128.any_true (v128.xor (v128.load (local.get $ra)) (v128.load (local.get $rb))))))
          (local.set $rotA (i32.load (local.get $ra)))
          (local.set $w1A (i32.load offset=4 (local.get $ra)))
          (local.set $w2A (i32.load offset=8 (local.get $ra)))
          (local.set $w3A (i32.load offset=12 (local.get $ra)))
          (local.set $rotB (i32.load (local.get $rb)))
          (local.set $w1B (i32.load offset=4 (local.get $rb)))
          (local.set $w2B (i32.load offset=8 (local.get $rb)))
          (local.set $w3B (i32.load offset=12 (local.get $rb)))
          ;; Rotation: metrics.ts's rotationAngleDeg up to its sqrt (equal decoded rotations: angle 0).
          (local.set $flag (i32.const 0))
          (if (i32.ne (local.get $rotA) (local.get $rotB))
            (then
              ;; Decoded as clip.ts's decodeRecordInto, to 274432 (A) and 274448 (B).
              (local.set $qa (i32.shl (i32.shr_u (local.get $rotA) (i32.const 22)) (i32.const 2)))
              (local.set $qb (i32.shl (i32.and (i32.shr_u (local.get $rotA) (i32.const 12)) (i32.const 0x3ff)) (i32.const 2)))
              (local.set $qc (i32.shl (i32.and (i32.shr_u (local.get $rotA) (i32.const 2)) (i32.const 0x3ff)) (i32.const 2)))
              (local.set $idx (i32.and (local.get $rotA) (i32.const 3)))
              (local.set $radicand (f32.sub (f32.sub (f32.load offset=270336 (local.get $qa)) (f32.load offset=266240 (local.get $qb))) (f32.load offset=266240 (local.get $qc))))
              (f32.store offset=274432 (i32.shl (local.get $idx) (i32.const 2))
                (f32.sqrt (select (local.get $radicand) (f32.const 0) (f32.gt (local.get $radicand) (f32.const 0)))))
              (f32.store offset=274432 (i32.shl (i32.shr_u (i32.sub (local.get $idx) (i32.const 1)) (i32.const 31)) (i32.const 2))
                (f32.load offset=262144 (local.get $qa)))
              (f32.store offset=274432 (i32.shl (i32.add (i32.const 1) (i32.shr_u (i32.sub (local.get $idx) (i32.const 2)) (i32.const 31))) (i32.const 2))
                (f32.load offset=262144 (local.get $qb)))
              (f32.store offset=274432 (i32.shl (i32.add (i32.const 2) (i32.shr_u (i32.sub (local.get $idx) (i32.const 3)) (i32.const 31))) (i32.const 2))
                (f32.load offset=262144 (local.get $qc)))
              (local.set $qa (i32.shl (i32.shr_u (local.get $rotB) (i32.const 22)) (i32.const 2)))
              (local.set $qb (i32.shl (i32.and (i32.shr_u (local.get $rotB) (i32.const 12)) (i32.const 0x3ff)) (i32.const 2)))
              (local.set $qc (i32.shl (i32.and (i32.shr_u (local.get $rotB) (i32.const 2)) (i32.const 0x3ff)) (i32.const 2)))
              (local.set $idx (i32.and (local.get $rotB) (i32.const 3)))
              (local.set $radicand (f32.sub (f32.sub (f32.load offset=270336 (local.get $qa)) (f32.load offset=266240 (local.get $qb))) (f32.load offset=266240 (local.get $qc))))
              (f32.store offset=274448 (i32.shl (local.get $idx) (i32.const 2))
                (f32.sqrt (select (local.get $radicand) (f32.const 0) (f32.gt (local.get $radicand) (f32.const 0)))))
              (f32.store offset=274448 (i32.shl (i32.shr_u (i32.sub (local.get $idx) (i32.const 1)) (i32.const 31)) (i32.const 2))
                (f32.load offset=262144 (local.get $qa)))
              (f32.store offset=274448 (i32.shl (i32.add (i32.const 1) (i32.shr_u (i32.sub (local.get $idx) (i32.const 2)) (i32.const 31))) (i32.const 2))
                (f32.load offset=262144 (local.get $qb)))
              (f32.store offset=274448 (i32.shl (i32.add (i32.const 2) (i32.shr_u (i32.sub (local.get $idx) (i32.const 3)) (i32.const 31))) (i32.const 2))
                (f32.load offset=262144 (local.get $qc)))
              (local.set $ax (f64.promote_f32 (f32.load (i32.const 274432))))
              (local.set $ay (f64.promote_f32 (f32.load (i32.const 274436))))
              (local.set $az (f64.promote_f32 (f32.load (i32.const 274440))))
              (local.set $aw (f64.promote_f32 (f32.load (i32.const 274444))))
              (local.set $bx (f64.promote_f32 (f32.load (i32.const 274448))))
              (local.set $by (f64.promote_f32 (f32.load (i32.const 274452))))
              (local.set $bz (f64.promote_f32 (f32.load (i32.const 274456))))
              (local.set $bw (f64.promote_f32 (f32.load (i32.const 274460))))
              (if (i32.eqz (i32.and (i32.and (f64.eq (local.get $ax) (local.get $bx)) (f64.eq (local.get $ay) (local.get $by)))
                    (i32.and (f64.eq (local.get $az) (local.get $bz)) (f64.eq (local.get $aw) (local.get $bw)))))
                (then
                  (local.set $flag (i32.const 1))
                  (f64.store offset=290816 (i32.shl (local.get $n) (i32.const 3)) (f64.mul
                    (f64.add (f64.add (f64.add (f64.mul (local.get $ax) (local.get $ax)) (f64.mul (local.get $ay) (local.get $ay)))
                      (f64.mul (local.get $az) (local.get $az))) (f64.mul (local.get $aw) (local.get $aw)))
                    (f64.add (f64.add (f64.add (f64.mul (local.get $bx) (local.get $bx)) (f64.mul (local.get $by) (local.get $by)))
                      (f64.mul (local.get $bz) (local.get $bz))) (f64.mul (local.get $bw) (local.get $bw)))))
                  (f64.store offset=292864 (i32.shl (local.get $n) (i32.const 3))
                    (f64.abs (f64.add (f64.add (f64.add (f64.mul (local.get $ax) (local.get $bx)) (f64.mul (local.get $ay) (local.get $by)))
                      (f64.mul (local.get $az) (local.get $bz))) (f64.mul (local.get $aw) (local.get $bw)))))))))
          ;; Position: metrics.ts's distance3 over word 1 and the low half of word 2.
          (local.set $distance (f64.const 0))
          (if (i32.or (i32.ne (local.get $w1A) (local.get $w1B))
                (i32.and (i32.xor (local.get $w2A) (local.get $w2B)) (i32.const 0xffff)))
            (then
              (local.set $xA (f32.load (i32.shl (i32.and (local.get $w1A) (i32.const 0xffff)) (i32.const 2))))
              (local.set $yA (f32.load (i32.shl (i32.shr_u (local.get $w1A) (i32.const 16)) (i32.const 2))))
              (local.set $zA (f32.load (i32.shl (i32.and (local.get $w2A) (i32.const 0xffff)) (i32.const 2))))
              (local.set $xB (f32.load (i32.shl (i32.and (local.get $w1B) (i32.const 0xffff)) (i32.const 2))))
              (local.set $yB (f32.load (i32.shl (i32.shr_u (local.get $w1B) (i32.const 16)) (i32.const 2))))
              (local.set $zB (f32.load (i32.shl (i32.and (local.get $w2B) (i32.const 0xffff)) (i32.const 2))))
              (local.set $dx (f64.sub (f64.promote_f32 (local.get $xA)) (f64.promote_f32 (local.get $xB))))
              (local.set $dy (f64.sub (f64.promote_f32 (local.get $yA)) (f64.promote_f32 (local.get $yB))))
              (local.set $dz (f64.sub (f64.promote_f32 (local.get $zA)) (f64.promote_f32 (local.get $zB))))
              (if (i32.eqz (i32.and (i32.and (f64.eq (local.get $dx) (f64.const 0)) (f64.eq (local.get $dy) (f64.const 0)))
                    (f64.eq (local.get $dz) (f64.const 0))))
                (then
                  (local.set $distance (f64.sqrt (f64.add (f64.add (f64.mul (local.get $dx) (local.get $dx)) (f64.mul (local.get $dy) (local.get $dy)))
                    (f64.mul (local.get $dz) (local.get $dz)))))
                  (if (i32.eqz (f64.lt (local.get $distance) (f64.const inf)))
                    (then
                      (local.set $distance (select (f64.const 0) (f64.const inf)
                        (i32.and (i32.and (call $same (local.get $xA) (local.get $xB)) (call $same (local.get $yA) (local.get $yB)))
                          (call $same (local.get $zA) (local.get $zB)))))))))))
          ;; Scale: metrics.ts's scaleRatio over the high half of word 2 and word 3. An axis
          ;; whose halves repeat the x axis's on both sides has the x axis's ratio.
          (local.set $ratio (f64.const 1))
          (if (i32.or (i32.shr_u (i32.xor (local.get $w2A) (local.get $w2B)) (i32.const 16)) (i32.ne (local.get $w3A) (local.get $w3B)))
            (then
              ;; metrics.ts's axisRatio inlined: x/y, or 1/(x/y) below 1; Infinity without a ratio.
              (local.set $sa (f64.promote_f32 (f32.load (i32.shl (i32.shr_u (local.get $w2A) (i32.const 16)) (i32.const 2)))))
              (local.set $sb (f64.promote_f32 (f32.load (i32.shl (i32.shr_u (local.get $w2B) (i32.const 16)) (i32.const 2)))))
              (local.set $r (f64.const 1))
              (if (f64.ne (local.get $sa) (local.get $sb))
                (then
                  (local.set $q (f64.div (local.get $sa) (local.get $sb)))
                  (local.set $r (select
                    (select (local.get $q) (f64.div (f64.const 1) (local.get $q)) (f64.ge (local.get $q) (f64.const 1)))
                    (select (f64.const 1) (f64.const inf) (i32.and (f64.ne (local.get $sa) (local.get $sa)) (f64.ne (local.get $sb) (local.get $sb))))
                    (i32.and (f64.gt (local.get $q) (f64.const 0)) (f64.ne (local.get $q) (f64.const inf)))))))
              (local.set $ratio (local.get $r))
              (if (i32.or (i32.ne (i32.and (local.get $w3A) (i32.const 0xffff)) (i32.shr_u (local.get $w2A) (i32.const 16)))
                    (i32.ne (i32.and (local.get $w3B) (i32.const 0xffff)) (i32.shr_u (local.get $w2B) (i32.const 16))))
                (then
                  (local.set $sa (f64.promote_f32 (f32.load (i32.shl (i32.and (local.get $w3A) (i32.const 0xffff)) (i32.const 2)))))
                  (local.set $sb (f64.promote_f32 (f32.load (i32.shl (i32.and (local.get $w3B) (i32.const 0xffff)) (i32.const 2)))))
                  (local.set $r (f64.const 1))
                  (if (f64.ne (local.get $sa) (local.get $sb))
                    (then
                      (local.set $q (f64.div (local.get $sa) (local.get $sb)))
                      (local.set $r (select
                        (select (local.get $q) (f64.div (f64.const 1) (local.get $q)) (f64.ge (local.get $q) (f64.const 1)))
                        (select (f64.const 1) (f64.const inf) (i32.and (f64.ne (local.get $sa) (local.get $sa)) (f64.ne (local.get $sb) (local.get $sb))))
                        (i32.and (f64.gt (local.get $q) (f64.const 0)) (f64.ne (local.get $q) (f64.const inf)))))))
                  (local.set $ratio (f64.max (local.get $ratio) (local.get $r)))))
              (if (i32.or (i32.ne (i32.shr_u (local.get $w3A) (i32.const 16)) (i32.shr_u (local.get $w2A) (i32.const 16)))
                    (i32.ne (i32.shr_u (local.get $w3B) (i32.const 16)) (i32.shr_u (local.get $w2B) (i32.const 16))))
                (then
                  (local.set $sa (f64.promote_f32 (f32.load (i32.shl (i32.shr_u (local.get $w3A) (i32.const 16)) (i32.const 2)))))
                  (local.set $sb (f64.promote_f32 (f32.load (i32.shl (i32.shr_u (local.get $w3B) (i32.const 16)) (i32.const 2)))))
                  (local.set $r (f64.const 1))
                  (if (f64.ne (local.get $sa) (local.get $sb))
                    (then
                      (local.set $q (f64.div (local.get $sa) (local.get $sb)))
                      (local.set $r (select
                        (select (local.get $q) (f64.div (f64.const 1) (local.get $q)) (f64.ge (local.get $q) (f64.const 1)))
                        (select (f64.const 1) (f64.const inf) (i32.and (f64.ne (local.get $sa) (local.get $sa)) (f64.ne (local.get $sb) (local.get $sb))))
                        (i32.and (f64.gt (local.get $q) (f64.const 0)) (f64.ne (local.get $q) (f64.const inf)))))))
                  (local.set $ratio (f64.max (local.get $ratio) (local.get $r)))))))
          ;; Other bytes, same meaning (a -0 written as 0): listed only when a measure may differ.
          (br_if $next (i32.and (i32.eqz (local.get $flag))
            (i32.and (f64.eq (local.get $distance) (f64.const 0)) (f64.eq (local.get $ratio) (f64.const 1)))))
          (f64.store offset=294912 (i32.shl (local.get $n) (i32.const 3)) (local.get $distance))
          (f64.store offset=296960 (i32.shl (local.get $n) (i32.const 3)) (local.get $ratio))
          (i32.store offset=301056 (i32.shl (local.get $n) (i32.const 2)) (local.get $bone))
          (i32.store offset=302080 (i32.shl (local.get $n) (i32.const 2)) (local.get $flag))
          (local.set $n (i32.add (local.get $n) (i32.const 1))))
        (local.set $ra (i32.add (local.get $ra) (i32.const 16)))
        (local.set $rb (i32.add (local.get $rb) (i32.const 16)))
        (local.set $bone (i32.add (local.get $bone) (i32.const 1)))
        (br_if $record (i32.lt_u (local.get $bone) (local.get $bones))))
      ;; Step 2: lanes k and k + 1 (past the list's end a lane computes on stale values, unread).
      (local.set $k (i32.const 0))
      (block $anglesDone
        (br_if $anglesDone (i32.eqz (local.get $n)))
        (loop $angleLoop
          (local.set $norms (f64x2.sqrt (v128.load offset=290816 (i32.shl (local.get $k) (i32.const 3)))))
          (local.set $valid (v128.and (f64x2.gt (local.get $norms) (v128.const f64x2 0 0)) (f64x2.lt (local.get $norms) (v128.const f64x2 inf inf))))
          (local.set $cos (f64x2.min (v128.const f64x2 1 1) (f64x2.div (v128.load offset=292864 (i32.shl (local.get $k) (i32.const 3))) (local.get $norms))))
          (local.set $near (f64x2.ge (local.get $cos) (v128.const f64x2 0.5 0.5)))
          (local.set $z (v128.bitselect
            (f64x2.mul (f64x2.sub (v128.const f64x2 1 1) (local.get $cos)) (v128.const f64x2 0.5 0.5))
            (f64x2.mul (local.get $cos) (local.get $cos))
            (local.get $near)))
          (local.set $pq (f64x2.div
            (f64x2.mul (local.get $z) (f64x2.add (v128.const f64x2 0x1.5555555555555p-3 0x1.5555555555555p-3) (f64x2.mul (local.get $z)
            (f64x2.add (v128.const f64x2 -0x1.4d61203eb6f7dp-2 -0x1.4d61203eb6f7dp-2) (f64x2.mul (local.get $z)
              (f64x2.add (v128.const f64x2 0x1.9c1550e884455p-3 0x1.9c1550e884455p-3) (f64x2.mul (local.get $z)
                (f64x2.add (v128.const f64x2 -0x1.48228b5688f3bp-5 -0x1.48228b5688f3bp-5) (f64x2.mul (local.get $z)
                  (f64x2.add (v128.const f64x2 0x1.9efe07501b288p-11 0x1.9efe07501b288p-11)
                    (f64x2.mul (local.get $z) (v128.const f64x2 0x1.23de10dfdf709p-15 0x1.23de10dfdf709p-15))))))))))))
            (f64x2.add (v128.const f64x2 1 1) (f64x2.mul (local.get $z)
            (f64x2.add (v128.const f64x2 -0x1.33a271c8a2d4bp1 -0x1.33a271c8a2d4bp1) (f64x2.mul (local.get $z)
              (f64x2.add (v128.const f64x2 0x1.02ae59c598ac8p1 0x1.02ae59c598ac8p1) (f64x2.mul (local.get $z)
                (f64x2.add (v128.const f64x2 -0x1.6066c1b8d0159p-1 -0x1.6066c1b8d0159p-1)
                  (f64x2.mul (local.get $z) (v128.const f64x2 0x1.3b8c5b12e9282p-4 0x1.3b8c5b12e9282p-4)))))))))))
          (local.set $s (f64x2.sqrt (local.get $z)))
          (local.set $df (v128.and (local.get $s) (v128.const i64x2 0xffffffff00000000 0xffffffff00000000)))
          (local.set $angles (f64x2.mul (f64x2.mul (v128.const f64x2 2 2) (v128.bitselect
            (f64x2.mul (v128.const f64x2 2 2) (f64x2.add (local.get $df) (f64x2.add (f64x2.mul (local.get $pq) (local.get $s))
              (f64x2.div (f64x2.sub (local.get $z) (f64x2.mul (local.get $df) (local.get $df))) (f64x2.add (local.get $s) (local.get $df))))))
            (f64x2.sub (v128.const f64x2 0x1.921fb54442d18p0 0x1.921fb54442d18p0)
              (f64x2.sub (local.get $cos) (f64x2.sub (v128.const f64x2 0x1.1a62633145c07p-54 0x1.1a62633145c07p-54) (f64x2.mul (local.get $cos) (local.get $pq)))))
            (local.get $near)))
            (v128.const f64x2 0x1.ca5dc1a63c1f8p5 0x1.ca5dc1a63c1f8p5)))
          ;; No angle to compute: 0; norms 0 or not finite: Infinity.
          (local.set $todo (i64x2.ne (i64x2.extend_low_i32x4_s (v128.load64_zero offset=302080 (i32.shl (local.get $k) (i32.const 2)))) (v128.const i64x2 0 0)))
          (local.set $angles (v128.and (v128.bitselect (local.get $angles) (v128.const f64x2 inf inf) (local.get $valid)) (local.get $todo)))
          (v128.store offset=299008 (i32.shl (local.get $k) (i32.const 3)) (local.get $angles))
          ;; Cosines outside (2^-57, 1): $acos (1 gives 0; NaN cannot come from finite norms).
          (local.set $fix (v128.andnot (v128.and (local.get $todo) (local.get $valid))
            (v128.and (f64x2.ge (local.get $cos) (v128.const f64x2 0x1.0000100000000p-57 0x1.0000100000000p-57)) (f64x2.lt (local.get $cos) (v128.const f64x2 1 1)))))
          (if (v128.any_true (local.get $fix))
            (then
              (if (i64.ne (i64x2.extract_lane 0 (local.get $fix)) (i64.const 0))
                (then (f64.store offset=299008 (i32.shl (local.get $k) (i32.const 3))
                  (f64.mul (f64.mul (f64.const 2) (call $acos (f64x2.extract_lane 0 (local.get $cos)))) (f64.const 0x1.ca5dc1a63c1f8p5)))))
              (if (i64.ne (i64x2.extract_lane 1 (local.get $fix)) (i64.const 0))
                (then (f64.store offset=299016 (i32.shl (local.get $k) (i32.const 3))
                  (f64.mul (f64.mul (f64.const 2) (call $acos (f64x2.extract_lane 1 (local.get $cos)))) (f64.const 0x1.ca5dc1a63c1f8p5)))))))
          (local.set $k (i32.add (local.get $k) (i32.const 2)))
          (br_if $angleLoop (i32.lt_u (local.get $k) (local.get $n)))))
      ;; Step 3.
      (local.set $k (i32.const 0))
      (block $totalsDone
        (br_if $totalsDone (i32.eqz (local.get $n)))
        (loop $totals
          (block $next
            (local.set $angle (f64.load offset=299008 (i32.shl (local.get $k) (i32.const 3))))
            (local.set $distance (f64.load offset=294912 (i32.shl (local.get $k) (i32.const 3))))
            (local.set $ratio (f64.load offset=296960 (i32.shl (local.get $k) (i32.const 3))))
            (local.set $bone (i32.load offset=301056 (i32.shl (local.get $k) (i32.const 2))))
            ;; Other bytes, same meaning (q written as -q): not a change.
            (br_if $next (i32.and (i32.and (f64.eq (local.get $angle) (f64.const 0)) (f64.eq (local.get $distance) (f64.const 0)))
              (f64.eq (local.get $ratio) (f64.const 1))))
            (local.set $changed (i32.add (local.get $changed) (i32.const 1)))
            (local.set $cell (i32.add (local.get $cellRow) (i32.shl (i32.mul (local.get $bone) (local.get $slabColumns)) (i32.const 3))))
            ;; clipDiffTotals.ts's add, in its order.
            (local.set $ba (i32.add (i32.const 274496) (i32.shl (local.get $bone) (i32.const 6))))
            (i32.store offset=60 (local.get $ba) (i32.add (i32.load offset=60 (local.get $ba)) (i32.const 1)))
            (i32.store offset=28 (local.get $fa) (i32.add (i32.load offset=28 (local.get $fa)) (i32.const 1)))
            (f64.store offset=8 (local.get $ba) (f64.add (f64.load offset=8 (local.get $ba)) (local.get $angle)))
            (f64.store offset=24 (local.get $ba) (f64.add (f64.load offset=24 (local.get $ba)) (local.get $distance)))
            (f64.store offset=40 (local.get $ba) (f64.add (f64.load offset=40 (local.get $ba)) (f64.sub (local.get $ratio) (f64.const 1))))
            (if (f64.gt (local.get $angle) (f64.load (local.get $ba)))
              (then (f64.store (local.get $ba) (local.get $angle)) (i32.store offset=48 (local.get $ba) (local.get $frame))))
            (if (f64.gt (local.get $distance) (f64.load offset=16 (local.get $ba)))
              (then (f64.store offset=16 (local.get $ba) (local.get $distance)) (i32.store offset=52 (local.get $ba) (local.get $frame))))
            (if (f64.gt (local.get $ratio) (f64.load offset=32 (local.get $ba)))
              (then (f64.store offset=32 (local.get $ba) (local.get $ratio)) (i32.store offset=56 (local.get $ba) (local.get $frame))))
            (if (f64.gt (local.get $angle) (f64.load (local.get $fa)))
              (then (f64.store (local.get $fa) (local.get $angle)) (i32.store offset=24 (local.get $fa) (local.get $bone))))
            (if (f64.gt (local.get $distance) (f64.load offset=8 (local.get $fa)))
              (then (f64.store offset=8 (local.get $fa) (local.get $distance))))
            (if (f64.gt (local.get $ratio) (f64.load offset=16 (local.get $fa)))
              (then (f64.store offset=16 (local.get $fa) (local.get $ratio))))
            (if (f64.gt (local.get $angle) (f64.load (local.get $cell)))
              (then (f64.store (local.get $cell) (local.get $angle))))
          )
          (local.set $k (i32.add (local.get $k) (i32.const 1)))
          (br_if $totals (i32.lt_u (local.get $k) (local.get $n)))))
      (local.set $f (i32.add (local.get $f) (i32.const 1)))
      (br_if $frameLoop (i32.lt_u (local.get $f) (local.get $count))))
    (local.get $changed))
)
