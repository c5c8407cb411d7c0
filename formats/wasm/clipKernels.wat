;; Bulk clip kernels in native f32 arithmetic, four records per step in f32x4 lanes. Every f32
;; instruction (scalar or per lane) is IEEE correctly rounded, so each step equals the TypeScript
;; reference's `Math.fround` after every operation; the tests compare them bit for bit.
;; Assembled by scripts/build-wasm.mjs into clipKernels.generated.ts. The loader
;; (formats/wasm/clipKernels.ts) copies a block of records in and the floats out, at offsets it
;; chooses, and reads only the first `n` results (a block is rounded up to whole groups of 4).
(module
  (memory (export "memory") 6)

  ;; f16 -> f32 for the four u16 values in the i32 lanes of $h, exactly as f16ToF32 through a
  ;; Float32Array: normal halves rebias the exponent (+112 << 23), subnormal ones are
  ;; (h & 0x3ff) * 2^-24 (exact, and no subnormal f32 operand, which some CPUs slow down), then
  ;; the sign; infinities keep their sign and every NaN becomes 0x7fc00000.
  (func $f16x4 (param $h v128) (result v128)
    (local $em v128)
    (local.set $em (v128.and (local.get $h) (v128.const i32x4 0x7fff 0x7fff 0x7fff 0x7fff)))
    (v128.bitselect
      (v128.const i32x4 0x7fc00000 0x7fc00000 0x7fc00000 0x7fc00000)
      (v128.or
        (v128.bitselect
          (v128.const i32x4 0x7f800000 0x7f800000 0x7f800000 0x7f800000)
          (v128.bitselect
            (f32x4.mul (f32x4.convert_i32x4_s (local.get $em)) (v128.const f32x4 0x1p-24 0x1p-24 0x1p-24 0x1p-24))
            (i32x4.add (i32x4.shl (local.get $em) (i32.const 13)) (v128.const i32x4 0x38000000 0x38000000 0x38000000 0x38000000))
            (i32x4.lt_s (local.get $em) (v128.const i32x4 0x400 0x400 0x400 0x400)))
          (i32x4.eq (local.get $em) (v128.const i32x4 0x7c00 0x7c00 0x7c00 0x7c00)))
        (i32x4.shl (v128.and (local.get $h) (v128.const i32x4 0x8000 0x8000 0x8000 0x8000)) (i32.const 16)))
      (i32x4.gt_s (local.get $em) (v128.const i32x4 0x7c00 0x7c00 0x7c00 0x7c00))))

  ;; One loop for the three bulk jobs, so the rotation field decode exists once (a call per
  ;; step would cost measurably: V8 does not inline WebAssembly functions, which is also why the
  ;; 4x4 transposed stores are written out in place: as a function they took a sixth of mode 0's
  ;; time and a quarter of mode 1's). Lane k of every
  ;; vector below belongs to record k of the current group of four.
  ;; mode 0: decodes `n` 16-byte records at `in` into 10 f32 each (qx qy qz qw, px py pz,
  ;;   sx sy sz) at `out`; mode 1: into row-major 3x4 bone matrices [R(q) diag(s) | t] (12 f32
  ;;   each). Both round `n` up to whole groups (the loader reads only the first `n` results)
  ;;   and return 0.
  ;; mode 2: content lint. `n` must be a multiple of 4 (the loader pads with a good record).
  ;;   Writes, as u32 at `out`, the index of the first record of every group of four holding a
  ;;   suspect record, and returns how many; the caller re-checks those records one by one
  ;;   (clipLint.ts reportRecord). Suspect: a position or scale half with exponent 31 (infinite
  ;;   or NaN), a scale half of magnitude 0, or a rotation word whose three fields square-sum
  ;;   above 1, tested exactly as the reference: ((1 - a*a) - b*b) < c*c in f32 steps.
  ;; The halves (modes 0 and 1) are converted 24 at a time: the group's words 1, 2 and 3
  ;; transposed into $p (px | py << 16 of each record), $q (pz | sx << 16) and $s (sy | sz << 16),
  ;; all eight u16 lanes of each at once. For a normal half the f32 bits are, high 16,
  ;; sign | ((h & 0x7fff) >> 3) + 0x3800 (the exponent rebiased by 112), low 16, (h & 7) << 13;
  ;; zero keeps just its sign. A group with a subnormal, infinite or NaN half (rare) converts
  ;; its halves through $f16x4 instead.
  (func (export "run") (param $in i32) (param $n i32) (param $out i32) (param $mode i32) (result i32)
    (local $end i32) (local $rot v128) (local $idx v128)
    (local $a v128) (local $b v128) (local $c v128) (local $d v128)
    (local $x v128) (local $y v128) (local $z v128) (local $w v128)
    (local $sx v128) (local $sy v128) (local $sz v128) (local $px v128) (local $py v128) (local $pz v128)
    (local $xx v128) (local $yy v128) (local $zz v128) (local $xy v128) (local $xz v128)
    (local $yz v128) (local $wx v128) (local $wy v128) (local $wz v128) (local $t v128) (local $u v128)
    (local $m0 v128) (local $m1 v128) (local $m2 v128) (local $m4 v128) (local $m5 v128)
    (local $m6 v128) (local $m8 v128) (local $m9 v128) (local $m10 v128)
    (local $r0 v128) (local $r1 v128) (local $r2 v128) (local $r3 v128)
    (local $p v128) (local $q v128) (local $s v128) (local $ep v128) (local $eq v128) (local $es v128)
    (local $hp v128) (local $hq v128) (local $hs v128) (local $lp v128) (local $lq v128) (local $ls v128)
    (local $k0 v128) (local $k1 v128) (local $k2 v128) (local $k3 v128)
    (local $first i32) (local $count i32) (local $e0 v128) (local $e1 v128) (local $e2 v128) (local $e3 v128)
    (local.set $n (i32.and (i32.add (local.get $n) (i32.const 3)) (i32.const -4)))
    (if (i32.eqz (local.get $n)) (then (return (i32.const 0))))
    (local.set $end (i32.add (local.get $in) (i32.shl (local.get $n) (i32.const 4))))
    (loop $group
      (local.set $r0 (v128.load (local.get $in)))
      (local.set $r1 (v128.load offset=16 (local.get $in)))
      (local.set $r2 (v128.load offset=32 (local.get $in)))
      (local.set $r3 (v128.load offset=48 (local.get $in)))
      ;; 4x4 transpose of the u32 words: $rot, $p, $q, $s hold words 0, 1, 2, 3 of records 0..3.
      (local.set $t (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $r0) (local.get $r1)))
      (local.set $u (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $r2) (local.get $r3)))
      (local.set $rot (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t) (local.get $u)))
      (local.set $p (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $t) (local.get $u)))
      (local.set $t (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $r0) (local.get $r1)))
      (local.set $u (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $r2) (local.get $r3)))
      (local.set $q (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t) (local.get $u)))
      (local.set $s (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $t) (local.get $u)))
      ;; Smallest-three: [31:22] a, [21:12] b, [11:2] c, [1:0] dropped index.
      (local.set $idx (v128.and (local.get $rot) (v128.const i32x4 3 3 3 3)))
      ;; Field value v = (q * f32(1/511.5) - 1) * f32(1/SQRT_2).
      (local.set $a (f32x4.convert_i32x4_s (i32x4.shr_u (local.get $rot) (i32.const 22))))
      (local.set $b (f32x4.convert_i32x4_s (v128.and (i32x4.shr_u (local.get $rot) (i32.const 12)) (v128.const i32x4 0x3ff 0x3ff 0x3ff 0x3ff))))
      (local.set $c (f32x4.convert_i32x4_s (v128.and (i32x4.shr_u (local.get $rot) (i32.const 2)) (v128.const i32x4 0x3ff 0x3ff 0x3ff 0x3ff))))
      (local.set $t (v128.const f32x4 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9))
      (local.set $d (v128.const f32x4 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1))
      (local.set $a (f32x4.mul (f32x4.sub (f32x4.mul (local.get $a) (local.get $t)) (v128.const f32x4 1 1 1 1)) (local.get $d)))
      (local.set $b (f32x4.mul (f32x4.sub (f32x4.mul (local.get $b) (local.get $t)) (v128.const f32x4 1 1 1 1)) (local.get $d)))
      (local.set $c (f32x4.mul (f32x4.sub (f32x4.mul (local.get $c) (local.get $t)) (v128.const f32x4 1 1 1 1)) (local.get $d)))
      (if (i32.eq (local.get $mode) (i32.const 2))
        (then
          ;; u16 lanes 2..7 are px py pz sx sy sz: magnitudes of the four records, then their
          ;; maximum (exponent 31 when above 0x7bff) and minimum (a zero scale when 0).
          (local.set $e0 (v128.and (local.get $r0) (v128.const i16x8 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff)))
          (local.set $e1 (v128.and (local.get $r1) (v128.const i16x8 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff)))
          (local.set $e2 (v128.and (local.get $r2) (v128.const i16x8 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff)))
          (local.set $e3 (v128.and (local.get $r3) (v128.const i16x8 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff)))
          (if (v128.any_true (v128.or (v128.or
                (v128.and (v128.const i16x8 0 0 -1 -1 -1 -1 -1 -1)
                  (i16x8.gt_u (i16x8.max_u (i16x8.max_u (local.get $e0) (local.get $e1)) (i16x8.max_u (local.get $e2) (local.get $e3)))
                    (v128.const i16x8 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff)))
                (v128.and (v128.const i16x8 0 0 0 0 0 -1 -1 -1)
                  (i16x8.eq (i16x8.min_u (i16x8.min_u (local.get $e0) (local.get $e1)) (i16x8.min_u (local.get $e2) (local.get $e3)))
                    (v128.const i16x8 0 0 0 0 0 0 0 0))))
                (f32x4.lt
                  (f32x4.sub (f32x4.sub (v128.const f32x4 1 1 1 1) (f32x4.mul (local.get $a) (local.get $a))) (f32x4.mul (local.get $b) (local.get $b)))
                  (f32x4.mul (local.get $c) (local.get $c)))))
            (then
              (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2))) (local.get $first))
              (local.set $count (i32.add (local.get $count) (i32.const 1)))))
          (local.set $first (i32.add (local.get $first) (i32.const 4)))
          (local.set $in (i32.add (local.get $in) (i32.const 64)))
          (br_if $group (i32.lt_u (local.get $in) (local.get $end)))
          (return (local.get $count))))
      ;; Dropped component: sqrt(max(0, ((1 - a*a) - b*b) - c*c)), not renormalised; the mask
      ;; (d > 0) keeps d or gives +0, as the reference's `d > 0 ? d : 0`.
      (local.set $d (f32x4.sub (f32x4.sub (f32x4.sub (v128.const f32x4 1 1 1 1) (f32x4.mul (local.get $a) (local.get $a)))
        (f32x4.mul (local.get $b) (local.get $b))) (f32x4.mul (local.get $c) (local.get $c))))
      (local.set $d (f32x4.sqrt (v128.and (local.get $d) (f32x4.gt (local.get $d) (v128.const f32x4 0 0 0 0)))))
      ;; Place per lane: idx 0 (d a b c), 1 (a d b c), 2 (a b d c), 3 (a b c d).
      (local.set $x (v128.bitselect (local.get $d) (local.get $a) (i32x4.eq (local.get $idx) (v128.const i32x4 0 0 0 0))))
      (local.set $y (v128.bitselect (local.get $a)
        (v128.bitselect (local.get $d) (local.get $b) (i32x4.eq (local.get $idx) (v128.const i32x4 1 1 1 1)))
        (i32x4.eq (local.get $idx) (v128.const i32x4 0 0 0 0))))
      (local.set $z (v128.bitselect (local.get $c)
        (v128.bitselect (local.get $d) (local.get $b) (i32x4.eq (local.get $idx) (v128.const i32x4 2 2 2 2)))
        (i32x4.eq (local.get $idx) (v128.const i32x4 3 3 3 3))))
      (local.set $w (v128.bitselect (local.get $d) (local.get $c) (i32x4.eq (local.get $idx) (v128.const i32x4 3 3 3 3))))
      ;; The halves: magnitudes, then a subnormal (1..0x3ff) or exponent-31 (> 0x7bff) lane in any.
      (local.set $ep (v128.and (local.get $p) (v128.const i16x8 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff)))
      (local.set $eq (v128.and (local.get $q) (v128.const i16x8 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff)))
      (local.set $es (v128.and (local.get $s) (v128.const i16x8 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff)))
      (if (v128.any_true (v128.or
            (i16x8.lt_u
              (i16x8.min_u (i16x8.min_u
                (i16x8.sub (local.get $ep) (v128.const i16x8 1 1 1 1 1 1 1 1))
                (i16x8.sub (local.get $eq) (v128.const i16x8 1 1 1 1 1 1 1 1)))
                (i16x8.sub (local.get $es) (v128.const i16x8 1 1 1 1 1 1 1 1)))
              (v128.const i16x8 0x3ff 0x3ff 0x3ff 0x3ff 0x3ff 0x3ff 0x3ff 0x3ff))
            (i16x8.gt_u
              (i16x8.max_u (i16x8.max_u (local.get $ep) (local.get $eq)) (local.get $es))
              (v128.const i16x8 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff))))
        (then
          ;; Exact per-lane conversion: even u16 lanes (px, pz, sy) and odd ones (py, sx, sz) of
          ;; each record, as i32 lanes, through $f16x4.
          (local.set $px (call $f16x4 (v128.and (local.get $p) (v128.const i32x4 0xffff 0xffff 0xffff 0xffff))))
          (local.set $py (call $f16x4 (i32x4.shr_u (local.get $p) (i32.const 16))))
          (local.set $pz (call $f16x4 (v128.and (local.get $q) (v128.const i32x4 0xffff 0xffff 0xffff 0xffff))))
          (local.set $sx (call $f16x4 (i32x4.shr_u (local.get $q) (i32.const 16))))
          (local.set $sy (call $f16x4 (v128.and (local.get $s) (v128.const i32x4 0xffff 0xffff 0xffff 0xffff))))
          (local.set $sz (call $f16x4 (i32x4.shr_u (local.get $s) (i32.const 16)))))
        (else
          ;; High and low 16 bits of each half's f32, then even lanes to one vector, odd to another.
          (local.set $hp (v128.or
            (v128.andnot
              (i16x8.add (i16x8.shr_u (local.get $ep) (i32.const 3)) (v128.const i16x8 0x3800 0x3800 0x3800 0x3800 0x3800 0x3800 0x3800 0x3800))
              (i16x8.eq (local.get $ep) (v128.const i16x8 0 0 0 0 0 0 0 0)))
            (v128.and (local.get $p) (v128.const i16x8 0x8000 0x8000 0x8000 0x8000 0x8000 0x8000 0x8000 0x8000))))
          (local.set $hq (v128.or
            (v128.andnot
              (i16x8.add (i16x8.shr_u (local.get $eq) (i32.const 3)) (v128.const i16x8 0x3800 0x3800 0x3800 0x3800 0x3800 0x3800 0x3800 0x3800))
              (i16x8.eq (local.get $eq) (v128.const i16x8 0 0 0 0 0 0 0 0)))
            (v128.and (local.get $q) (v128.const i16x8 0x8000 0x8000 0x8000 0x8000 0x8000 0x8000 0x8000 0x8000))))
          (local.set $hs (v128.or
            (v128.andnot
              (i16x8.add (i16x8.shr_u (local.get $es) (i32.const 3)) (v128.const i16x8 0x3800 0x3800 0x3800 0x3800 0x3800 0x3800 0x3800 0x3800))
              (i16x8.eq (local.get $es) (v128.const i16x8 0 0 0 0 0 0 0 0)))
            (v128.and (local.get $s) (v128.const i16x8 0x8000 0x8000 0x8000 0x8000 0x8000 0x8000 0x8000 0x8000))))
          (local.set $lp (i16x8.shl (local.get $p) (i32.const 13)))
          (local.set $lq (i16x8.shl (local.get $q) (i32.const 13)))
          (local.set $ls (i16x8.shl (local.get $s) (i32.const 13)))
          (local.set $px (i8x16.shuffle 0 1 16 17 4 5 20 21 8 9 24 25 12 13 28 29 (local.get $lp) (local.get $hp)))
          (local.set $py (i8x16.shuffle 2 3 18 19 6 7 22 23 10 11 26 27 14 15 30 31 (local.get $lp) (local.get $hp)))
          (local.set $pz (i8x16.shuffle 0 1 16 17 4 5 20 21 8 9 24 25 12 13 28 29 (local.get $lq) (local.get $hq)))
          (local.set $sx (i8x16.shuffle 2 3 18 19 6 7 22 23 10 11 26 27 14 15 30 31 (local.get $lq) (local.get $hq)))
          (local.set $sy (i8x16.shuffle 0 1 16 17 4 5 20 21 8 9 24 25 12 13 28 29 (local.get $ls) (local.get $hs)))
          (local.set $sz (i8x16.shuffle 2 3 18 19 6 7 22 23 10 11 26 27 14 15 30 31 (local.get $ls) (local.get $hs)))))
      (if (local.get $mode)
        (then
          (local.set $xx (f32x4.mul (local.get $x) (local.get $x)))
          (local.set $yy (f32x4.mul (local.get $y) (local.get $y)))
          (local.set $zz (f32x4.mul (local.get $z) (local.get $z)))
          (local.set $xy (f32x4.mul (local.get $x) (local.get $y)))
          (local.set $xz (f32x4.mul (local.get $x) (local.get $z)))
          (local.set $yz (f32x4.mul (local.get $y) (local.get $z)))
          (local.set $wx (f32x4.mul (local.get $w) (local.get $x)))
          (local.set $wy (f32x4.mul (local.get $w) (local.get $y)))
          (local.set $wz (f32x4.mul (local.get $w) (local.get $z)))
          ;; Doubling (t + t) is exact, as the reference's 2 * t.
          (local.set $t (f32x4.add (local.get $yy) (local.get $zz)))
          (local.set $m0 (f32x4.mul (f32x4.sub (v128.const f32x4 1 1 1 1) (f32x4.add (local.get $t) (local.get $t))) (local.get $sx)))
          (local.set $t (f32x4.sub (local.get $xy) (local.get $wz)))
          (local.set $m1 (f32x4.mul (f32x4.add (local.get $t) (local.get $t)) (local.get $sy)))
          (local.set $t (f32x4.add (local.get $xz) (local.get $wy)))
          (local.set $m2 (f32x4.mul (f32x4.add (local.get $t) (local.get $t)) (local.get $sz)))
          (local.set $t (f32x4.add (local.get $xy) (local.get $wz)))
          (local.set $m4 (f32x4.mul (f32x4.add (local.get $t) (local.get $t)) (local.get $sx)))
          (local.set $t (f32x4.add (local.get $xx) (local.get $zz)))
          (local.set $m5 (f32x4.mul (f32x4.sub (v128.const f32x4 1 1 1 1) (f32x4.add (local.get $t) (local.get $t))) (local.get $sy)))
          (local.set $t (f32x4.sub (local.get $yz) (local.get $wx)))
          (local.set $m6 (f32x4.mul (f32x4.add (local.get $t) (local.get $t)) (local.get $sz)))
          (local.set $t (f32x4.sub (local.get $xz) (local.get $wy)))
          (local.set $m8 (f32x4.mul (f32x4.add (local.get $t) (local.get $t)) (local.get $sx)))
          (local.set $t (f32x4.add (local.get $yz) (local.get $wx)))
          (local.set $m9 (f32x4.mul (f32x4.add (local.get $t) (local.get $t)) (local.get $sy)))
          (local.set $t (f32x4.add (local.get $xx) (local.get $yy)))
          (local.set $m10 (f32x4.mul (f32x4.sub (v128.const f32x4 1 1 1 1) (f32x4.add (local.get $t) (local.get $t))) (local.get $sz)))
          ;; Rows of the four matrices, each a 4x4 transpose: lane k of (m0, m1, m2, px) is row 0 of
          ;; record k; the translation column is px, py, pz.
          (local.set $k0 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $m0) (local.get $m1)))
          (local.set $k1 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $m0) (local.get $m1)))
          (local.set $k2 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $m2) (local.get $px)))
          (local.set $k3 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $m2) (local.get $px)))
          (v128.store offset=0 (local.get $out) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $k0) (local.get $k2)))
          (v128.store offset=48 (local.get $out) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $k0) (local.get $k2)))
          (v128.store offset=96 (local.get $out) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $k1) (local.get $k3)))
          (v128.store offset=144 (local.get $out) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $k1) (local.get $k3)))
          (local.set $k0 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $m4) (local.get $m5)))
          (local.set $k1 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $m4) (local.get $m5)))
          (local.set $k2 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $m6) (local.get $py)))
          (local.set $k3 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $m6) (local.get $py)))
          (v128.store offset=16 (local.get $out) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $k0) (local.get $k2)))
          (v128.store offset=64 (local.get $out) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $k0) (local.get $k2)))
          (v128.store offset=112 (local.get $out) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $k1) (local.get $k3)))
          (v128.store offset=160 (local.get $out) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $k1) (local.get $k3)))
          (local.set $k0 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $m8) (local.get $m9)))
          (local.set $k1 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $m8) (local.get $m9)))
          (local.set $k2 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $m10) (local.get $pz)))
          (local.set $k3 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $m10) (local.get $pz)))
          (v128.store offset=32 (local.get $out) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $k0) (local.get $k2)))
          (v128.store offset=80 (local.get $out) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $k0) (local.get $k2)))
          (v128.store offset=128 (local.get $out) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $k1) (local.get $k3)))
          (v128.store offset=176 (local.get $out) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $k1) (local.get $k3)))
          (local.set $out (i32.add (local.get $out) (i32.const 192))))
        (else
          ;; Floats 0..3 and 4..7 of each record as 4x4 transposes; 8 and 9 (sy, sz) as 64-bit lanes.
          (local.set $k0 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $x) (local.get $y)))
          (local.set $k1 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $x) (local.get $y)))
          (local.set $k2 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $z) (local.get $w)))
          (local.set $k3 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $z) (local.get $w)))
          (v128.store offset=0 (local.get $out) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $k0) (local.get $k2)))
          (v128.store offset=40 (local.get $out) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $k0) (local.get $k2)))
          (v128.store offset=80 (local.get $out) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $k1) (local.get $k3)))
          (v128.store offset=120 (local.get $out) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $k1) (local.get $k3)))
          (local.set $k0 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $px) (local.get $py)))
          (local.set $k1 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $px) (local.get $py)))
          (local.set $k2 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $pz) (local.get $sx)))
          (local.set $k3 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $pz) (local.get $sx)))
          (v128.store offset=16 (local.get $out) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $k0) (local.get $k2)))
          (v128.store offset=56 (local.get $out) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $k0) (local.get $k2)))
          (v128.store offset=96 (local.get $out) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $k1) (local.get $k3)))
          (v128.store offset=136 (local.get $out) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $k1) (local.get $k3)))
          (local.set $t (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $sy) (local.get $sz)))
          (local.set $u (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $sy) (local.get $sz)))
          (v128.store64_lane offset=32 0 (local.get $out) (local.get $t))
          (v128.store64_lane offset=72 1 (local.get $out) (local.get $t))
          (v128.store64_lane offset=112 0 (local.get $out) (local.get $u))
          (v128.store64_lane offset=152 1 (local.get $out) (local.get $u))
          (local.set $out (i32.add (local.get $out) (i32.const 160)))))
      (local.set $in (i32.add (local.get $in) (i32.const 64)))
      (br_if $group (i32.lt_u (local.get $in) (local.get $end))))
    (i32.const 0))
)
