;; Bulk clip kernels in native f32 arithmetic. Every f32 instruction is IEEE correctly rounded,
;; so each step equals the TypeScript reference's `Math.fround` after every operation (the tests
;; compare them bit for bit). Assembled by scripts/build-wasm.mjs into clipKernels.generated.ts.
;;
;; Memory is laid out by the loader (formats/wasm/clipKernels.ts): bytes [0, 262144) hold the
;; f16 -> f32 table (65536 f32, copied from f16LookupTable, so NaN bits match the TypeScript
;; path); input records and output floats follow at offsets the loader passes in.
(module
  (memory (export "memory") 8)

  ;; Decodes `n` 16-byte records at `in` into 10 f32 each (qx qy qz qw, px py pz, sx sy sz) at
  ;; `out`, or, when `matrix` is non-zero, into row-major 3x4 bone matrices [R(q) diag(s) | t]
  ;; (12 f32 each). One loop for both so the rotation decode exists once; the mode branch is
  ;; the same for every record, so it predicts perfectly.
  (func (export "run") (param $in i32) (param $n i32) (param $out i32) (param $matrix i32)
    (local $end i32) (local $rot i32) (local $idx i32)
    (local $a f32) (local $b f32) (local $c f32) (local $d f32)
    (local $x f32) (local $y f32) (local $z f32) (local $w f32)
    (local $sx f32) (local $sy f32) (local $sz f32)
    (local $xx f32) (local $yy f32) (local $zz f32) (local $xy f32) (local $xz f32)
    (local $yz f32) (local $wx f32) (local $wy f32) (local $wz f32) (local $t f32)
    (local.set $end (i32.add (local.get $in) (i32.shl (local.get $n) (i32.const 4))))
    (if (i32.ge_u (local.get $in) (local.get $end)) (then (return)))
    (loop $record
      ;; Smallest-three: [31:22] a, [21:12] b, [11:2] c, [1:0] dropped index.
      ;; Field value v = (q * f32(1/511.5) - 1) * f32(1/SQRT_2).
      (local.set $rot (i32.load (local.get $in)))
      (local.set $idx (i32.and (local.get $rot) (i32.const 3)))
      (local.set $a (f32.mul (f32.sub (f32.mul (f32.convert_i32_u (i32.shr_u (local.get $rot) (i32.const 22)))
        (f32.const 0x1.00401p-9)) (f32.const 1)) (f32.const 0x1.6a09e6p-1)))
      (local.set $b (f32.mul (f32.sub (f32.mul (f32.convert_i32_u (i32.and (i32.shr_u (local.get $rot) (i32.const 12)) (i32.const 0x3ff)))
        (f32.const 0x1.00401p-9)) (f32.const 1)) (f32.const 0x1.6a09e6p-1)))
      (local.set $c (f32.mul (f32.sub (f32.mul (f32.convert_i32_u (i32.and (i32.shr_u (local.get $rot) (i32.const 2)) (i32.const 0x3ff)))
        (f32.const 0x1.00401p-9)) (f32.const 1)) (f32.const 0x1.6a09e6p-1)))
      ;; Dropped component: sqrt(max(0, ((1 - a*a) - b*b) - c*c)), not renormalised.
      (local.set $d (f32.sub (f32.sub (f32.sub (f32.const 1) (f32.mul (local.get $a) (local.get $a)))
        (f32.mul (local.get $b) (local.get $b))) (f32.mul (local.get $c) (local.get $c))))
      (local.set $d (f32.sqrt (select (local.get $d) (f32.const 0) (f32.gt (local.get $d) (f32.const 0)))))
      ;; Place without branches: idx 0 (d a b c), 1 (a d b c), 2 (a b d c), 3 (a b c d).
      (local.set $x (select (local.get $d) (local.get $a) (i32.eqz (local.get $idx))))
      (local.set $y (select (local.get $a) (select (local.get $d) (local.get $b) (i32.eq (local.get $idx) (i32.const 1)))
        (i32.eqz (local.get $idx))))
      (local.set $z (select (local.get $c) (select (local.get $d) (local.get $b) (i32.eq (local.get $idx) (i32.const 2)))
        (i32.eq (local.get $idx) (i32.const 3))))
      (local.set $w (select (local.get $d) (local.get $c) (i32.eq (local.get $idx) (i32.const 3))))
      ;; Halves through the table: f32 at byte (bits * 4).
      (local.set $sx (f32.load (i32.shl (i32.load16_u offset=10 (local.get $in)) (i32.const 2))))
      (local.set $sy (f32.load (i32.shl (i32.load16_u offset=12 (local.get $in)) (i32.const 2))))
      (local.set $sz (f32.load (i32.shl (i32.load16_u offset=14 (local.get $in)) (i32.const 2))))
      (if (local.get $matrix)
        (then
          (local.set $xx (f32.mul (local.get $x) (local.get $x)))
          (local.set $yy (f32.mul (local.get $y) (local.get $y)))
          (local.set $zz (f32.mul (local.get $z) (local.get $z)))
          (local.set $xy (f32.mul (local.get $x) (local.get $y)))
          (local.set $xz (f32.mul (local.get $x) (local.get $z)))
          (local.set $yz (f32.mul (local.get $y) (local.get $z)))
          (local.set $wx (f32.mul (local.get $w) (local.get $x)))
          (local.set $wy (f32.mul (local.get $w) (local.get $y)))
          (local.set $wz (f32.mul (local.get $w) (local.get $z)))
          ;; Doubling (t + t) is exact, as in the reference's 2 * t.
          (local.set $t (f32.add (local.get $yy) (local.get $zz)))
          (f32.store (local.get $out) (f32.mul (f32.sub (f32.const 1) (f32.add (local.get $t) (local.get $t))) (local.get $sx)))
          (local.set $t (f32.sub (local.get $xy) (local.get $wz)))
          (f32.store offset=4 (local.get $out) (f32.mul (f32.add (local.get $t) (local.get $t)) (local.get $sy)))
          (local.set $t (f32.add (local.get $xz) (local.get $wy)))
          (f32.store offset=8 (local.get $out) (f32.mul (f32.add (local.get $t) (local.get $t)) (local.get $sz)))
          (i32.store offset=12 (local.get $out) (i32.load (i32.shl (i32.load16_u offset=4 (local.get $in)) (i32.const 2))))
          (local.set $t (f32.add (local.get $xy) (local.get $wz)))
          (f32.store offset=16 (local.get $out) (f32.mul (f32.add (local.get $t) (local.get $t)) (local.get $sx)))
          (local.set $t (f32.add (local.get $xx) (local.get $zz)))
          (f32.store offset=20 (local.get $out) (f32.mul (f32.sub (f32.const 1) (f32.add (local.get $t) (local.get $t))) (local.get $sy)))
          (local.set $t (f32.sub (local.get $yz) (local.get $wx)))
          (f32.store offset=24 (local.get $out) (f32.mul (f32.add (local.get $t) (local.get $t)) (local.get $sz)))
          (i32.store offset=28 (local.get $out) (i32.load (i32.shl (i32.load16_u offset=6 (local.get $in)) (i32.const 2))))
          (local.set $t (f32.sub (local.get $xz) (local.get $wy)))
          (f32.store offset=32 (local.get $out) (f32.mul (f32.add (local.get $t) (local.get $t)) (local.get $sx)))
          (local.set $t (f32.add (local.get $yz) (local.get $wx)))
          (f32.store offset=36 (local.get $out) (f32.mul (f32.add (local.get $t) (local.get $t)) (local.get $sy)))
          (local.set $t (f32.add (local.get $xx) (local.get $yy)))
          (f32.store offset=40 (local.get $out) (f32.mul (f32.sub (f32.const 1) (f32.add (local.get $t) (local.get $t))) (local.get $sz)))
          (i32.store offset=44 (local.get $out) (i32.load (i32.shl (i32.load16_u offset=8 (local.get $in)) (i32.const 2))))
          (local.set $out (i32.add (local.get $out) (i32.const 48))))
        (else
          (f32.store (local.get $out) (local.get $x))
          (f32.store offset=4 (local.get $out) (local.get $y))
          (f32.store offset=8 (local.get $out) (local.get $z))
          (f32.store offset=12 (local.get $out) (local.get $w))
          ;; Positions copied as table bits (i32), scales as loaded: both keep NaN bits.
          (i32.store offset=16 (local.get $out) (i32.load (i32.shl (i32.load16_u offset=4 (local.get $in)) (i32.const 2))))
          (i32.store offset=20 (local.get $out) (i32.load (i32.shl (i32.load16_u offset=6 (local.get $in)) (i32.const 2))))
          (i32.store offset=24 (local.get $out) (i32.load (i32.shl (i32.load16_u offset=8 (local.get $in)) (i32.const 2))))
          (f32.store offset=28 (local.get $out) (local.get $sx))
          (f32.store offset=32 (local.get $out) (local.get $sy))
          (f32.store offset=36 (local.get $out) (local.get $sz))
          (local.set $out (i32.add (local.get $out) (i32.const 40)))))
      (local.set $in (i32.add (local.get $in) (i32.const 16)))
      (br_if $record (i32.lt_u (local.get $in) (local.get $end))))))
