;; Bulk clip kernels in native f32 arithmetic, four records per step in f32x4 lanes. Every f32
;; instruction (scalar or per lane) is IEEE correctly rounded, so each step equals the TypeScript
;; reference's `Math.fround` after every operation; the tests compare them bit for bit.
;; Assembled by scripts/build-wasm.mjs into clipKernels.generated.ts. The loader
;; (formats/wasm/clipKernels.ts) copies a block of records in and the floats out, at offsets it
;; chooses at or above 64 (below lie the placement patterns), and reads only the first `n`
;; results (a block is rounded up to whole groups of 4).
;;
;; A half h becomes an f32 through its bits sign | (h & 0x7fff) << 13 (h at the top of an i32 lane
;; shifted right arithmetically by 3, masked with 0x8fffe000; or its high and low 16 bits built in
;; 16-bit lanes): read as an f32 that is exactly h's value times 2^-112 for every finite half,
;; normal or subnormal, zeros keeping their sign, so one multiply by 2^112 (exact) gives the
;; value. Exponent 31 (infinite or NaN) is the exception, fixed up where a block or group has one.
(module
  (memory (export "memory") 6)
  ;; At 0: per dropped index 0..3, the byte pattern that turns a record's (d, a, b, c) into
  ;; (x, y, z, w): idx 0 (d a b c), 1 (a d b c), 2 (a b d c), 3 (a b c d).
  (data (i32.const 0)
    "\00\01\02\03\04\05\06\07\08\09\0a\0b\0c\0d\0e\0f"
    "\04\05\06\07\00\01\02\03\08\09\0a\0b\0c\0d\0e\0f"
    "\04\05\06\07\08\09\0a\0b\00\01\02\03\0c\0d\0e\0f"
    "\04\05\06\07\08\09\0a\0b\0c\0d\0e\0f\00\01\02\03")

  ;; The f32 of the half bits $b (see above) exactly, exponent 31 included: infinity keeps its
  ;; sign (the bits with 0x70000000 set), every NaN becomes 0x7fc00000, as f16ToF32 through a
  ;; Float32Array gives.
  (func $exactHalves (param $b v128) (result v128)
    (local $m v128)
    (local.set $m (v128.and (local.get $b) (v128.const i32x4 0x0fffe000 0x0fffe000 0x0fffe000 0x0fffe000)))
    (v128.bitselect (v128.const i32x4 0x7fc00000 0x7fc00000 0x7fc00000 0x7fc00000)
      (v128.bitselect (v128.or (local.get $b) (v128.const i32x4 0x70000000 0x70000000 0x70000000 0x70000000))
        (f32x4.mul (local.get $b) (v128.const f32x4 0x1p112 0x1p112 0x1p112 0x1p112))
        (i32x4.gt_s (local.get $m) (v128.const i32x4 0x0f7fffff 0x0f7fffff 0x0f7fffff 0x0f7fffff)))
      (i32x4.gt_s (local.get $m) (v128.const i32x4 0x0f800000 0x0f800000 0x0f800000 0x0f800000))))

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
  ;; Mode 0 has a loop of its own with no branch in it: V8 kept values live across a branch in
  ;; memory, and the transforms need no lanes for their halves. Modes 1 and 2 share one loop, so
  ;; the rotation field decode is written twice, not three times. V8 does not inline WebAssembly
  ;; functions, so the steps are written out in place (the 4x4 transposed stores as a function
  ;; took a sixth of the transforms' time and a quarter of the matrices').
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
    (local $p v128) (local $q v128) (local $s v128) (local $ep v128)
    (local $hp v128) (local $hq v128) (local $hs v128) (local $lp v128) (local $lq v128) (local $ls v128)
    (local $k0 v128) (local $k1 v128) (local $k2 v128) (local $k3 v128)
    (local $first i32) (local $count i32) (local $e0 v128) (local $e1 v128) (local $e2 v128) (local $e3 v128)
    (local $k7fff v128) (local $kbits v128) (local $khi v128) (local $k112 v128) (local $k3ff v128)
    (local $kfield v128) (local $kone v128) (local $krs2 v128) (local $at i32) (local $acc v128)
    (local $krot v128) (local $khirot v128)
    (local.set $n (i32.and (i32.add (local.get $n) (i32.const 3)) (i32.const -4)))
    (if (i32.eqz (local.get $n)) (then (return (i32.const 0))))
    (local.set $end (i32.add (local.get $in) (i32.shl (local.get $n) (i32.const 4))))
    ;; Constants held in locals: V8 builds a v128.const in the loop anew each time it is used.
    (local.set $k7fff (v128.const i16x8 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff 0x7fff))
    (local.set $kbits (v128.const i32x4 0x8fffe000 0x8fffe000 0x8fffe000 0x8fffe000))
    (local.set $khi (v128.const i16x8 0x8fff 0x8fff 0x8fff 0x8fff 0x8fff 0x8fff 0x8fff 0x8fff))
    (local.set $k112 (v128.const f32x4 0x1p112 0x1p112 0x1p112 0x1p112))
    (local.set $k3ff (v128.const i32x4 0x3ff 0x3ff 0x3ff 0x3ff))
    ;; Mode 0 zeroes the rotation word's two u16 lanes before the multiply: their floats are
    ;; overwritten anyway, but read as halves about one random word in sixteen is subnormal, and an
    ;; f32 multiply with a subnormal input takes a slow microcode path on Intel cores (not on the
    ;; AMD cores measured): with those lanes the transforms' kernel took nearly twice as long on a Xeon.
    (local.set $krot (v128.const i16x8 0 0 -1 -1 -1 -1 -1 -1))
    (local.set $khirot (v128.const i16x8 0 0 0x8fff 0x8fff 0x8fff 0x8fff 0x8fff 0x8fff))
    (local.set $kfield (v128.const f32x4 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9 0x1.00401p-9))
    (local.set $kone (v128.const f32x4 1 1 1 1))
    (local.set $krs2 (v128.const f32x4 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1 0x1.6a09e6p-1))
    ;; Mode 0: a record's halves are converted where they lie in its 16 bytes, the rotation in
    ;; lanes. $acc keeps the largest doubled magnitude of every u16 lane (sign dropped).
    (if (i32.eqz (local.get $mode))
      (then
        (local.set $at (local.get $in))
        (local.set $first (local.get $out))
        (loop $fast
          (local.set $r0 (v128.load (local.get $at)))
          (local.set $r1 (v128.load offset=16 (local.get $at)))
          (local.set $r2 (v128.load offset=32 (local.get $at)))
          (local.set $r3 (v128.load offset=48 (local.get $at)))
          (local.set $acc (i16x8.max_u (local.get $acc) (i16x8.max_u
            (i16x8.max_u (i16x8.shl (local.get $r0) (i32.const 1)) (i16x8.shl (local.get $r1) (i32.const 1)))
            (i16x8.max_u (i16x8.shl (local.get $r2) (i32.const 1)) (i16x8.shl (local.get $r3) (i32.const 1))))))
          ;; Record k's halves in 16-bit lanes: the high (h >> 3 arithmetic, masked) and low (h << 13)
          ;; 16 bits of each half's bits, interleaved to (rotation word, px, py) and (pz, sx, sy, sz),
          ;; stored at floats 2 and 6 (the rotation's floats 2 and 3 are written after).
          (local.set $t (v128.and (i16x8.shl (local.get $r0) (i32.const 13)) (local.get $krot)))
          (local.set $u (v128.and (i16x8.shr_s (local.get $r0) (i32.const 3)) (local.get $khirot)))
          (v128.store offset=8 (local.get $out) (f32x4.mul (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $t) (local.get $u)) (local.get $k112)))
          (v128.store offset=24 (local.get $out) (f32x4.mul (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $t) (local.get $u)) (local.get $k112)))
          (local.set $t (v128.and (i16x8.shl (local.get $r1) (i32.const 13)) (local.get $krot)))
          (local.set $u (v128.and (i16x8.shr_s (local.get $r1) (i32.const 3)) (local.get $khirot)))
          (v128.store offset=48 (local.get $out) (f32x4.mul (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $t) (local.get $u)) (local.get $k112)))
          (v128.store offset=64 (local.get $out) (f32x4.mul (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $t) (local.get $u)) (local.get $k112)))
          (local.set $t (v128.and (i16x8.shl (local.get $r2) (i32.const 13)) (local.get $krot)))
          (local.set $u (v128.and (i16x8.shr_s (local.get $r2) (i32.const 3)) (local.get $khirot)))
          (v128.store offset=88 (local.get $out) (f32x4.mul (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $t) (local.get $u)) (local.get $k112)))
          (v128.store offset=104 (local.get $out) (f32x4.mul (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $t) (local.get $u)) (local.get $k112)))
          (local.set $t (v128.and (i16x8.shl (local.get $r3) (i32.const 13)) (local.get $krot)))
          (local.set $u (v128.and (i16x8.shr_s (local.get $r3) (i32.const 3)) (local.get $khirot)))
          (v128.store offset=128 (local.get $out) (f32x4.mul (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $t) (local.get $u)) (local.get $k112)))
          (v128.store offset=144 (local.get $out) (f32x4.mul (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $t) (local.get $u)) (local.get $k112)))
          (local.set $t (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $r0) (local.get $r1)))
          (local.set $u (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $r2) (local.get $r3)))
          (local.set $rot (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t) (local.get $u)))
          ;; Smallest-three: [31:22] a, [21:12] b, [11:2] c, [1:0] dropped index; each field
          ;; (q * f32(1/511.5) - 1) * f32(1/SQRT_2); the dropped component as in the loop below.
          (local.set $a (f32x4.convert_i32x4_s (i32x4.shr_u (local.get $rot) (i32.const 22))))
          (local.set $b (f32x4.convert_i32x4_s (v128.and (i32x4.shr_u (local.get $rot) (i32.const 12)) (local.get $k3ff))))
          (local.set $c (f32x4.convert_i32x4_s (v128.and (i32x4.shr_u (local.get $rot) (i32.const 2)) (local.get $k3ff))))
          (local.set $a (f32x4.mul (f32x4.sub (f32x4.mul (local.get $a) (local.get $kfield)) (local.get $kone)) (local.get $krs2)))
          (local.set $b (f32x4.mul (f32x4.sub (f32x4.mul (local.get $b) (local.get $kfield)) (local.get $kone)) (local.get $krs2)))
          (local.set $c (f32x4.mul (f32x4.sub (f32x4.mul (local.get $c) (local.get $kfield)) (local.get $kone)) (local.get $krs2)))
          (local.set $d (f32x4.sqrt (i32x4.max_s (v128.const i32x4 0 0 0 0)
            (f32x4.sub (f32x4.sub (f32x4.sub (local.get $kone) (f32x4.mul (local.get $a) (local.get $a)))
              (f32x4.mul (local.get $b) (local.get $b))) (f32x4.mul (local.get $c) (local.get $c))))))
          ;; Each record's (d, a, b, c), put in place by its dropped index's byte pattern.
          (local.set $k0 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $d) (local.get $a)))
          (local.set $k1 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $d) (local.get $a)))
          (local.set $k2 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $b) (local.get $c)))
          (local.set $k3 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $b) (local.get $c)))
          (v128.store offset=0 (local.get $out) (i8x16.swizzle (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $k0) (local.get $k2))
            (v128.load (i32.shl (i32.and (i32.load8_u (local.get $at)) (i32.const 3)) (i32.const 4)))))
          (v128.store offset=40 (local.get $out) (i8x16.swizzle (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $k0) (local.get $k2))
            (v128.load (i32.shl (i32.and (i32.load8_u offset=16 (local.get $at)) (i32.const 3)) (i32.const 4)))))
          (v128.store offset=80 (local.get $out) (i8x16.swizzle (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $k1) (local.get $k3))
            (v128.load (i32.shl (i32.and (i32.load8_u offset=32 (local.get $at)) (i32.const 3)) (i32.const 4)))))
          (v128.store offset=120 (local.get $out) (i8x16.swizzle (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $k1) (local.get $k3))
            (v128.load (i32.shl (i32.and (i32.load8_u offset=48 (local.get $at)) (i32.const 3)) (i32.const 4)))))
          (local.set $out (i32.add (local.get $out) (i32.const 160)))
          (local.set $at (i32.add (local.get $at) (i32.const 64)))
          (br_if $fast (i32.lt_u (local.get $at) (local.get $end))))
        ;; Doubled magnitudes above 0xf7ff: exponent 31 (lanes 0 and 1 hold rotation words).
        (if (i32.eqz (v128.any_true (i16x8.gt_u (local.get $acc) (v128.const i16x8 -1 -1 0xf7ff 0xf7ff 0xf7ff 0xf7ff 0xf7ff 0xf7ff))))
          (then (return (i32.const 0))))
        ;; A block with an infinite or NaN half: every record's halves again, exactly.
        (loop $exact
          (local.set $t (i16x8.shl (v128.load (local.get $in)) (i32.const 13)))
          (local.set $u (v128.and (i16x8.shr_s (v128.load (local.get $in)) (i32.const 3)) (local.get $khi)))
          (v128.store64_lane offset=16 1 (local.get $first)
            (call $exactHalves (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $t) (local.get $u))))
          (v128.store offset=24 (local.get $first)
            (call $exactHalves (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $t) (local.get $u))))
          (local.set $first (i32.add (local.get $first) (i32.const 40)))
          (local.set $in (i32.add (local.get $in) (i32.const 16)))
          (br_if $exact (i32.lt_u (local.get $in) (local.get $end))))
        (return (i32.const 0))))
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
      (local.set $b (f32x4.convert_i32x4_s (v128.and (i32x4.shr_u (local.get $rot) (i32.const 12)) (local.get $k3ff))))
      (local.set $c (f32x4.convert_i32x4_s (v128.and (i32x4.shr_u (local.get $rot) (i32.const 2)) (local.get $k3ff))))
      (local.set $a (f32x4.mul (f32x4.sub (f32x4.mul (local.get $a) (local.get $kfield)) (local.get $kone)) (local.get $krs2)))
      (local.set $b (f32x4.mul (f32x4.sub (f32x4.mul (local.get $b) (local.get $kfield)) (local.get $kone)) (local.get $krs2)))
      (local.set $c (f32x4.mul (f32x4.sub (f32x4.mul (local.get $c) (local.get $kfield)) (local.get $kone)) (local.get $krs2)))
      (if (i32.eq (local.get $mode) (i32.const 2))
        (then
          ;; u16 lanes 2..7 are px py pz sx sy sz: magnitudes of the four records, then their
          ;; maximum (exponent 31 when above 0x7bff) and minimum (a zero scale when 0).
          (local.set $e0 (v128.and (local.get $r0) (local.get $k7fff)))
          (local.set $e1 (v128.and (local.get $r1) (local.get $k7fff)))
          (local.set $e2 (v128.and (local.get $r2) (local.get $k7fff)))
          (local.set $e3 (v128.and (local.get $r3) (local.get $k7fff)))
          (if (v128.any_true (v128.or (v128.or
                (v128.and (v128.const i16x8 0 0 -1 -1 -1 -1 -1 -1)
                  (i16x8.gt_u (i16x8.max_u (i16x8.max_u (local.get $e0) (local.get $e1)) (i16x8.max_u (local.get $e2) (local.get $e3)))
                    (v128.const i16x8 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff)))
                (v128.and (v128.const i16x8 0 0 0 0 0 -1 -1 -1)
                  (i16x8.eq (i16x8.min_u (i16x8.min_u (local.get $e0) (local.get $e1)) (i16x8.min_u (local.get $e2) (local.get $e3)))
                    (v128.const i16x8 0 0 0 0 0 0 0 0))))
                (f32x4.lt
                  (f32x4.sub (f32x4.sub (local.get $kone) (f32x4.mul (local.get $a) (local.get $a))) (f32x4.mul (local.get $b) (local.get $b)))
                  (f32x4.mul (local.get $c) (local.get $c)))))
            (then
              (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2))) (local.get $first))
              (local.set $count (i32.add (local.get $count) (i32.const 1)))))
          (local.set $first (i32.add (local.get $first) (i32.const 4)))
          (local.set $in (i32.add (local.get $in) (i32.const 64)))
          (br_if $group (i32.lt_u (local.get $in) (local.get $end)))
          (return (local.get $count))))
      ;; Dropped component: sqrt(max(0, ((1 - a*a) - b*b) - c*c)), not renormalised; the reference's
      ;; `d > 0 ? d : 0` as an integer maximum (a negative f32's bits are a negative i32).
      (local.set $d (f32x4.sqrt (i32x4.max_s (v128.const i32x4 0 0 0 0)
        (f32x4.sub (f32x4.sub (f32x4.sub (local.get $kone) (f32x4.mul (local.get $a) (local.get $a)))
          (f32x4.mul (local.get $b) (local.get $b))) (f32x4.mul (local.get $c) (local.get $c))))))
      ;; Place per lane: idx 0 (d a b c), 1 (a d b c), 2 (a b d c), 3 (a b c d).
      (local.set $x (v128.bitselect (local.get $d) (local.get $a) (i32x4.eq (local.get $idx) (v128.const i32x4 0 0 0 0))))
      (local.set $y (v128.bitselect (local.get $a)
        (v128.bitselect (local.get $d) (local.get $b) (i32x4.eq (local.get $idx) (v128.const i32x4 1 1 1 1)))
        (i32x4.eq (local.get $idx) (v128.const i32x4 0 0 0 0))))
      (local.set $z (v128.bitselect (local.get $c)
        (v128.bitselect (local.get $d) (local.get $b) (i32x4.eq (local.get $idx) (v128.const i32x4 2 2 2 2)))
        (i32x4.eq (local.get $idx) (v128.const i32x4 3 3 3 3))))
      (local.set $w (v128.bitselect (local.get $d) (local.get $c) (i32x4.eq (local.get $idx) (v128.const i32x4 3 3 3 3))))
      ;; The halves in lanes (see the note at the top); a group with a magnitude above 0x7bff
      ;; (exponent 31) is fixed up in place, inline: a call here made V8 keep the loop's vectors
      ;; in memory.
      (local.set $ep (i16x8.gt_s
        (i16x8.max_s (i16x8.max_s (v128.and (local.get $p) (local.get $k7fff)) (v128.and (local.get $q) (local.get $k7fff)))
          (v128.and (local.get $s) (local.get $k7fff)))
        (v128.const i16x8 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff 0x7bff)))
      (local.set $hp (v128.and (i32x4.shr_s (i32x4.shl (local.get $p) (i32.const 16)) (i32.const 3)) (local.get $kbits)))
      (local.set $lp (v128.and (i32x4.shr_s (local.get $p) (i32.const 3)) (local.get $kbits)))
      (local.set $hq (v128.and (i32x4.shr_s (i32x4.shl (local.get $q) (i32.const 16)) (i32.const 3)) (local.get $kbits)))
      (local.set $lq (v128.and (i32x4.shr_s (local.get $q) (i32.const 3)) (local.get $kbits)))
      (local.set $hs (v128.and (i32x4.shr_s (i32x4.shl (local.get $s) (i32.const 16)) (i32.const 3)) (local.get $kbits)))
      (local.set $ls (v128.and (i32x4.shr_s (local.get $s) (i32.const 3)) (local.get $kbits)))
      (local.set $px (f32x4.mul (local.get $hp) (local.get $k112)))
      (local.set $py (f32x4.mul (local.get $lp) (local.get $k112)))
      (local.set $pz (f32x4.mul (local.get $hq) (local.get $k112)))
      (local.set $sx (f32x4.mul (local.get $lq) (local.get $k112)))
      (local.set $sy (f32x4.mul (local.get $hs) (local.get $k112)))
      (local.set $sz (f32x4.mul (local.get $ls) (local.get $k112)))
      (if (v128.any_true (local.get $ep))
        (then
          ;; As $exactHalves: $t holds a value's magnitude bits.
          (local.set $e0 (v128.const i32x4 0x0fffe000 0x0fffe000 0x0fffe000 0x0fffe000))
          (local.set $e1 (v128.const i32x4 0x0f7fffff 0x0f7fffff 0x0f7fffff 0x0f7fffff))
          (local.set $e2 (v128.const i32x4 0x70000000 0x70000000 0x70000000 0x70000000))
          (local.set $e3 (v128.const i32x4 0x7fc00000 0x7fc00000 0x7fc00000 0x7fc00000))
          (local.set $t (v128.and (local.get $hp) (local.get $e0)))
          (local.set $px (v128.bitselect (local.get $e3)
            (v128.bitselect (v128.or (local.get $hp) (local.get $e2)) (local.get $px) (i32x4.gt_s (local.get $t) (local.get $e1)))
            (i32x4.gt_s (local.get $t) (v128.const i32x4 0x0f800000 0x0f800000 0x0f800000 0x0f800000))))
          (local.set $t (v128.and (local.get $lp) (local.get $e0)))
          (local.set $py (v128.bitselect (local.get $e3)
            (v128.bitselect (v128.or (local.get $lp) (local.get $e2)) (local.get $py) (i32x4.gt_s (local.get $t) (local.get $e1)))
            (i32x4.gt_s (local.get $t) (v128.const i32x4 0x0f800000 0x0f800000 0x0f800000 0x0f800000))))
          (local.set $t (v128.and (local.get $hq) (local.get $e0)))
          (local.set $pz (v128.bitselect (local.get $e3)
            (v128.bitselect (v128.or (local.get $hq) (local.get $e2)) (local.get $pz) (i32x4.gt_s (local.get $t) (local.get $e1)))
            (i32x4.gt_s (local.get $t) (v128.const i32x4 0x0f800000 0x0f800000 0x0f800000 0x0f800000))))
          (local.set $t (v128.and (local.get $lq) (local.get $e0)))
          (local.set $sx (v128.bitselect (local.get $e3)
            (v128.bitselect (v128.or (local.get $lq) (local.get $e2)) (local.get $sx) (i32x4.gt_s (local.get $t) (local.get $e1)))
            (i32x4.gt_s (local.get $t) (v128.const i32x4 0x0f800000 0x0f800000 0x0f800000 0x0f800000))))
          (local.set $t (v128.and (local.get $hs) (local.get $e0)))
          (local.set $sy (v128.bitselect (local.get $e3)
            (v128.bitselect (v128.or (local.get $hs) (local.get $e2)) (local.get $sy) (i32x4.gt_s (local.get $t) (local.get $e1)))
            (i32x4.gt_s (local.get $t) (v128.const i32x4 0x0f800000 0x0f800000 0x0f800000 0x0f800000))))
          (local.set $t (v128.and (local.get $ls) (local.get $e0)))
          (local.set $sz (v128.bitselect (local.get $e3)
            (v128.bitselect (v128.or (local.get $ls) (local.get $e2)) (local.get $sz) (i32x4.gt_s (local.get $t) (local.get $e1)))
            (i32x4.gt_s (local.get $t) (v128.const i32x4 0x0f800000 0x0f800000 0x0f800000 0x0f800000))))))
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
      (local.set $m0 (f32x4.mul (f32x4.sub (local.get $kone) (f32x4.add (local.get $t) (local.get $t))) (local.get $sx)))
      (local.set $t (f32x4.sub (local.get $xy) (local.get $wz)))
      (local.set $m1 (f32x4.mul (f32x4.add (local.get $t) (local.get $t)) (local.get $sy)))
      (local.set $t (f32x4.add (local.get $xz) (local.get $wy)))
      (local.set $m2 (f32x4.mul (f32x4.add (local.get $t) (local.get $t)) (local.get $sz)))
      (local.set $t (f32x4.add (local.get $xy) (local.get $wz)))
      (local.set $m4 (f32x4.mul (f32x4.add (local.get $t) (local.get $t)) (local.get $sx)))
      (local.set $t (f32x4.add (local.get $xx) (local.get $zz)))
      (local.set $m5 (f32x4.mul (f32x4.sub (local.get $kone) (f32x4.add (local.get $t) (local.get $t))) (local.get $sy)))
      (local.set $t (f32x4.sub (local.get $yz) (local.get $wx)))
      (local.set $m6 (f32x4.mul (f32x4.add (local.get $t) (local.get $t)) (local.get $sz)))
      (local.set $t (f32x4.sub (local.get $xz) (local.get $wy)))
      (local.set $m8 (f32x4.mul (f32x4.add (local.get $t) (local.get $t)) (local.get $sx)))
      (local.set $t (f32x4.add (local.get $yz) (local.get $wx)))
      (local.set $m9 (f32x4.mul (f32x4.add (local.get $t) (local.get $t)) (local.get $sy)))
      (local.set $t (f32x4.add (local.get $xx) (local.get $yy)))
      (local.set $m10 (f32x4.mul (f32x4.sub (local.get $kone) (f32x4.add (local.get $t) (local.get $t))) (local.get $sz)))
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
      (local.set $out (i32.add (local.get $out) (i32.const 192)))
      (local.set $in (i32.add (local.get $in) (i32.const 64)))
      (br_if $group (i32.lt_u (local.get $in) (local.get $end))))
    (i32.const 0))
)
