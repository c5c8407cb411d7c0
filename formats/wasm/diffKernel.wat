;; The clip diff's per-record step (formats/diff/clipDiffReference.ts's measure and
;; clipDiffTotals.ts's add, fused): compare two windows of records four bones a step, and for a
;; group whose bytes differ decode its four pairs in lanes (f16 halves and rotation fields
;; arithmetically, no tables), measure them (angle in degrees, distance, scale ratio) and fold the
;; measures into the per-bone, per-frame and grid totals (in lanes, each total in the
;; reference's order; a bone's sums those of the frames since the loader last moved them out).
;; Every step rounds exactly as the TypeScript reference: rotations decode in f32 with rotation.ts's operations,
;; halves to their exact f32 value, measures in f64 with the same operations in the same order,
;; and acos is fdlibm's (the one V8's Math.acos runs), so the totals are bit for bit the
;; reference's; a unit test compares them, and the loader checks $acos against Math.acos.
;; Assembled by scripts/build-wasm.mjs into diffKernel.generated.ts; loaded by diffKernel.ts,
;; one instance per diff. Layout (bytes):
;;   0 one group's lanes (384 bytes): rotation words A, B; halves A (position x y z, scale
;;     x y z), halves B; decoded rotations A, B (x y z w); position halves' sameness; live lanes
;;   384 the frame's totals in four lanes (160 bytes): f64 rotation max, i64 its bone, f64
;;     position max, scale max, i64 changed pairs
;;   1024 bone totals, ten arrays of 264 entries (8 bytes each, a bone's index; lanes past the
;;        last bone add nothing), 2112 bytes apart: f64 rotation max, sum, position max, sum,
;;        scale max, sum; i64 rotation frame, position frame, scale frame, changed
;;   290816 one frame's lists (256 each): f64 norms' product, |dot|, distance, ratio, angle;
;;          i32 bone, angle to compute
;;   303104 and on, where the loader puts them: frame totals (32 bytes a frame: f64 rotation max,
;;   position max, scale max; i32 rotation bone, changed), the window's grid slab (column-major,
;;   a column's bones rounded up to four), the windows (the last group of a frame may read up
;;   to three records past the window's end).
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

  ;; f16 halves (one a 32-bit lane, high bits 0) to f32, in place: $count vectors from $at. Sign,
  ;; exponent and mantissa move to f32's places; a subnormal or zero half lands as an f32
  ;; subnormal or zero that the multiply by 2^112 rebiases exactly; exponent 31 (infinity, NaN)
  ;; becomes 255. The same values as f16.ts's f16ToF32 (a unit test checks all 65,536).
  (func $halves (export "halves") (param $at i32) (param $count i32)
    (local $h v128) (local $magnitude v128) (local $end i32)
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $count) (i32.const 4))))
    (loop $each
      (local.set $h (v128.load (local.get $at)))
      (local.set $magnitude (i32x4.shl (v128.and (local.get $h) (v128.const i32x4 0x7fff 0x7fff 0x7fff 0x7fff)) (i32.const 13)))
      (v128.store (local.get $at) (v128.or
        (v128.bitselect
          (v128.or (local.get $magnitude) (v128.const i32x4 0x7f800000 0x7f800000 0x7f800000 0x7f800000))
          (f32x4.mul (local.get $magnitude) (v128.const f32x4 0x1p112 0x1p112 0x1p112 0x1p112))
          (i32x4.eq (v128.and (local.get $h) (v128.const i32x4 0x7c00 0x7c00 0x7c00 0x7c00)) (v128.const i32x4 0x7c00 0x7c00 0x7c00 0x7c00)))
        (i32x4.shl (v128.and (local.get $h) (v128.const i32x4 0x8000 0x8000 0x8000 0x8000)) (i32.const 16))))
      (local.set $at (i32.add (local.get $at) (i32.const 16)))
      (br_if $each (i32.lt_u (local.get $at) (local.get $end)))))

  ;; metrics.ts's sameBits3 for one axis in four lanes: decoded halves of A at $at and of B 96
  ;; bytes on with the same bits, or both NaN.
  (func $sameHalves (param $at i32) (result v128)
    (local $a v128) (local $b v128)
    (local.set $a (v128.load (local.get $at)))
    (local.set $b (v128.load offset=96 (local.get $at)))
    (v128.or (i32x4.eq (local.get $a) (local.get $b))
      (v128.and (f32x4.ne (local.get $a) (local.get $a)) (f32x4.ne (local.get $b) (local.get $b)))))

  ;; Per frame, three steps. 1: four bones a step; a group whose bytes differ is decoded and
  ;; measured in lanes, each pair's rotation leaving its norms' product and |dot|
  ;; (rotationAngleDeg before its sqrt), its position the distance, its scale the ratio, in the
  ;; frame's lists at 290816 (f64 product, |dot|, distance, ratio, angle; i32 bone, whether there
  ;; is an angle to compute); an equal pair's entry changes nothing in step 3. 2: the angles,
  ;; two at a time in f64x2 lanes (sqrt, divide, fdlibm's acos: each lane the scalar steps, so the
  ;; same bits); cosines outside acos's two common branches go through $acos. 3: the totals in
  ;; lanes, each bone's and each frame's as clipDiffTotals.ts's add gives them.
  ;; Compares frames [first, first + count) of the two windows (frame f's records at
  ;; $a + f * $strideA and $b + f * $strideB), bones [0, $bones). Frame totals are at
  ;; $frameAt + frame * 32 (whole-clip frame numbers); the grid slab holds $slabColumns cells a
  ;; bone from column $columnFirst, where frame's column is frame * $columns / $frames. Returns
  ;; how many pairs changed by meaning.
  (func (export "compare") (param $a i32) (param $strideA i32) (param $b i32) (param $strideB i32) (param $bones i32)
      (param $first i32) (param $count i32) (param $frames i32) (param $columns i32) (param $columnFirst i32)
      (param $slab i32) (param $slabColumns i32) (param $frameAt i32) (result i32)
    (local $f i32) (local $frame i32) (local $bone i32) (local $ra i32) (local $rb i32) (local $cell i32) (local $cellRow i32)
    (local $fa i32) (local $ba i32) (local $changed i32) (local $n i32) (local $k i32)
    (local $live i32) (local $side i32) (local $at i32) (local $h i32)
    (local $angle f64) (local $distance f64) (local $ratio f64)
    (local $t0 v128) (local $t1 v128) (local $t2 v128) (local $t3 v128) (local $w v128) (local $fa4 v128) (local $fb4 v128) (local $fc4 v128)
    (local $ax v128) (local $ay v128) (local $az v128) (local $aw v128) (local $bx v128) (local $by v128) (local $bz v128) (local $bw v128)
    (local $zero v128) (local $one v128) (local $inf v128)
    (local $liveLanes v128) (local $live64 v128) (local $ratio4 v128) (local $sa4 v128) (local $sb4 v128) (local $q4 v128)
    (local $norms v128) (local $cos v128) (local $near v128) (local $z v128) (local $pq v128) (local $s v128) (local $df v128)
    (local $angles v128) (local $valid v128) (local $todo v128) (local $fix v128)
    (local $bo i32) (local $boneStride i32) (local $a2 v128) (local $chg v128) (local $gt v128)
    (local $frame2 v128) (local $bone2 v128) (local $m i32)
    ;; Constants used more than once (a local each keeps the module small).
    (local $f32One v128) (local $lowHalf v128) (local $invSqrt2 v128) (local $fieldStep v128) (local $fieldMask v128) (local $three v128) (local $two v128) (local $half v128) (local $laneIndex v128)
    (if (i32.eqz (local.get $count)) (then (return (i32.const 0))))
    (local.set $one (v128.const f64x2 1 1))
    (local.set $inf (v128.const f64x2 inf inf))
    (local.set $f32One (v128.const f32x4 1 1 1 1))
    (local.set $lowHalf (v128.const i32x4 0xffff 0xffff 0xffff 0xffff))
    (local.set $invSqrt2 (v128.const f32x4 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1))
    (local.set $fieldStep (v128.const f32x4 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9))
    (local.set $fieldMask (v128.const i32x4 0x3ff 0x3ff 0x3ff 0x3ff))
    (local.set $three (v128.const i32x4 3 3 3 3))
    (local.set $two (v128.const f64x2 2 2))
    (local.set $half (v128.const f64x2 0.5 0.5))
    (local.set $laneIndex (v128.const i32x4 0 1 2 3))
    (local.set $boneStride (i32.and (i32.add (local.get $bones) (i32.const 3)) (i32.const -4)))
    (loop $frameLoop
      (local.set $frame (i32.add (local.get $first) (local.get $f)))
      (local.set $cellRow (i32.add (local.get $slab) (i32.shl (i32.mul (local.get $boneStride)
        (i32.sub (i32.div_u (i32.mul (local.get $frame) (local.get $columns)) (local.get $frames)) (local.get $columnFirst))) (i32.const 3))))
      (local.set $fa (i32.add (local.get $frameAt) (i32.shl (local.get $frame) (i32.const 5))))
      (local.set $ra (i32.add (local.get $a) (i32.mul (local.get $f) (local.get $strideA))))
      (local.set $rb (i32.add (local.get $b) (i32.mul (local.get $f) (local.get $strideB))))
      (local.set $bone (i32.const 0))
      (local.set $n (i32.const 0))
      ;; Step 1, four bones a step (lane k: bone + k). A group whose live pairs are all equal is
      ;; skipped; otherwise its four pairs are decoded and measured in lanes and listed at n..n+3
      ;; (an equal pair or a lane past the last bone lists no angle, distance 0 and ratio 1,
      ;; which step 3 skips as the reference skips an unchanged pair).
      (loop $group
        (local.set $live (i32.sub (local.get $bones) (local.get $bone)))
        (block $next
          (br_if $next (i32.eqz (v128.any_true (v128.or
            (v128.or (v128.xor (v128.load (local.get $ra)) (v128.load (local.get $rb)))
              (select (v128.xor (v128.load offset=16 (local.get $ra)) (v128.load offset=16 (local.get $rb))) (local.get $zero)
                (i32.gt_u (local.get $live) (i32.const 1))))
            (v128.or
              (select (v128.xor (v128.load offset=32 (local.get $ra)) (v128.load offset=32 (local.get $rb))) (local.get $zero)
                (i32.gt_u (local.get $live) (i32.const 2)))
              (select (v128.xor (v128.load offset=48 (local.get $ra)) (v128.load offset=48 (local.get $rb))) (local.get $zero)
                (i32.gt_u (local.get $live) (i32.const 3))))))))
          ;; Each side's four records as word lanes (rotations at 0 and 16) and its six halves
          ;; (position x y z, scale x y z) at 32 (A) and 128 (B), then the halves decoded in place.
          (local.set $side (i32.const 0))
          (loop $sides
            (local.set $at (select (local.get $rb) (local.get $ra) (local.get $side)))
            (local.set $t0 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (v128.load (local.get $at)) (v128.load offset=16 (local.get $at))))
            (local.set $t1 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (v128.load offset=32 (local.get $at)) (v128.load offset=48 (local.get $at))))
            (local.set $t2 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (v128.load (local.get $at)) (v128.load offset=16 (local.get $at))))
            (local.set $t3 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (v128.load offset=32 (local.get $at)) (v128.load offset=48 (local.get $at))))
            (v128.store (i32.shl (local.get $side) (i32.const 4))
              (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t0) (local.get $t1)))
            (local.set $w (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $t0) (local.get $t1)))
            (local.set $at (i32.mul (local.get $side) (i32.const 96)))
            (v128.store offset=32 (local.get $at) (v128.and (local.get $w) (local.get $lowHalf)))
            (v128.store offset=48 (local.get $at) (i32x4.shr_u (local.get $w) (i32.const 16)))
            (local.set $w (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t2) (local.get $t3)))
            (v128.store offset=64 (local.get $at) (v128.and (local.get $w) (local.get $lowHalf)))
            (v128.store offset=80 (local.get $at) (i32x4.shr_u (local.get $w) (i32.const 16)))
            (local.set $w (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $t2) (local.get $t3)))
            (v128.store offset=96 (local.get $at) (v128.and (local.get $w) (local.get $lowHalf)))
            (v128.store offset=112 (local.get $at) (i32x4.shr_u (local.get $w) (i32.const 16)))
            ;; The rotation as clip.ts's decodeRecordInto (rotation.ts's decodeRotation), f32 lanes,
            ;; each field (q * (1/511.5) - 1) * (1/SQRT_2): x y z w at 224 (A) and 288 (B).
            (local.set $w (v128.load (i32.shl (local.get $side) (i32.const 4))))
            (local.set $fa4 (f32x4.mul (f32x4.sub (f32x4.mul (f32x4.convert_i32x4_u (i32x4.shr_u (local.get $w) (i32.const 22)))
              (local.get $fieldStep)) (local.get $f32One))
              (local.get $invSqrt2)))
            (local.set $fb4 (f32x4.mul (f32x4.sub (f32x4.mul (f32x4.convert_i32x4_u (v128.and (i32x4.shr_u (local.get $w) (i32.const 12)) (local.get $fieldMask)))
              (local.get $fieldStep)) (local.get $f32One))
              (local.get $invSqrt2)))
            (local.set $fc4 (f32x4.mul (f32x4.sub (f32x4.mul (f32x4.convert_i32x4_u (v128.and (i32x4.shr_u (local.get $w) (i32.const 2)) (local.get $fieldMask)))
              (local.get $fieldStep)) (local.get $f32One))
              (local.get $invSqrt2)))
            (local.set $t0 (f32x4.sub (f32x4.sub (f32x4.sub (local.get $f32One) (f32x4.mul (local.get $fa4) (local.get $fa4)))
              (f32x4.mul (local.get $fb4) (local.get $fb4))) (f32x4.mul (local.get $fc4) (local.get $fc4))))
            (local.set $t0 (f32x4.sqrt (v128.and (local.get $t0) (f32x4.gt (local.get $t0) (local.get $zero)))))
            (local.set $w (v128.and (local.get $w) (local.get $three)))
            (local.set $t1 (i32x4.eq (local.get $w) (local.get $zero)))
            (local.set $t2 (i32x4.eq (local.get $w) (v128.const i32x4 1 1 1 1)))
            (local.set $t3 (i32x4.eq (local.get $w) (v128.const i32x4 2 2 2 2)))
            (local.set $at (i32.shl (local.get $side) (i32.const 6)))
            (v128.store offset=224 (local.get $at) (v128.bitselect (local.get $t0) (local.get $fa4) (local.get $t1)))
            (v128.store offset=240 (local.get $at) (v128.bitselect (local.get $fa4)
              (v128.bitselect (local.get $t0) (local.get $fb4) (local.get $t2)) (local.get $t1)))
            (v128.store offset=256 (local.get $at) (v128.bitselect (local.get $fb4)
              (v128.bitselect (local.get $t0) (local.get $fc4) (local.get $t3)) (v128.or (local.get $t1) (local.get $t2))))
            (v128.store offset=272 (local.get $at) (v128.bitselect (local.get $t0) (local.get $fc4)
              (i32x4.eq (local.get $w) (local.get $three))))
            (local.set $side (i32.add (local.get $side) (i32.const 1)))
            (br_if $sides (i32.lt_u (local.get $side) (i32.const 2))))
          (call $halves (i32.const 32) (i32.const 12))
          ;; Lanes that measure: the live ones (the rest list nothing); a rotation whose decoded
          ;; components all equal has no angle. The position's halves are the same value (metrics.ts's
          ;; sameBits3: the same bits, or both NaN) at 352.
          (local.set $liveLanes (i32x4.gt_s (i32x4.splat (local.get $live)) (local.get $laneIndex)))
          (v128.store offset=368 (i32.const 0) (local.get $liveLanes))
          (v128.store offset=302080 (i32.shl (local.get $n) (i32.const 2)) (v128.andnot (local.get $liveLanes)
            (v128.and (v128.and (f32x4.eq (v128.load offset=224 (i32.const 0)) (v128.load offset=288 (i32.const 0)))
              (f32x4.eq (v128.load offset=240 (i32.const 0)) (v128.load offset=304 (i32.const 0))))
              (v128.and (f32x4.eq (v128.load offset=256 (i32.const 0)) (v128.load offset=320 (i32.const 0)))
              (f32x4.eq (v128.load offset=272 (i32.const 0)) (v128.load offset=336 (i32.const 0)))))))
          (v128.store offset=301056 (i32.shl (local.get $n) (i32.const 2))
            (i32x4.add (i32x4.splat (local.get $bone)) (local.get $laneIndex)))
          (v128.store offset=352 (i32.const 0) (v128.and
            (v128.and (call $sameHalves (i32.const 32)) (call $sameHalves (i32.const 48)))
            (call $sameHalves (i32.const 64))))
          ;; Measures in f64x2 lanes, bones 0 1 of the group then 2 3 ($h: 0, then 8 bytes into
          ;; the f32 lanes), each lane the reference's f64 operations in its order.
          (local.set $h (i32.const 0))
          (loop $pairs
            (local.set $at (i32.add (i32.shl (local.get $n) (i32.const 3)) (i32.shl (local.get $h) (i32.const 1))))
            ;; Rotation: metrics.ts's rotationAngleDeg up to its sqrt.
            (local.set $ax (f64x2.promote_low_f32x4 (v128.load64_zero offset=224 (local.get $h))))
            (local.set $ay (f64x2.promote_low_f32x4 (v128.load64_zero offset=240 (local.get $h))))
            (local.set $az (f64x2.promote_low_f32x4 (v128.load64_zero offset=256 (local.get $h))))
            (local.set $aw (f64x2.promote_low_f32x4 (v128.load64_zero offset=272 (local.get $h))))
            (local.set $bx (f64x2.promote_low_f32x4 (v128.load64_zero offset=288 (local.get $h))))
            (local.set $by (f64x2.promote_low_f32x4 (v128.load64_zero offset=304 (local.get $h))))
            (local.set $bz (f64x2.promote_low_f32x4 (v128.load64_zero offset=320 (local.get $h))))
            (local.set $bw (f64x2.promote_low_f32x4 (v128.load64_zero offset=336 (local.get $h))))
            (v128.store offset=290816 (local.get $at) (f64x2.mul
              (f64x2.add (f64x2.add (f64x2.add (f64x2.mul (local.get $ax) (local.get $ax)) (f64x2.mul (local.get $ay) (local.get $ay)))
                (f64x2.mul (local.get $az) (local.get $az))) (f64x2.mul (local.get $aw) (local.get $aw)))
              (f64x2.add (f64x2.add (f64x2.add (f64x2.mul (local.get $bx) (local.get $bx)) (f64x2.mul (local.get $by) (local.get $by)))
                (f64x2.mul (local.get $bz) (local.get $bz))) (f64x2.mul (local.get $bw) (local.get $bw)))))
            (v128.store offset=292864 (local.get $at)
              (f64x2.abs (f64x2.add (f64x2.add (f64x2.add (f64x2.mul (local.get $ax) (local.get $bx)) (f64x2.mul (local.get $ay) (local.get $by)))
                (f64x2.mul (local.get $az) (local.get $bz))) (f64x2.mul (local.get $aw) (local.get $bw)))))
            (local.set $live64 (i64x2.extend_low_i32x4_s (v128.load64_zero offset=368 (local.get $h))))
            ;; Position: metrics.ts's distance3 (0 where the halves' bits are equal: each difference
            ;; is 0, or NaN with the same bits).
            (local.set $ax (f64x2.sub (f64x2.promote_low_f32x4 (v128.load64_zero offset=32 (local.get $h)))
              (f64x2.promote_low_f32x4 (v128.load64_zero offset=128 (local.get $h)))))
            (local.set $ay (f64x2.sub (f64x2.promote_low_f32x4 (v128.load64_zero offset=48 (local.get $h)))
              (f64x2.promote_low_f32x4 (v128.load64_zero offset=144 (local.get $h)))))
            (local.set $az (f64x2.sub (f64x2.promote_low_f32x4 (v128.load64_zero offset=64 (local.get $h)))
              (f64x2.promote_low_f32x4 (v128.load64_zero offset=160 (local.get $h)))))
            (local.set $aw (f64x2.sqrt (f64x2.add (f64x2.add (f64x2.mul (local.get $ax) (local.get $ax)) (f64x2.mul (local.get $ay) (local.get $ay)))
              (f64x2.mul (local.get $az) (local.get $az)))))
            (v128.store offset=294912 (local.get $at) (v128.and (local.get $live64) (v128.andnot
              (v128.bitselect (local.get $aw)
                (v128.andnot (local.get $inf) (i64x2.extend_low_i32x4_s (v128.load64_zero offset=352 (local.get $h))))
                (f64x2.lt (local.get $aw) (local.get $inf)))
              (v128.and (v128.and (f64x2.eq (local.get $ax) (local.get $zero)) (f64x2.eq (local.get $ay) (local.get $zero)))
                (f64x2.eq (local.get $az) (local.get $zero))))))
            ;; Scale: metrics.ts's scaleRatio, the largest axisRatio (each at least 1, never NaN,
            ;; so max(1, x, y, z) is Math.max(x, y, z)).
            (local.set $ratio4 (local.get $one))
            (local.set $k (i32.const 0))
            (loop $axes
              (local.set $sa4 (f64x2.promote_low_f32x4 (v128.load64_zero offset=80 (i32.add (local.get $h) (local.get $k)))))
              (local.set $sb4 (f64x2.promote_low_f32x4 (v128.load64_zero offset=176 (i32.add (local.get $h) (local.get $k)))))
              (local.set $q4 (f64x2.div (local.get $sa4) (local.get $sb4)))
              (local.set $ratio4 (f64x2.max (local.get $ratio4) (v128.bitselect (local.get $one)
                (v128.bitselect
                  (v128.bitselect (local.get $q4) (f64x2.div (local.get $one) (local.get $q4)) (f64x2.ge (local.get $q4) (local.get $one)))
                  (v128.bitselect (local.get $one) (local.get $inf)
                    (v128.and (f64x2.ne (local.get $sa4) (local.get $sa4)) (f64x2.ne (local.get $sb4) (local.get $sb4))))
                  (v128.and (f64x2.gt (local.get $q4) (local.get $zero)) (f64x2.ne (local.get $q4) (local.get $inf))))
                (f64x2.eq (local.get $sa4) (local.get $sb4)))))
              (local.set $k (i32.add (local.get $k) (i32.const 16)))
              (br_if $axes (i32.lt_u (local.get $k) (i32.const 48))))
            (v128.store offset=296960 (local.get $at) (v128.bitselect (local.get $ratio4) (local.get $one) (local.get $live64)))
            (local.set $h (i32.add (local.get $h) (i32.const 8)))
            (br_if $pairs (i32.lt_u (local.get $h) (i32.const 16))))
          (local.set $n (i32.add (local.get $n) (i32.const 4))))
        (local.set $ra (i32.add (local.get $ra) (i32.const 64)))
        (local.set $rb (i32.add (local.get $rb) (i32.const 64)))
        (local.set $bone (i32.add (local.get $bone) (i32.const 4)))
        (br_if $group (i32.lt_u (local.get $bone) (local.get $bones))))
      ;; Step 2: lanes k and k + 1 (past the list's end a lane computes on stale values, unread).
      (local.set $k (i32.const 0))
      (block $anglesDone
        (br_if $anglesDone (i32.eqz (local.get $n)))
        (loop $angleLoop
          (local.set $norms (f64x2.sqrt (v128.load offset=290816 (i32.shl (local.get $k) (i32.const 3)))))
          (local.set $valid (v128.and (f64x2.gt (local.get $norms) (local.get $zero)) (f64x2.lt (local.get $norms) (local.get $inf))))
          (local.set $cos (f64x2.min (local.get $one) (f64x2.div (v128.load offset=292864 (i32.shl (local.get $k) (i32.const 3))) (local.get $norms))))
          (local.set $near (f64x2.ge (local.get $cos) (local.get $half)))
          (local.set $z (v128.bitselect
            (f64x2.mul (f64x2.sub (local.get $one) (local.get $cos)) (local.get $half))
            (f64x2.mul (local.get $cos) (local.get $cos))
            (local.get $near)))
          (local.set $pq (f64x2.div
            (f64x2.mul (local.get $z) (f64x2.add (v128.const f64x2 0x1.5555555555555p-3 0x1.5555555555555p-3) (f64x2.mul (local.get $z)
            (f64x2.add (v128.const f64x2 -0x1.4d61203eb6f7dp-2 -0x1.4d61203eb6f7dp-2) (f64x2.mul (local.get $z)
              (f64x2.add (v128.const f64x2 0x1.9c1550e884455p-3 0x1.9c1550e884455p-3) (f64x2.mul (local.get $z)
                (f64x2.add (v128.const f64x2 -0x1.48228b5688f3bp-5 -0x1.48228b5688f3bp-5) (f64x2.mul (local.get $z)
                  (f64x2.add (v128.const f64x2 0x1.9efe07501b288p-11 0x1.9efe07501b288p-11)
                    (f64x2.mul (local.get $z) (v128.const f64x2 0x1.23de10dfdf709p-15 0x1.23de10dfdf709p-15))))))))))))
            (f64x2.add (local.get $one) (f64x2.mul (local.get $z)
            (f64x2.add (v128.const f64x2 -0x1.33a271c8a2d4bp1 -0x1.33a271c8a2d4bp1) (f64x2.mul (local.get $z)
              (f64x2.add (v128.const f64x2 0x1.02ae59c598ac8p1 0x1.02ae59c598ac8p1) (f64x2.mul (local.get $z)
                (f64x2.add (v128.const f64x2 -0x1.6066c1b8d0159p-1 -0x1.6066c1b8d0159p-1)
                  (f64x2.mul (local.get $z) (v128.const f64x2 0x1.3b8c5b12e9282p-4 0x1.3b8c5b12e9282p-4)))))))))))
          (local.set $s (f64x2.sqrt (local.get $z)))
          (local.set $df (v128.and (local.get $s) (v128.const i64x2 0xffffffff00000000 0xffffffff00000000)))
          (local.set $angles (f64x2.mul (f64x2.mul (local.get $two) (v128.bitselect
            (f64x2.mul (local.get $two) (f64x2.add (local.get $df) (f64x2.add (f64x2.mul (local.get $pq) (local.get $s))
              (f64x2.div (f64x2.sub (local.get $z) (f64x2.mul (local.get $df) (local.get $df))) (f64x2.add (local.get $s) (local.get $df))))))
            (f64x2.sub (v128.const f64x2 0x1.921fb54442d18p0 0x1.921fb54442d18p0)
              (f64x2.sub (local.get $cos) (f64x2.sub (v128.const f64x2 0x1.1a62633145c07p-54 0x1.1a62633145c07p-54) (f64x2.mul (local.get $cos) (local.get $pq)))))
            (local.get $near)))
            (v128.const f64x2 0x1.ca5dc1a63c1f8p5 0x1.ca5dc1a63c1f8p5)))
          ;; No angle to compute: 0; norms 0 or not finite: Infinity.
          (local.set $todo (i64x2.ne (i64x2.extend_low_i32x4_s (v128.load64_zero offset=302080 (i32.shl (local.get $k) (i32.const 2)))) (local.get $zero)))
          (local.set $angles (v128.and (v128.bitselect (local.get $angles) (local.get $inf) (local.get $valid)) (local.get $todo)))
          (v128.store offset=299008 (i32.shl (local.get $k) (i32.const 3)) (local.get $angles))
          ;; Cosines outside (2^-57, 1): $acos (1 gives 0; NaN cannot come from finite norms).
          (local.set $fix (v128.andnot (v128.and (local.get $todo) (local.get $valid))
            (v128.and (f64x2.ge (local.get $cos) (v128.const f64x2 0x1.0000100000000p-57 0x1.0000100000000p-57)) (f64x2.lt (local.get $cos) (local.get $one)))))
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
      ;; Step 3: the totals, a listed group of four bones at a time, two bones a lane pair ($h: 0,
      ;; then 16 bytes on). A bone's sums add its measures (an unchanged pair lists angle 0,
      ;; distance 0, ratio 1: adding 0 leaves a sum's bits, as the reference skipping it); its
      ;; maxima take a strictly larger value with its frame, its count the changed pairs. The
      ;; frame's maxima run in four lanes (lane j: bones 4i + j, in bone order, the first largest's
      ;; bone kept) folded at the frame's end; the grid cells of the frame's column in lanes.
      (memory.fill (i32.const 384) (i32.const 0) (i32.const 224))
      (local.set $frame2 (i64x2.splat (i64.extend_i32_u (local.get $frame))))
      (local.set $k (i32.const 0))
      (block $totalsDone
        (br_if $totalsDone (i32.eqz (local.get $n)))
        (loop $totals
          (local.set $bone (i32.load offset=301056 (i32.shl (local.get $k) (i32.const 2))))
          (local.set $h (i32.const 0))
          (loop $pairTotals
            (local.set $at (i32.add (i32.shl (local.get $k) (i32.const 3)) (local.get $h)))
            (local.set $bo (i32.add (i32.shl (local.get $bone) (i32.const 3)) (local.get $h)))
            (local.set $chg (v128.not (v128.and (v128.and (f64x2.eq (v128.load offset=299008 (local.get $at)) (local.get $zero))
              (f64x2.eq (v128.load offset=294912 (local.get $at)) (local.get $zero))) (f64x2.eq (v128.load offset=296960 (local.get $at)) (local.get $one)))))
            (local.set $bone2 (i64x2.extend_low_i32x4_u (v128.load64_zero offset=301056 (i32.add (i32.shl (local.get $k) (i32.const 2)) (i32.shr_u (local.get $h) (i32.const 1))))))
            ;; Measures m = 0 distance, 1 ratio, 2 angle (the lists at 294912 + m * 2048). Bone totals:
            ;; arrays of 264 at 1024, 2112 bytes apart: per measure (6336 bytes apart) f64 max, i64
            ;; its frame, f64 sum (of the ratio less 1); then i64 changed. The frame's lanes at 384,
            ;; per measure (64 bytes apart) f64 max and i64 bone, then i64 changed at 576.
            (local.set $m (i32.const 0))
            (loop $measures
              (local.set $a2 (v128.load offset=294912 (i32.add (local.get $at) (i32.shl (local.get $m) (i32.const 11)))))
              (local.set $side (i32.add (local.get $bo) (i32.mul (local.get $m) (i32.const 6336))))
              (v128.store offset=5248 (local.get $side) (f64x2.add (v128.load offset=5248 (local.get $side))
                (f64x2.sub (local.get $a2) (select (local.get $one) (local.get $zero) (i32.eq (local.get $m) (i32.const 1))))))
              (local.set $gt (f64x2.gt (local.get $a2) (v128.load offset=1024 (local.get $side))))
              (v128.store offset=1024 (local.get $side) (v128.bitselect (local.get $a2) (v128.load offset=1024 (local.get $side)) (local.get $gt)))
              (v128.store offset=3136 (local.get $side) (v128.bitselect (local.get $frame2) (v128.load offset=3136 (local.get $side)) (local.get $gt)))
              (local.set $side (i32.add (local.get $h) (i32.shl (local.get $m) (i32.const 6))))
              (local.set $gt (f64x2.gt (local.get $a2) (v128.load offset=384 (local.get $side))))
              (v128.store offset=384 (local.get $side) (v128.bitselect (local.get $a2) (v128.load offset=384 (local.get $side)) (local.get $gt)))
              (v128.store offset=416 (local.get $side) (v128.bitselect (local.get $bone2) (v128.load offset=416 (local.get $side)) (local.get $gt)))
              (local.set $m (i32.add (local.get $m) (i32.const 1)))
              (br_if $measures (i32.lt_u (local.get $m) (i32.const 3))))
            (v128.store offset=20032 (local.get $bo) (i64x2.sub (v128.load offset=20032 (local.get $bo)) (local.get $chg)))
            (v128.store offset=576 (local.get $h) (i64x2.sub (v128.load offset=576 (local.get $h)) (local.get $chg)))
            ;; The grid: the frame's column of the slab, bones in lanes ($a2: the angles).
            (local.set $cell (i32.add (local.get $cellRow) (local.get $bo)))
            (v128.store (local.get $cell) (f64x2.pmax (v128.load (local.get $cell)) (local.get $a2)))
            (local.set $h (i32.add (local.get $h) (i32.const 16)))
            (br_if $pairTotals (i32.lt_u (local.get $h) (i32.const 32))))
          (local.set $k (i32.add (local.get $k) (i32.const 4)))
          (br_if $totals (i32.lt_u (local.get $k) (local.get $n)))))
      ;; The frame's totals from its four lanes: the largest rotation and the first bone (the
      ;; lowest) with it, the largest position and scale differences, the changed pairs.
      (local.set $angle (f64.const 0))
      (local.set $bone (i32.const -1))
      (local.set $distance (f64.const 0))
      (local.set $ratio (f64.const 1))
      (local.set $live (i32.const 0))
      (local.set $h (i32.const 0))
      (loop $lanes
        (local.set $at (i32.wrap_i64 (i64.load offset=544 (local.get $h))))
        (if (i32.or (f64.gt (f64.load offset=512 (local.get $h)) (local.get $angle))
              (i32.and (f64.eq (f64.load offset=512 (local.get $h)) (local.get $angle))
                (i32.and (f64.gt (local.get $angle) (f64.const 0)) (i32.lt_s (local.get $at) (local.get $bone)))))
          (then (local.set $angle (f64.load offset=512 (local.get $h))) (local.set $bone (local.get $at))))
        (local.set $distance (f64.max (local.get $distance) (f64.load offset=384 (local.get $h))))
        (local.set $ratio (f64.max (local.get $ratio) (f64.load offset=448 (local.get $h))))
        (local.set $live (i32.add (local.get $live) (i32.wrap_i64 (i64.load offset=576 (local.get $h)))))
        (local.set $h (i32.add (local.get $h) (i32.const 8)))
        (br_if $lanes (i32.lt_u (local.get $h) (i32.const 32))))
      (f64.store (local.get $fa) (local.get $angle))
      (f64.store offset=8 (local.get $fa) (local.get $distance))
      (f64.store offset=16 (local.get $fa) (local.get $ratio))
      (i32.store offset=24 (local.get $fa) (local.get $bone))
      (i32.store offset=28 (local.get $fa) (local.get $live))
      (local.set $changed (i32.add (local.get $changed) (local.get $live)))
      (local.set $f (i32.add (local.get $f) (i32.const 1)))
      (br_if $frameLoop (i32.lt_u (local.get $f) (local.get $count))))
    (local.get $changed))
)
